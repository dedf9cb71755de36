/**
 * The Solana family's pure parts: its payment options (a Solana Pay transfer request to the merchant's
 * wallet with the session's reference, read back by @solana/pay's own parser), the merchant wallet it
 * accepts, the references it makes, and the refund keys it reads as wallets export them.
 */
import { Keypair, PublicKey } from '@solana/web3.js';
import { parseURL, type TransferRequestURL } from '@solana/pay';
import { base58 } from '@scure/base';
import { describe, expect, test } from 'vitest';
import { solanaFamily } from '../../src/chains/solana/index.js';
import type { NetworkSettings } from '../../src/domain/payment-option.js';

const WALLET = Keypair.generate().publicKey.toBase58();
const REFERENCE = Keypair.generate().publicKey.toBase58();
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const live: NetworkSettings = {
  network: 'solana',
  livemode: true,
  status: 'ready',
  chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  devnet: false,
  confirmations: 1,
  commitment: 'finalized',
  tokens: { USDT: { contract: USDT, decimals: 6 }, USDC: { contract: USDC, decimals: 6 } },
};
const options = (dueMinor: Record<string, bigint>, extra: { label?: string; message?: string } = { label: 'Café Olga', message: 'Two coffees & a cake = 12.50 #7' }) =>
  solanaFamily.paymentOptions({ networks: [live], wallet: WALLET, deposit: REFERENCE, dueMinor, rates: {}, ...extra });

describe('payment options', () => {
  test('one Solana Pay request per coin: to the merchant wallet, with the session reference, label and message', () => {
    const found = options({ USDT: 12_500_000n, USDC: 12_500_000n });
    expect(found.map((o) => o.currency)).toEqual(['USDT', 'USDC']);
    for (const o of found) {
      const mint = o.currency === 'USDT' ? USDT : USDC;
      expect(o).toMatchObject({ network: 'solana', tokenStandard: 'SPL', address: WALLET, reference: REFERENCE, tokenContract: mint, amountDueBase: 12_500_000n });
      // The QR carries the whole request: Solana Pay wallets scan it.
      expect(o.qr).toEqual({ content: 'uri', payload: o.uri });
      const parsed = parseURL(o.uri) as TransferRequestURL;
      expect(parsed.recipient.toBase58()).toBe(WALLET);
      expect(parsed.splToken?.toBase58()).toBe(mint);
      expect(parsed.amount?.toString()).toBe('12.5');
      expect(parsed.reference?.map((r) => r.toBase58())).toEqual([REFERENCE]);
      expect(parsed.label).toBe('Café Olga');
      expect(parsed.message).toBe('Two coffees & a cake = 12.50 #7');
    }
  });

  test('amounts as the spec writes them, and no label or message when there is none', () => {
    const uri = (minor: bigint) => options({ USDC: minor }, {})[0]!.uri;
    expect(uri(10_000_000n)).toBe(`solana:${WALLET}?amount=10&spl-token=${USDC}&reference=${REFERENCE}`);
    expect(uri(1n)).toBe(`solana:${WALLET}?amount=0.000001&spl-token=${USDC}&reference=${REFERENCE}`);
    expect((parseURL(uri(1_230_400n)) as TransferRequestURL).amount?.toString()).toBe('1.2304');
  });

  test('no option where Solana is not ready, or for a coin the network leaves out (unpayable)', () => {
    expect(solanaFamily.paymentOptions({ networks: [{ ...live, status: 'not_configured' }], wallet: WALLET, deposit: REFERENCE, dueMinor: { USDT: 1n }, rates: {} })).toEqual([]);
    expect(solanaFamily.paymentOptions({ networks: [{ ...live, tokens: { USDC: live.tokens.USDC! } }], wallet: WALLET, deposit: REFERENCE, dueMinor: { USDT: 1n }, rates: {} })).toEqual([]);
  });
});

describe('wallets, addresses, references and refund keys', () => {
  test('the merchant wallet must be a wallet address: base58 of 32 bytes, on the curve', () => {
    expect(() => solanaFamily.wallet.check(WALLET)).not.toThrow();
    expect(() => solanaFamily.wallet.check('xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz')).toThrow(/not a Solana address/);
    const [pda] = PublicKey.findProgramAddressSync([Buffer.from('vault')], new PublicKey('SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf'));
    expect(() => solanaFamily.wallet.check(pda.toBase58())).toThrow(/program-derived address/);
  });

  test('the test wallet is fixed by the seed, and a usable wallet', () => {
    const seed = new Uint8Array(32).fill(7);
    const wallet = solanaFamily.wallet.testWallet(seed);
    expect(solanaFamily.wallet.testWallet(seed)).toBe(wallet);
    expect(solanaFamily.wallet.testWallet(new Uint8Array(32).fill(8))).not.toBe(wallet);
    expect(() => solanaFamily.wallet.check(wallet)).not.toThrow();
  });

  test('every session gets a new reference: 32 random bytes, as an account key wallets accept (on the curve or not)', () => {
    const source = solanaFamily.deposits(() => undefined);
    const references = new Set(Array.from({ length: 200 }, (_, i) => source.deposit(WALLET, i)));
    expect(references.size).toBe(200);
    for (const r of references) expect(new PublicKey(r).toBase58()).toBe(r);
  });

  test('addresses are base58 of 32 bytes, spelt one way', () => {
    expect(solanaFamily.addresses.normalize(WALLET)).toBe(WALLET);
    expect(solanaFamily.addresses.normalize('0x' + '11'.repeat(20))).toBeNull();
    expect(solanaFamily.addresses.normalize('TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C')).toBeNull(); // 25 bytes (TRON)
    expect(solanaFamily.addresses.normalize(WALLET + '1')).toBeNull();
  });

  test('refund keys as Phantom exports them (base58) and as solana-keygen writes them (JSON), with their address', () => {
    const keypair = Keypair.generate();
    const fromPhantom = solanaFamily.refundKeys.parse(base58.encode(keypair.secretKey));
    const fromKeygen = solanaFamily.refundKeys.parse(JSON.stringify(Array.from(keypair.secretKey)));
    expect(fromPhantom).toEqual(keypair.secretKey);
    expect(fromKeygen).toEqual(keypair.secretKey);
    expect(solanaFamily.refundKeys.address(fromPhantom!)).toBe(keypair.publicKey.toBase58());
    // A key whose public half is another key's is refused, as is anything not a 64-byte key.
    const mixed = Uint8Array.from([...keypair.secretKey.subarray(0, 32), ...Keypair.generate().publicKey.toBytes()]);
    expect(solanaFamily.refundKeys.parse(base58.encode(mixed))).toBeNull();
    expect(solanaFamily.refundKeys.parse('11'.repeat(32))).toBeNull();
    expect(solanaFamily.refundKeys.parse('[1,2,3]')).toBeNull();
    const generated = solanaFamily.refundKeys.generate();
    expect(Keypair.fromSecretKey(generated).publicKey.toBase58()).toBe(solanaFamily.refundKeys.address(generated));
  });
});
