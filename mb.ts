import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { resolveConfig } from './src/config.ts';
import { createServices } from './src/core-services.ts';
import { startChainIntegration } from './src/chain-integration.ts';
const dataDir = mkdtempSync(join(tmpdir(), 'mb-'));
const config = resolveConfig({ dataDir, networks: { test: { ethereum: 'off', bsc: 'off' } } });
const s = createServices(config);
const chains = await startChainIntegration(config, s, () => {});
s.sessions.useChains(chains.handlers);
const m = s.merchants.defaultMerchant();
const caller = { merchantId: m.id, livemode: false, via: 'x' };
const input = () => ({ merchantDomainId: null, currency: 'USD', amountMinor: 1250n, lineItems: [], description: null, clientReferenceId: null, metadata: {}, expiresAt: null, successUrl: null, cancelUrl: null, domainParam: 'd', expiresAtParam: 'e', amountParam: 'a' } as any);
async function round(n: number, batch: number) {
  const t = performance.now();
  for (let i = 0; i < n; i += batch) {
    const ps = [];
    for (let j = 0; j < batch; j++) ps.push(s.sessions.create(caller, input()));
    await Promise.all(ps);
  }
  return ((performance.now() - t) * 1000) / n;
}
await round(3000, 50);
console.log('create, batch 50:', (await round(10000, 50)).toFixed(1), 'us');
console.log('create, batch 1:', (await round(2000, 1)).toFixed(1), 'us');
await chains.stop(); s.close();
