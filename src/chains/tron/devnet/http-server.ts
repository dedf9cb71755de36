import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonRpcApi } from './json-rpc.js';
import { stringifyJson } from './json-text.js';
import { InvalidTransactionError } from './transaction.js';
import { type ApiHandler, BadRequestError } from './wallet-api.js';

/**
 * The stand-in's HTTP face, shaped like a java-tron full node with its HTTP API and `/jsonrpc` on one
 * port (java-tron uses three; TronWeb's `fullHost` expects them behind one URL, as TronGrid serves
 * them). Every API answer is status 200 with JSON, errors included, as java-tron answers; only a
 * path it does not serve is 404, and a fault of the stand-in itself 500.
 */

/** java-tron's node.rpc.maxMessageSize default: 4 MB. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpFace {
  readonly url: string;
  close(): Promise<void>;
}

export function serveHttp(options: {
  host: string;
  port: number;
  routes: ReadonlyMap<string, ApiHandler>;
  jsonRpc: JsonRpcApi;
}): Promise<HttpFace> {
  const server = createServer((req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      send(res, 500, { Error: `internal error of the TRON devnet stand-in: ${(error as Error).message}` });
    });
  });
  // Connections the stand-in keeps (TronWeb's keep-alive) must not hold the app's shutdown.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: { routes: ReadonlyMap<string, ApiHandler>; jsonRpc: JsonRpcApi },
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const body = await readBody(req);
  if (body === undefined) return send(res, 200, { Error: `body size is too big, the limit is ${MAX_BODY_BYTES}` });

  if (url.pathname === '/jsonrpc') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'JSON parse error' } });
    }
    return send(res, 200, await options.jsonRpc.handle(parsed));
  }

  const handler = options.routes.get(url.pathname);
  if (!handler) return send(res, 404, { Error: `the TRON devnet stand-in does not serve ${url.pathname}` });
  let params: Record<string, unknown>;
  if (body.trim() === '') {
    params = Object.fromEntries(url.searchParams);
  } else {
    try {
      params = JSON.parse(body) as Record<string, unknown>;
    } catch (error) {
      return send(res, 200, { Error: `the request body is not JSON: ${(error as Error).message}` });
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params)) {
      return send(res, 200, { Error: 'the request body must be a JSON object' });
    }
  }
  const visible = params.visible === true || params.visible === 'true';
  try {
    send(res, 200, await handler({ params, visible }));
  } catch (error) {
    if (error instanceof BadRequestError || error instanceof InvalidTransactionError) return send(res, 200, { Error: error.message });
    throw error;
  }
}

/** The request body as text, or undefined when it is over MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(stringifyJson(value));
}
