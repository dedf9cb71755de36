import { evmDevnetOf } from '../helpers/evm-chain.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { ethereum: 2, bsc: 3 } });
}, 60_000);
afterAll(async () => t.stop());

test('smoke: pay a session on the ethereum devnet', async () => {
  const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50') })).body.data;
  expect(s.payment_options).toHaveLength(4);
  const opt = s.payment_options.find((o: any) => o.network === 'ethereum' && o.currency === 'USDT');
  const devnet = evmDevnetOf(t.core.chains, 'ethereum');
  await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: opt.address, amountBaseUnits: 12_500_000n });
  let status = '';
  for (let i = 0; i < 100 && status !== 'SUCCEEDED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.status;
  }
  const final = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data;
  expect(final.status).toBe('SUCCEEDED');
}, 60_000);
