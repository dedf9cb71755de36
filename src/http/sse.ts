import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveFeed } from '../services/live-feed.js';

const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events for one session: its current state at once, then again after each change.
 * The state is read afresh on every notice, so a client that misses a notice still converges.
 */
export function streamEvents(request: FastifyRequest, reply: FastifyReply, live: LiveFeed, sessionId: string, snapshot: () => Promise<unknown>): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'request-id': String(request.id),
  });
  // Snapshots are read from the store (asynchronously): sent one after the other, in order.
  let sending: Promise<void> = Promise.resolve();
  const send = () => {
    sending = sending
      .then(async () => {
        const data = JSON.stringify(await snapshot());
        if (!res.writableEnded) res.write(`event: session\ndata: ${data}\n\n`);
      })
      .catch(() => close());
  };
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribe = live.subscribe(send, sessionId);
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    if (!res.writableEnded) res.end();
  };
  request.raw.on('close', close);
  send();
}
