import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { clientErrorHandler } from '../../src/http/plugins/client-errors.js';

/** A socket that records what is written to it (the parser's errors are answered on the raw socket). */
function fakeSocket(state: { writable?: boolean; destroyed?: boolean; inFlightHeadersSent?: boolean } = {}) {
  const written: string[] = [];
  let destroyed = state.destroyed ?? false;
  const socket = {
    get destroyed() {
      return destroyed;
    },
    writable: state.writable ?? true,
    ...(state.inFlightHeadersSent !== undefined && { _httpMessage: { headersSent: state.inFlightHeadersSent } }),
    write: (data: string) => written.push(data),
    destroy: () => {
      destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, written, isDestroyed: () => destroyed };
}

const app = { log: { info: () => undefined } } as unknown as FastifyInstance;
const fail = (code: string) => Object.assign(new Error(code), { code });

describe('clientErrorHandler', () => {
  test('headers that never finish (Node\'s headersTimeout): 408 request_timeout in the envelope, then closed', () => {
    const { socket, written, isDestroyed } = fakeSocket();
    clientErrorHandler.call(app, fail('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    expect(written).toHaveLength(1);
    const [head, body] = written[0]!.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toMatch(/\r\nRequest-Id: req_[0-9A-Za-z]{32}\r\n/);
    expect(head).toMatch(/\r\nConnection: close$/);
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body!)}\r\n`);
    expect(JSON.parse(body!)).toEqual({ error: { type: 'invalid_request_error', code: 'request_timeout', message: expect.any(String), param: null } });
    expect(isDestroyed()).toBe(true);
  });

  test('nothing is written into a response already under way, nor to a reset connection; the socket is closed', () => {
    const underway = fakeSocket({ inFlightHeadersSent: true });
    clientErrorHandler.call(app, fail('HPE_HEADER_OVERFLOW'), underway.socket);
    expect(underway.written).toEqual([]);
    expect(underway.isDestroyed()).toBe(true);

    const reset = fakeSocket();
    clientErrorHandler.call(app, fail('ECONNRESET'), reset.socket);
    expect(reset.written).toEqual([]);
  });
});
