/**
 * The payout worker's cadence across networks (src/services/refund-payouts.ts): a network whose RPC is
 * down (its pass held by the pool's retries) never delays the passes of the others, and stopping waits
 * for every pass under way.
 */
import { expect, test } from 'vitest';
import type { RefundNetwork, RefundService } from '../../src/services/refund-service.js';
import { RefundPayouts } from '../../src/services/refund-payouts.js';
import type { ChainDirectory } from '../../src/services/ports.js';

const network = (id: string): RefundNetwork => ({ network: id as RefundNetwork['network'], livemode: true, confirmations: 1, tokens: {}, payouts: {} as RefundNetwork['payouts'] });

test('a network whose pass hangs (its RPC down) does not hold back the passes of another network; stop waits for it', async () => {
  const ethereum = network('ethereum');
  const tron = network('tron');
  const asked: Record<string, number> = { ethereum: 0, tron: 0 };
  let release: () => void = () => undefined;
  const hanging = new Promise<never[]>((resolve) => (release = () => resolve([])));
  // Only what a pass reads first: the network's open refunds (none on ethereum; tron never answers).
  const refunds = {
    openOn: async (chain: RefundNetwork) => {
      asked[chain.network] = (asked[chain.network] ?? 0) + 1;
      return chain.network === 'tron' ? hanging : [];
    },
  } as unknown as RefundService;
  const worker = new RefundPayouts({ refunds, networks: () => ({ get: () => undefined, all: () => [ethereum, tron] }), chains: {} as ChainDirectory, pollMs: 20 });
  worker.start();
  await new Promise((resolve) => setTimeout(resolve, 400));
  // Ethereum was passed over every ~20 ms; tron's one pass is still waiting for its RPC.
  expect(asked.ethereum).toBeGreaterThanOrEqual(5);
  expect(asked.tron).toBe(1);

  let stopped = false;
  const stopping = worker.stop().then(() => (stopped = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(stopped).toBe(true);
});
