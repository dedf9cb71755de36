/**
 * A request that reaches the app while it shuts down is refused in the contract's shape: 503
 * `service_unavailable` with its Request-Id, `Retry-After` and `Connection: close`, as the OpenAPI
 * document says every operation may answer (Fastify's own 503 has neither envelope nor Request-Id).
 */
import { connect, type Socket } from 'node:net';
import { expect, test } from 'vitest';
import { checkResponse } from '../helpers/check-every-response.js';
import { startTestCore } from '../helpers/test-core.js';

/** Resolves once the socket has received everything the server sent and closed. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** True once the server no longer accepts connections: close() has begun. */
async function refusesConnections(port: number): Promise<boolean> {
  try {
    (await opened(port)).destroy();
    return false;
  } catch {
    return true;
  }
}

test('a request arriving while the app shuts down gets 503 service_unavailable in the envelope, with Request-Id', async () => {
  const t = await startTestCore();
  const port = Number(new URL(t.url).port);
  expect((await t.api('GET', '/health', { key: null })).status).toBe(200); // the document is fetched for this origin

  // A request whose headers are not complete yet: its connection is busy, so closing waits for it.
  const socket = await opened(port);
  const answer = readAll(socket);
  socket.write(`GET /v1/merchant HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${t.testKey}\r\n`);

  const stopped = t.stop();
  while (!(await refusesConnections(port))) await new Promise((resolve) => setImmediate(resolve));
  socket.write('\r\n'); // the request is complete only now, while the app is closing

  const raw = await answer;
  await stopped;
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = new Map(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  expect(statusLine).toBe('HTTP/1.1 503 Service Unavailable');
  expect(headers.get('request-id')).toMatch(/^req_/);
  expect(headers.get('connection')).toBe('close');
  expect(headers.get('retry-after')).toBe('1');
  expect(JSON.parse(body)).toEqual({
    error: { type: 'api_error', code: 'service_unavailable', message: 'The app is shutting down. Retry in a moment.', param: null },
  });
  const problems = await checkResponse(new URL(t.url).origin, {
    method: 'GET',
    path: '/v1/merchant',
    status: 503,
    header: (name) => headers.get(name.toLowerCase()),
    body,
  });
  expect(problems).toEqual([]);
});
