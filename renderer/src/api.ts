/**
 * The UI's HTTP client for the core. Success is an envelope `{ base: { code: 0 }, data }`; failure is
 * `{ error: { type, code, message, param } }`, turned into an ApiError whose message is the core's.
 */
import { bridge } from './bridge.js';

/** In Electron the bridge says where the core is; in a browser the core served this page. */
export const apiBaseUrl: string = bridge()?.apiBaseUrl ?? window.location.origin;

const KEY_STORAGE = 'stablepos.apiKey';

/**
 * The bearer the UI sends: the Electron window's per-launch token, or, in a browser, an API key the
 * owner entered (kept for this tab only) until PIN sign-in replaces it.
 */
export function credential(): string | undefined {
  return bridge()?.uiToken ?? window.sessionStorage.getItem(KEY_STORAGE) ?? undefined;
}

export function setApiKey(key: string | null): void {
  if (key) window.sessionStorage.setItem(KEY_STORAGE, key);
  else window.sessionStorage.removeItem(KEY_STORAGE);
}

interface Envelope<T> {
  base?: { code: number; message: string };
  data?: T;
  error?: { type: string; code: string; message: string; param: string | null };
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly param?: string | null,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const bearer = credential();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, apiBaseUrl), {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  let parsed: Envelope<T> | undefined;
  try {
    parsed = (await response.json()) as Envelope<T>;
  } catch {
    parsed = undefined; // not JSON: a proxy error page, a crash; report the status below
  }
  if (!response.ok || !parsed?.base || parsed.base.code !== 0) {
    const e = parsed?.error;
    throw new ApiError(e?.message ?? parsed?.base?.message ?? `${response.status} ${response.statusText}`.trim(), response.status, e?.code, e?.param);
  }
  return parsed.data as T;
}

export const getJson = <T>(path: string, signal?: AbortSignal): Promise<T> => request<T>('GET', path, undefined, signal);
export const postJson = <T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> => request<T>('POST', path, body, undefined, headers);
export const patchJson = <T>(path: string, body: unknown): Promise<T> => request<T>('PATCH', path, body);
export const putJson = <T>(path: string, body: unknown): Promise<T> => request<T>('PUT', path, body);
export const deleteJson = <T>(path: string): Promise<T> => request<T>('DELETE', path);

/** A file from the API (CSV export), fetched with the bearer and handed to the browser to save. */
export async function download(path: string, filename: string): Promise<void> {
  const headers: Record<string, string> = {};
  const bearer = credential();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(new URL(path, apiBaseUrl), { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined;
    throw new ApiError(body?.error?.message ?? `${response.status} ${response.statusText}`, response.status, body?.error?.code);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
