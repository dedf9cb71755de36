import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveFeed } from '../services/live-feed.js';

const HEARTBEAT_MS = 15_000;

/** The streams open on each server, ended as it closes (installStreamEnding). */
const openStreams = new WeakMap<Server, Set<() => void>>();

/**
 * Ends every open event stream as the app starts closing. A server that closes waits for the
 * connections it has, and a stream only ends when its client goes: a customer display left open on a
 * tablet, or the app's own window showing a sale, held `stablepos serve`'s Ctrl-C and the desktop app's
 * quit for as long as it stayed open. Ended, the connection is idle, and Fastify closes idle ones.
 */
export function installStreamEnding(app: FastifyInstance): void {
  const streams = new Set<() => void>();
  openStreams.set(app.server, streams);
  // preClose runs as soon as close() starts, before the server waits for its connections.
  app.addHook('preClose', (done) => {
    for (const end of [...streams]) end();
    done();
  });
}

/**
 * Opens a server-sent event stream on the request's connection: its headers, a heartbeat comment
 * every 15 s (so proxies keep it), and `onEnd` once, when the client goes or the app closes.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, onEnd: () => void): { res: ServerResponse; end: () => void } {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'request-id': String(request.id),
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const streams = openStreams.get(request.server.server);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    streams?.delete(end);
    onEnd();
    if (!res.writableEnded) res.end();
  };
  streams?.add(end);
  request.raw.on('close', end);
  return { res, end };
}

/**
 * Server-sent events for one session: its current state at once, then again after each change.
 * The state is read afresh on every notice, so a client that misses a notice still converges.
 */
export function streamEvents(request: FastifyRequest, reply: FastifyReply, live: LiveFeed, sessionId: string, snapshot: () => Promise<unknown>): void {
  // Set before the stream can end (at once, if the app is closing): unsubscribe is called then.
  let unsubscribe = (): void => undefined;
  const { res, end } = openEventStream(request, reply, () => unsubscribe());
  // Snapshots are read from the store (asynchronously): sent one after the other, in order.
  let sending: Promise<void> = Promise.resolve();
  const send = () => {
    sending = sending
      .then(async () => {
        const data = JSON.stringify(await snapshot());
        if (!res.writableEnded) res.write(`event: session\ndata: ${data}\n\n`);
      })
      .catch(() => end());
  };
  unsubscribe = live.subscribe(send, sessionId);
  send();
}
