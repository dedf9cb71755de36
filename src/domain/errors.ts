/**
 * One error type for the whole core, with the contract's stable `type` and `code`.
 * Services throw it; the HTTP layer renders it as `{"error":{type,code,message,param}}`.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

export interface ErrorSpec {
  readonly status: number;
  readonly type: ErrorType;
}

/** Every code the API can answer with, its HTTP status and type. docs/errors.md lists them for integrators. */
export const ERROR_CODES = {
  parameter_invalid: { status: 400, type: 'invalid_request_error' },
  parameter_missing: { status: 400, type: 'invalid_request_error' },
  parameter_unknown: { status: 400, type: 'invalid_request_error' },
  invalid_json: { status: 400, type: 'invalid_request_error' },
  api_key_missing: { status: 401, type: 'authentication_error' },
  api_key_invalid: { status: 401, type: 'authentication_error' },
  merchant_mismatch: { status: 403, type: 'permission_error' },
  livemode_mismatch: { status: 403, type: 'permission_error' },
  role_forbidden: { status: 403, type: 'permission_error' },
  host_not_allowed: { status: 403, type: 'permission_error' },
  origin_not_allowed: { status: 403, type: 'permission_error' },
  resource_missing: { status: 404, type: 'invalid_request_error' },
  route_not_found: { status: 404, type: 'invalid_request_error' },
  invalid_state: { status: 409, type: 'invalid_request_error' },
  amount_too_large: { status: 409, type: 'invalid_request_error' },
  /** A deposit's refund or attribution before it has the network's confirmations (retry once `confirmed`). */
  deposit_unconfirmed: { status: 409, type: 'invalid_request_error' },
  idempotency_key_reused: { status: 409, type: 'idempotency_error' },
  idempotency_key_in_use: { status: 409, type: 'idempotency_error' },
  request_timeout: { status: 408, type: 'invalid_request_error' },
  payload_too_large: { status: 413, type: 'invalid_request_error' },
  content_type_invalid: { status: 415, type: 'invalid_request_error' },
  rate_limited: { status: 429, type: 'rate_limit_error' },
  headers_too_large: { status: 431, type: 'invalid_request_error' },
  internal_error: { status: 500, type: 'api_error' },
  network_unavailable: { status: 503, type: 'api_error' },
  rate_unavailable: { status: 503, type: 'api_error' },
  /** The receipt printer is off, unreachable or took no job (`POST /v1/payment/sessions/{id}/print`): retry. */
  printer_unavailable: { status: 503, type: 'api_error' },
  /** The app is shutting down: requests still arriving on open connections are refused (retry). */
  service_unavailable: { status: 503, type: 'api_error' },
  /**
   * The database connection was lost while a change was being committed (PostgreSQL): it may or may
   * not have been stored, and it is not run again (docs/errors.md).
   */
  outcome_unknown: { status: 503, type: 'api_error' },
  /** `GET /ready`: the database does not answer, or a watcher this instance leads lags. */
  not_ready: { status: 503, type: 'api_error' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ApiError extends Error {
  readonly status: number;
  /** Response headers that go with the error, e.g. `Retry-After` with `rate_limited`. */
  readonly headers: Record<string, string>;
  readonly type: ErrorType;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.headers = options?.headers ?? {};
    this.name = 'ApiError';
    const spec: ErrorSpec = ERROR_CODES[code];
    this.status = spec.status;
    this.type = spec.type;
  }

  toBody(): { error: { type: ErrorType; code: ErrorCode; message: string; param: string | null } } {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}

export const invalidParam = (param: string, message: string): ApiError =>
  new ApiError('parameter_invalid', message, param);

export const resourceMissing = (kind: string, id: string, param = 'id'): ApiError =>
  new ApiError('resource_missing', `No such ${kind}: '${id}'`, param);
