import { createServer, type Server } from 'node:http';

/**
 * A JSON-RPC proxy in front of a local EVM node that can hold calls until released, so a test can keep
 * a watcher behind its chain for as long as it needs: `pause()` holds every call (while blocks are
 * mined, so the watcher sees them all at once), `holdLogsFrom(block)` holds `eth_getLogs` from that
 * block on, `release()` lets everything go.
 */
export interface HoldingProxy {
  readonly url: string;
  /** Calls held now. */
  held(): number;
  pause(): void;
  /** Holds eth_getLogs whose fromBlock is `block` or later, and lets paused calls go. */
  holdLogsFrom(block: number): void;
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(upstream: string): Promise<HoldingProxy> {
  let holdFrom = Infinity;
  let paused = false;
  const held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const forward = async () => {
        try {
          const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
        } catch {
          res.destroy();
        }
      };
      const call = JSON.parse(body) as { method?: string; params?: [{ fromBlock?: string }] };
      const from = Number(call.params?.[0]?.fromBlock ?? 0);
      if (paused || (call.method === 'eth_getLogs' && from >= holdFrom)) held.push(() => void forward());
      else void forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const letGo = () => {
    for (const go of held.splice(0)) go();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    held: () => held.length,
    pause: () => {
      paused = true;
    },
    holdLogsFrom: (block) => {
      holdFrom = block;
      paused = false;
      letGo();
    },
    release: () => {
      holdFrom = Infinity;
      paused = false;
      letGo();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
