/**
 * The UI's HTTP client for the core. Every response is an envelope
 * `{ base: { code, message }, data }` where code 0 means success; anything else becomes an ApiError.
 */
import { bridge } from './bridge.js';

/** In Electron the bridge says where the core is; in a browser the core served this page. */
export const apiBaseUrl: string = bridge()?.apiBaseUrl ?? window.location.origin;
const uiToken: string | undefined = bridge()?.uiToken;

interface Envelope<T> {
  base: { code: number; message: string };
  data: T;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (uiToken) headers.authorization = `Bearer ${uiToken}`;
  const response = await fetch(new URL(path, apiBaseUrl), { headers, signal: signal ?? null });
  let body: Partial<Envelope<T>> | undefined;
  try {
    body = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    body = undefined; // not JSON: a proxy error page, a crash; report the status below
  }
  if (!response.ok || !body?.base || body.base.code !== 0) {
    const message = body?.base?.message ?? `${response.status} ${response.statusText}`.trim();
    throw new ApiError(message, response.status, body?.base?.code);
  }
  return body.data as T;
}
