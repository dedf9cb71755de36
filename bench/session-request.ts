import { randomUUID } from 'node:crypto';
import type { RequestSpec } from 'autocannon';

/** Shape A, the smallest valid create request: what a POS terminal sends for one sale. */
export function shapeABody(merchantId: string): string {
  return JSON.stringify({ merchant_id: merchantId, amount: { value: '12.50', currency: 'USD' } });
}

/**
 * POST /v1/payment/sessions with a fresh Idempotency-Key on every request, as a well-behaved client
 * sends it: a repeated key would be answered from the idempotency store (a replay, or 409 while the
 * first is in flight), which is not the path we mean to measure. Keys are `<run uuid>-<counter>`,
 * unique across runs against the same core. The baseline ignores the header; it is sent to both so
 * both parse the same bytes.
 */
export function createSessionRequest(options: { merchantId: string; apiKey?: string | undefined }): RequestSpec {
  const run = randomUUID();
  let counter = 0;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    method: 'POST',
    path: '/v1/payment/sessions',
    headers,
    body: shapeABody(options.merchantId),
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': `${run}-${counter++}` },
    }),
  };
}
