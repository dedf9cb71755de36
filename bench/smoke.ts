import type { RequestSpec } from 'autocannon';

/**
 * Sends the load's request once, before any load, and insists on a 2xx: a wrong body or key then
 * fails with the server's own error message instead of as "50,000 non-2xx".
 */
export async function smokeTest(url: string, spec: RequestSpec): Promise<void> {
  const request = spec.setupRequest ? spec.setupRequest({ ...spec }, {}) : spec;
  const response = await fetch(new URL(request.path ?? '/', url), {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    body: request.body ?? null,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 500)}`);
  }
}
