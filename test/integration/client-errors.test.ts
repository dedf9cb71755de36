/**
 * Requests Node's HTTP parser refuses before Fastify sees them, sent over a raw socket (inject would
 * never reach the parser): still answered in the contract's shape, with a Request-Id, then closed.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * Sends each request in turn on one connection, the next once the previous one's answer is in,
 * reads until the server closes it, and splits what came back into responses.
 */
function exchange(url: string, ...requests: string[]): Promise<RawResponse[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    let sent = 0;
    const sendNext = () => {
      const request = requests[sent++]!;
      if (sent === requests.length) socket.end(request);
      else socket.write(request);
    };
    const socket = connect(Number(port), hostname, sendNext);
    socket.setEncoding('utf8').on('data', (d: string) => {
      received += d;
      if (sent < requests.length && completeResponses(received) === sent) sendNext();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponses(received)));
  });
}

function completeResponses(text: string): number {
  try {
    return parseResponses(text).length;
  } catch {
    return -1; // still arriving
  }
}

function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`incomplete response: ${JSON.stringify(rest)}`);
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length']);
    if (Buffer.byteLength(rest.slice(end + 4)) < length) throw new Error(`incomplete body: ${JSON.stringify(rest)}`);
    const body = Buffer.from(rest.slice(end + 4)).subarray(0, length).toString('utf8');
    out.push({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine!)?.[1]), headers, body: JSON.parse(body) });
    rest = Buffer.from(rest.slice(end + 4)).subarray(length).toString('utf8');
  }
  return out;
}

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t?.stop();
});

describe('refused before routing', () => {
  test('an oversized header block: 431 headers_too_large in the envelope, with Request-Id and Connection: close', async () => {
    const [res, ...more] = await exchange(t.url, `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(more).toEqual([]);
    expect(res!.status).toBe(431);
    expect(res!.headers['request-id']).toMatch(/^req_[0-9A-Za-z]{32}$/);
    expect(res!.headers.connection).toBe('close');
    expect(res!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res!.body).toEqual({ error: { type: 'invalid_request_error', code: 'headers_too_large', message: expect.stringContaining('headers'), param: null } });
  });

  test('after a good request on a kept-alive connection, an oversized one still gets its 431', async () => {
    const good = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const [first, second] = await exchange(t.url, good, `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(431);
    expect(second!.body.error.code).toBe('headers_too_large');
    expect(second!.headers['request-id']).toMatch(/^req_/);
    expect(second!.headers['request-id']).not.toBe(first!.headers['request-id']);
  });

  test('a request that is not HTTP: 400 parameter_invalid in the envelope, with Request-Id', async () => {
    const [res] = await exchange(t.url, 'HELLO THERE\r\n\r\n');
    expect(res!.status).toBe(400);
    expect(res!.headers['request-id']).toMatch(/^req_/);
    expect(res!.headers.connection).toBe('close');
    expect(res!.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: null });
  });

  test('HTTP/1.0 had no Host header: such a request is answered (no browser sends one, so no web page is behind it)', async () => {
    const [res] = await exchange(t.url, 'GET /health HTTP/1.0\r\n\r\n');
    expect(res!.status).toBe(200);
    expect(res!.body.data.status).toBe('ok');
  });
});
