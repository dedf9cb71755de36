/**
 * The UI's HTTP client for the core. Success is an envelope `{ base: { code: 0 }, data }`; failure is
 * `{ error: { type, code, message, param } }`, turned into an ApiError whose message is the core's in
 * plain words (plain-words.ts): every screen shows `error.message` as it is.
 */
import type { ApiErrorBody } from './api-types.js';
import { bridge } from './bridge.js';
import { inPlainWords } from './plain-words.js';

/** In Electron the bridge says where the core is; in a browser the core served this page. */
export const apiBaseUrl: string = bridge()?.apiBaseUrl ?? window.location.origin;

const TOKEN_STORAGE = 'stablepos.uiSession';

/**
 * The bearer the UI sends: the token of the PIN sign-in (`uit_…`), kept for this tab only
 * (sessionStorage): closing the window signs out as far as this machine is concerned.
 */
export function credential(): string | undefined {
  return window.sessionStorage.getItem(TOKEN_STORAGE) ?? undefined;
}

export function setCredential(token: string | null): void {
  if (token) window.sessionStorage.setItem(TOKEN_STORAGE, token);
  else window.sessionStorage.removeItem(TOKEN_STORAGE);
}

/** Called when the core refuses the sign-in (401): it ended, expired, or its user was removed. */
let onUnauthorized: () => void = () => undefined;
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

/** What an answer may hold: the success envelope, or the contract's error object. */
interface Envelope<T> {
  base?: { code: number; message: string };
  data?: T;
  error?: ApiErrorBody['error'];
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

/** Requests under way (`alone` waits for them). */
const underWay = new Set<Promise<unknown>>();
/** Set while a request that changes what every other one means is sent (`alone`): new ones wait for it. */
let held: Promise<void> | undefined;

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, extraHeaders: Record<string, string> = {}): Promise<T> {
  while (held) await held;
  const sent = send<T>(method, path, body, signal, extraHeaders);
  underWay.add(sent);
  void sent.catch(() => undefined).finally(() => underWay.delete(sent));
  return sent;
}

/**
 * Sends one request with no other under way: waits for those sent before it, holds those asked for
 * meanwhile, then sends it. For a change of the sign-in's mode: a screen's request crossing it would
 * be answered in the other mode (a live-only read refused 403 in test mode, or the other mode's
 * data). On success the hold stays: the caller reloads the page, and what was held belonged to the
 * page that goes. On failure it is lifted and the held requests go as they were.
 */
export async function alone<T>(method: string, path: string, body?: unknown): Promise<T> {
  while (held) await held;
  let lift!: () => void;
  held = new Promise<void>((resolve) => (lift = resolve));
  try {
    await Promise.allSettled([...underWay]);
    return await send<T>(method, path, body);
  } catch (err) {
    held = undefined;
    lift();
    throw err;
  }
}

async function send<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const bearer = credential();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  // In Electron: proves the request comes from the app's own window (PIN sign-in needs it).
  const appToken = bridge()?.uiToken;
  if (appToken) headers['stablepos-app-token'] = appToken;
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
    if (response.status === 401 && bearer !== undefined && bearer === credential()) {
      setCredential(null);
      onUnauthorized();
    }
    const said = e?.message ?? parsed?.base?.message ?? `${response.status} ${response.statusText}`.trim();
    throw new ApiError(inPlainWords(said, e?.code, e?.param), response.status, e?.code, e?.param);
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
    throw new ApiError(inPlainWords(body?.error?.message ?? `${response.status} ${response.statusText}`, body?.error?.code, body?.error?.param), response.status, body?.error?.code);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
