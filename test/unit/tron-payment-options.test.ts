/**
 * TRON's payment options: USDT only, a QR that carries the bare deposit address (no TRON URI scans in
 * every wallet), and the contract's `tron:` URI beside it, with the amount written as people write it.
 */
import { expect, test } from 'vitest';
import { tronFamily } from '../../src/chains/tron/index.js';
import type { NetworkSettings } from '../../src/domain/payment-option.js';

const DEPOSIT = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const live: NetworkSettings = {
  network: 'tron',
  livemode: true,
  status: 'ready',
  chainId: '728126428',
  rpcUrl: 'https://api.trongrid.io',
  devnet: false,
  confirmations: 19,
  tokens: { USDT: { contract: USDT, decimals: 6 } },
};
const options = (networks: NetworkSettings[], dueMinor: Record<string, bigint>) =>
  tronFamily.paymentOptions({ networks, wallet: 'xpub…', deposit: DEPOSIT, dueMinor, rates: {} });

test('a USDT option: the QR is the bare address, the tron: URI is kept beside it', () => {
  const [option, ...rest] = options([live], { USDT: 12_500_000n, USDC: 12_500_000n });
  expect(rest).toEqual([]); // TRON offers no USDC, even when USDC is due
  expect(option).toMatchObject({
    network: 'tron',
    tokenStandard: 'TRC-20',
    currency: 'USDT',
    amountDueMinor: 12_500_000n,
    amountDueBase: 12_500_000n,
    address: DEPOSIT,
    tokenContract: USDT,
    qr: { content: 'address', payload: DEPOSIT },
    uri: `tron:${DEPOSIT}?amount=12.5&token=${USDT}`,
  });
});

test('amounts in the URI are plain decimals without trailing zeros', () => {
  const uri = (minor: bigint) => options([live], { USDT: minor })[0]!.uri;
  expect(uri(10_000_000n)).toBe(`tron:${DEPOSIT}?amount=10&token=${USDT}`);
  expect(uri(1n)).toBe(`tron:${DEPOSIT}?amount=0.000001&token=${USDT}`);
  expect(uri(1_230_400n)).toBe(`tron:${DEPOSIT}?amount=1.2304&token=${USDT}`);
});

test('no option where TRON is not ready, or where only a coin TRON does not offer is due', () => {
  expect(options([{ ...live, status: 'not_configured' }], { USDT: 1n })).toEqual([]);
  expect(options([live], { USDC: 5_000_000n })).toEqual([]);
  // Another family's network is not TRON's to offer.
  expect(options([{ ...live, network: 'ethereum' }], { USDT: 1n })).toEqual([]);
});

test('TRON wallets, addresses and refund keys', () => {
  expect(tronFamily.addresses.normalize(DEPOSIT)).toBe(DEPOSIT);
  // Hex spellings are valid TRON addresses but not what an owner types as a destination.
  expect(tronFamily.addresses.normalize('41' + '00'.repeat(20))).toBeNull();
  expect(tronFamily.addresses.normalize(DEPOSIT.slice(0, -1) + (DEPOSIT.endsWith('C') ? 'D' : 'C'))).toBeNull(); // checksum
  expect(tronFamily.addresses.normalize('0x' + '11'.repeat(20))).toBeNull();
  // The devnet's first payer key, whose address TronWeb computes as below (test-accounts.ts).
  const key = tronFamily.refundKeys.parse('9b6ac6a6faf1dc64240f654475a7e668141e4205262367feb7269ef332113929');
  expect(key).not.toBeNull();
  expect(tronFamily.refundKeys.address(key!)).toBe('TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C');
  expect(tronFamily.refundKeys.parse('not a key')).toBeNull();
  expect(() => tronFamily.refundKeys.address(new Uint8Array(32))).toThrow();
  expect(tronFamily.refundKeys.address(tronFamily.refundKeys.generate())).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  expect(() => tronFamily.wallet.check('xpub-nonsense')).toThrow();
});

test('a session\'s TRON deposit is child 0/i of the TRON xpub, from the shared pool, spelt T…', async () => {
  const { TronAddressDeriver, newTestTronWallet } = await import('../../src/chains/tron/addresses.js');
  const { xpub } = newTestTronWallet(new Uint8Array(32).fill(3));
  const source = tronFamily.deposits(() => {});
  try {
    const deriver = new TronAddressDeriver(xpub);
    for (const i of [0, 1, 2, 57]) expect(source.deposit(xpub, i)).toBe(deriver.address(i));
  } finally {
    await source.stop();
  }
});
