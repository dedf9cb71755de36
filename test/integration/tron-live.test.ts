/**
 * TRON in live mode, without a node: the live wallet is an account xpub (m/44'/195'/0') given in the
 * core config, the live TRON network is configured with a node that does not answer (a closed port),
 * and no other live network is. A live session then offers USDT on TRON only, with the mainnet
 * contract, at the xpub's children 0/i (checked against TronWeb's own derivation from the mnemonic);
 * its QR carries the bare address, its `uri` the `tron:` request. USDC is never offered on TRON: not for
 * a USDC-priced session (which TRON's USDT pays at the locked rate, as any offered coin pays any
 * stablecoin price), not even when the configuration names a USDC contract for TRON.
 */
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TRON_ACCOUNT_PATH } from '../../src/chains/tron/addresses.js';
import { waitFor } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const MNEMONIC = 'test test test test test test test test test test test junk';
const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive(TRON_ACCOUNT_PATH).publicExtendedKey;
/** Tether's USDT on TRON mainnet. */
const MAINNET_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Circle's USDC on TRON mainnet: still a contract, no longer redeemed by Circle. */
const MAINNET_USDC = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
/** Nothing listens on port 9 (discard): the node never answers. */
const CLOSED = 'http://127.0.0.1:9';

/** What a TRON wallet restored from the mnemonic shows as its address i. */
const walletAddress = (i: number) => TronWeb.fromMnemonic(MNEMONIC, `${TRON_ACCOUNT_PATH}/0/${i}`).address;

const live = (t: TestCore) => ({ key: t.liveKey });
async function createLive(t: TestCore, value: string, currency = 'USD'): Promise<any> {
  const res = await t.api('POST', '/v1/payment/sessions', { ...live(t), body: { merchant_id: t.merchantId, amount: { value, currency } } });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('a live TRON wallet and node', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ networks: { live: { tron: { rpcUrl: CLOSED } } }, liveWallets: { tron: XPUB } });
  });
  afterAll(async () => t?.stop());

  test('a live session offers USDT on TRON only, with the mainnet contract, at the xpub\'s children 0/i; the QR is the bare address, the uri the tron: request', async () => {
    const first = await createLive(t, '12.50');
    const second = await createLive(t, '3.00');
    expect(first.livemode).toBe(true);
    // No live EVM wallet is set: TRON's is the only family with options.
    expect(first.payment_options).toHaveLength(1);
    const o = first.payment_options[0];
    expect(o).toEqual({
      network: 'tron',
      token_standard: 'TRC-20',
      currency: 'USDT',
      amount_due: '12.500000',
      address: walletAddress(0),
      reference: null,
      token_contract: MAINNET_USDT,
      uri: `tron:${walletAddress(0)}?amount=12.5&token=${MAINNET_USDT}`,
      qr: { content: 'address', payload: walletAddress(0) },
      rate: expect.any(String),
      delayed: null,
    });
    expect(second.payment_options[0]).toMatchObject({ address: walletAddress(1), uri: `tron:${walletAddress(1)}?amount=3&token=${MAINNET_USDT}` });
  });

  test('/v1/networks in live mode: TRON with the mainnet chain id and USDT, no rpc_url shown, unreachable while its node does not answer', async () => {
    const tron = await waitFor(async () => {
      const n = (await t.api('GET', '/v1/networks', live(t))).body.data.items.find((x: any) => x.network === 'tron');
      return n.status === 'unreachable' ? n : false;
    }, 5_000, 'the live TRON node to show unreachable');
    expect(tron).toMatchObject({
      family: 'tron',
      chain_id: 728126428,
      devnet: false,
      rpc_url: null,
      confirmations: 19,
      token_standard: 'TRC-20',
      tokens: [{ currency: 'USDT', contract: MAINNET_USDT, decimals: 6, payable: true, unpayable_reason: null }],
      last_error: expect.any(String),
    });
    // Sessions are still offered while the node is down: payments are found once it answers (the
    // watcher resumes from its cursor).
    expect((await createLive(t, '1.00')).payment_options.map((o: any) => o.network)).toEqual(['tron']);
  });

  test('a session priced in USDC offers no USDC on TRON: TRON\'s USDT pays it at the locked USDC→USDT rate (1:1 by default)', async () => {
    const s = await createLive(t, '10.00', 'USDC');
    expect(s.payment_options).toEqual([
      expect.objectContaining({ network: 'tron', currency: 'USDT', amount_due: '10.000000', token_contract: MAINNET_USDT, rate: null }),
    ]);
    expect(s.amount).toEqual({ value: '10.000000', currency: 'USDC' });
  });
});

test('a configuration naming a USDC contract for TRON is not obeyed: TRON offers USDT only', async () => {
  const t = await startTestCore({
    networks: { live: { tron: { rpcUrl: CLOSED, tokens: { USDT: MAINNET_USDT, USDC: MAINNET_USDC } } } },
    liveWallets: { tron: XPUB },
  });
  try {
    const s = await createLive(t, '5.00');
    expect(s.payment_options.map((o: any) => [o.network, o.currency, o.token_contract])).toEqual([['tron', 'USDT', MAINNET_USDT]]);
    const tron = (await t.api('GET', '/v1/networks', live(t))).body.data.items.find((x: any) => x.network === 'tron');
    expect(tron.tokens).toEqual([{ currency: 'USDT', contract: MAINNET_USDT, decimals: 6, payable: true, unpayable_reason: null }]);
  } finally {
    await t.stop();
  }
});
