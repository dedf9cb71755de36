/**
 * TRON refund payouts (TronPayoutChain, the payout port) against the TRON devnet stand-in, step by
 * step as the payout worker drives them: prepare, sign, broadcast, confirm. Balances are read through
 * an unmodified TronWeb. The expiry rule is driven with block timestamps set by hand (anvil), never
 * with the wall clock.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTronDevnet, type TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { IRREVERSIBLE_DEPTH, PAYOUT_LIFETIME_MS, TronPayoutChain } from '../../src/chains/tron/refund-payout.js';
import type { PayoutRequest, PayoutState, SignedPayout } from '../../src/domain/payout.js';
import { budget, waitFor } from '../helpers/evm-chain.js';
import { anvil, headNumber, inclusionMs, mine, newAccount, tronWeb, waitForInfo } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.2;
const INCLUDED_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
/** anvil must listen within 15 s, and a stop may take 20 s (its dump, then SIGKILL). */
const START_MS = 15_000;
const STOP_MS = 20_000;
const TRX = 1_000_000n;
const USDT = 1_000_000n;

let dir: string;
let devnet: TronDevnet;
let faucet: TronWeb;
let port: TronPayoutChain;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-tron-payout-'));
  devnet = await startTronDevnet({ stateFile: join(dir, 'devnet', 'tron.json'), blockTimeSeconds: BLOCK_TIME_SECONDS });
  faucet = tronWeb(devnet, devnet.faucetKey);
  port = new TronPayoutChain({ httpUrl: devnet.httpUrl, name: 'TRON' });
}, START_MS);

afterAll(async () => {
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, STOP_MS);

interface Wallet {
  address: string;
  key: Uint8Array;
}

/** A fresh account (a refund wallet, a customer) given `trx` TRX by the faucet (none: it does not exist on chain) and `usdt` minted. */
async function fundedWallet(o: { trx?: bigint; usdt?: bigint }): Promise<Wallet> {
  const account = newAccount();
  const sent: string[] = [];
  if (o.trx) sent.push(((await faucet.trx.sendTrx(account.address, Number(o.trx))) as any).txid);
  if (o.usdt) sent.push(await (await usdtOf(faucet)).mint(account.address, o.usdt.toString()).send());
  // Mined now: interval mining may be paused (the expiry tests).
  if (sent.length > 0) await mine(devnet, 1);
  for (const txId of sent) await waitForInfo(faucet, txId, INCLUDED_MS);
  return { address: account.address, key: Buffer.from(account.privateKey, 'hex') };
}

async function usdtOf(web: TronWeb): Promise<any> {
  return web.contract().at(devnet.tokens.USDT);
}

async function usdtBalance(owner: string): Promise<bigint> {
  return BigInt(await (await usdtOf(faucet)).balanceOf(owner).call());
}

function request(wallet: Wallet, to: string, amountBase: bigint, extra: Partial<PayoutRequest> = {}): PayoutRequest {
  return { from: wallet.address, token: devnet.tokens.USDT, currency: 'USDT', decimals: 6, to, amountBase, inFlight: [], previous: [], ...extra };
}

/** prepare then sign, as the worker does; fails the test when prepare refuses. */
async function signPayout(wallet: Wallet, r: PayoutRequest, chain = port): Promise<SignedPayout> {
  const prepared = await chain.prepare(r);
  if (!prepared.ok) throw new Error(`prepare refused: ${prepared.failure}`);
  return chain.sign(wallet.key, r, prepared.plan);
}

const trackOf = (wallet: Wallet, signed: SignedPayout) => ({ from: wallet.address, data: signed.data });

function waitForState(txId: string, signed: { from: string; data: string } | null, state: PayoutState['state']): Promise<PayoutState> {
  return waitFor(
    async () => {
      const s = await port.confirm(txId, signed);
      // Thrown, so that a timeout says which state it saw last.
      if (s.state !== state) throw new Error(`confirm says ${JSON.stringify(s)}`);
      return s;
    },
    INCLUDED_MS,
    `payout ${txId} ${state}`,
  );
}

async function failureOf(r: PayoutRequest): Promise<string> {
  const prepared = await port.prepare(r);
  if (prepared.ok) throw new Error(`prepare accepted ${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
  return prepared.failure;
}

describe('TRON refund payouts on the stand-in', () => {
  test(
    'prepare, sign, broadcast and confirm pay a fresh address exactly, from a transaction built offline',
    async () => {
      const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 50n * USDT });
      const to = newAccount().address;
      const amount = 12_345_678n;
      const r = request(wallet, to, amount);
      const headBefore = await blockHeader();
      const prepared = await port.prepare(r);
      const headAfter = await blockHeader();
      if (!prepared.ok) throw new Error(prepared.failure);
      const plan = JSON.parse(prepared.plan);
      // A fresh recipient: 130,000 energy; the fee limit is twice that at the chain's 100 sun.
      expect(plan).toMatchObject({ energy: 130_000, feeLimit: 26_000_000 });
      expect(plan.expiration - PAYOUT_LIFETIME_MS).toBeGreaterThanOrEqual(headBefore.timestamp);
      expect(plan.expiration - PAYOUT_LIFETIME_MS).toBeLessThanOrEqual(headAfter.timestamp);
      // The block it references is IRREVERSIBLE_DEPTH below the head (or the first one).
      expect(plan.refBlock.number).toBeLessThanOrEqual(Math.max(0, headAfter.number - IRREVERSIBLE_DEPTH));
      expect(plan.refBlock.id).toBe((await blockHeader(plan.refBlock.number)).id);

      const signed = await port.sign(wallet.key, r, prepared.plan);
      const tx = JSON.parse(signed.raw);
      expect(signed.txId).toBe(createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex'));
      expect(tx.txID).toBe(signed.txId);
      expect(signed.key).toBe(signed.txId);
      expect(signed.data).toBe(prepared.plan);
      expect(tx.raw_data).toMatchObject({ expiration: plan.expiration, timestamp: plan.timestamp, fee_limit: plan.feeLimit, ref_block_hash: plan.refBlock.id.slice(16, 32) });
      // Offline: a port whose node cannot be reached signs the very same transaction.
      const offline = new TronPayoutChain({ httpUrl: 'http://127.0.0.1:9', name: 'TRON' });
      expect(await offline.sign(wallet.key, r, prepared.plan)).toEqual(signed);

      expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });
      await port.broadcast(signed.raw);
      const included = await waitForState(signed.txId, trackOf(wallet, signed), 'included');
      const info = await waitForInfo(faucet, signed.txId, INCLUDED_MS);
      expect(included).toEqual({ state: 'included', success: true, blockNumber: info.blockNumber });
      expect(await port.head()).toBeGreaterThanOrEqual(info.blockNumber);

      expect(await usdtBalance(to)).toBe(amount);
      expect(await usdtBalance(wallet.address)).toBe(50n * USDT - amount);
    },
    budget([INCLUDED_MS * 4]),
  );

  test(
    'the same bytes sent again, waiting or mined, are harmless: paid once',
    async () => {
      const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 10n * USDT });
      const to = newAccount().address;
      const signed = await signPayout(wallet, request(wallet, to, 3n * USDT));
      await port.broadcast(signed.raw);
      await port.broadcast(signed.raw);
      await waitForState(signed.txId, trackOf(wallet, signed), 'included');
      await port.broadcast(signed.raw);
      const head = await headNumber(faucet);
      await waitFor(async () => (await headNumber(faucet)) >= head + 3, INCLUDED_MS * 3, 'three more blocks');
      expect(await usdtBalance(to)).toBe(3n * USDT);
      expect(await usdtBalance(wallet.address)).toBe(7n * USDT);
    },
    budget([INCLUDED_MS * 5]),
  );

  test(
    'a payout that reverts is included, not a success',
    async () => {
      const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 1n * USDT });
      const small = request(wallet, newAccount().address, 1n * USDT);
      const prepared = await port.prepare(small);
      if (!prepared.ok) throw new Error(prepared.failure);
      // Signed for more than the wallet holds, past prepare's check: the token's transfer reverts.
      const signed = await port.sign(wallet.key, { ...small, amountBase: 2n * USDT }, prepared.plan);
      await port.broadcast(signed.raw);
      const state = await waitForState(signed.txId, trackOf(wallet, signed), 'included');
      expect(state).toMatchObject({ state: 'included', success: false });
      expect(await usdtBalance(wallet.address)).toBe(1n * USDT);
    },
    budget([INCLUDED_MS * 3]),
  );

  test('too little USDT, counting the payouts still on their way, fails with what the wallet holds and needs', async () => {
    const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 3n * USDT });
    const to = newAccount().address;
    expect(await failureOf(request(wallet, to, 4n * USDT))).toBe(
      `insufficient_token_balance: the refund wallet ${wallet.address} holds 3.000000 USDT on TRON, 4.000000 needed; fund it and create the refund again`,
    );
    const onTheirWay = [{ token: devnet.tokens.USDT, amountBase: 2n * USDT }];
    expect(await failureOf(request(wallet, to, 2n * USDT, { inFlight: onTheirWay }))).toMatch(/^insufficient_token_balance: .* holds 3\.000000 USDT on TRON, 4\.000000 needed;/);
    expect((await port.prepare(request(wallet, to, 1n * USDT, { inFlight: onTheirWay }))).ok).toBe(true);
  });

  test('a wallet that never received TRX does not exist on TRON and cannot send: refused before signing', async () => {
    const wallet = await fundedWallet({ usdt: 5n * USDT });
    expect(await failureOf(request(wallet, newAccount().address, 1n * USDT))).toBe(
      `insufficient_gas_balance: the refund wallet ${wallet.address} does not exist on TRON yet (it has never received TRX), so it cannot send; ` +
        'send it TRX for fees and create the refund again',
    );
  });

  test('without staked energy, the TRX the transfer would burn must be there: twice as much for an address holding no USDT', async () => {
    const wallet = await fundedWallet({ trx: 10n * TRX, usdt: 5n * USDT });
    // As mainnet reports an account that staked nothing: its daily free bandwidth only.
    devnet.setAccountResources(wallet.address, {});
    const fresh = newAccount().address;
    expect(await failureOf(request(wallet, fresh, 1n * USDT))).toBe(
      `insufficient_gas_balance: the refund wallet ${wallet.address} has 0 energy and 10 TRX on TRON; ` +
        "this refund takes about 130,000 energy (the customer's address holds no USDT yet, which costs twice the usual 65,000), " +
        'so about 13 TRX would be burnt for the energy and bandwidth it lacks; send TRX to the wallet (or stake or rent energy for it) and create the refund again',
    );
    // To an address that holds USDT: 65,000 energy, 6.5 TRX at 100 sun.
    const holder = (await fundedWallet({ usdt: 1n })).address;
    const prepared = await port.prepare(request(wallet, holder, 1n * USDT));
    expect(prepared.ok && JSON.parse(prepared.plan)).toMatchObject({ energy: 65_000 });
    // One payout on its way counts at 130,000 more (19.5 TRX), and the free bandwidth covers only one
    // of the two transactions (0.4 TRX).
    expect(await failureOf(request(wallet, holder, 1n * USDT, { inFlight: [{ token: devnet.tokens.USDT, amountBase: 1n }] }))).toMatch(
      /, and 195,000 together with the 1 payout still on their way, so about 19\.9 TRX would be burnt/,
    );
    // Energy rented for it: nothing to burn.
    devnet.setAccountResources(wallet.address, { EnergyLimit: 200_000, EnergyUsed: 60_000 });
    expect((await port.prepare(request(wallet, fresh, 1n * USDT))).ok).toBe(true);
  });

  test('a contract is told from an account; the manual payout request is the bare address', async () => {
    expect(await port.isContract(devnet.tokens.USDT)).toBe(true);
    expect(await port.isContract(newAccount().address)).toBe(false);
    const to = newAccount().address;
    expect(port.request(devnet.tokens.USDT, to, 1_500_000n)).toBe(to);
  });

  test(
    'a transfer the owner made by hand is followed by its id alone',
    async () => {
      const owner = newAccount();
      const ownerWeb = tronWeb(devnet, owner.privateKey);
      await waitForInfo(faucet, ((await faucet.trx.sendTrx(owner.address, 10_000_000)) as any).txid, INCLUDED_MS);
      await waitForInfo(faucet, await (await usdtOf(faucet)).mint(owner.address, '1000000').send(), INCLUDED_MS);
      const txId: string = await (await usdtOf(ownerWeb)).transfer(newAccount().address, '1000000').send();
      const included = await waitForState(txId, null, 'included');
      expect(included).toMatchObject({ state: 'included', success: true });
      expect(await port.confirm('ab'.repeat(32), null)).toEqual({ state: 'missing' });
    },
    budget([INCLUDED_MS * 3]),
  );
});

describe("TRON payout expiry, with the chain's clock driven by hand", () => {
  beforeAll(async () => {
    // No block unless a test mines one, at the time it chooses.
    await anvil(devnet, 'evm_setIntervalMining', [0]);
  });
  afterAll(async () => {
    await anvil(devnet, 'evm_setIntervalMining', [1]);
  });

  /** Mines one block with this timestamp (ms, whole seconds). */
  const mineAt = async (ms: number) => {
    await anvil(devnet, 'evm_setNextBlockTimestamp', [ms / 1000]);
    await mine(devnet, 1);
  };

  test('a payout in the node’s pool is waiting; one signed and never sent is missing, and its bytes still land', async () => {
    const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 5n * USDT });
    const to = newAccount().address;
    const signed = await signPayout(wallet, request(wallet, to, 2n * USDT));
    expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });
    await mine(devnet, 3);
    expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });

    // What the worker does with a missing payout: the same bytes again.
    await port.broadcast(signed.raw);
    expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'waiting' });
    await mine(devnet, 1);
    expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toMatchObject({ state: 'included', success: true });
    expect(await usdtBalance(to)).toBe(2n * USDT);
  });

  test('two payouts alike, planned from one block, are two transactions: each is timed after the wallet’s earlier ones', async () => {
    const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 5n * USDT });
    const to = newAccount().address;
    const first = await signPayout(wallet, request(wallet, to, 1n * USDT));
    const second = await signPayout(wallet, request(wallet, to, 1n * USDT, { previous: [first.data] }));
    expect(second.txId).not.toBe(first.txId);
    expect(JSON.parse(second.data).timestamp).toBe(JSON.parse(first.data).timestamp + 1);
    await port.broadcast(first.raw);
    await port.broadcast(second.raw);
    await mine(devnet, 1);
    expect(await usdtBalance(to)).toBe(2n * USDT);
  });

  test('a payout never sent is missing until the block 19 below the head is past its expiration, dead from then on, and refused by the node', async () => {
    const wallet = await fundedWallet({ trx: 100n * TRX, usdt: 5n * USDT });
    const to = newAccount().address;
    const signed = await signPayout(wallet, request(wallet, to, 1n * USDT));
    const track = trackOf(wallet, signed);
    const { expiration } = JSON.parse(signed.data) as { expiration: number };

    await mineAt(expiration - 1_000);
    expect(await port.confirm(signed.txId, track)).toEqual({ state: 'missing' });
    // The head reaches the expiration: the node refuses the transaction from now on...
    await mineAt(expiration);
    await expect(port.broadcast(signed.raw)).rejects.toThrow(`the TRON node refused payout ${signed.txId}: TRANSACTION_EXPIRATION_ERROR: Transaction expired`);
    // ...but until that block is irreversible, another branch of the chain could still have taken it.
    for (let i = 1; i < IRREVERSIBLE_DEPTH; i++) {
      await mineAt(expiration + i * 1_000);
      expect(await port.confirm(signed.txId, track)).toEqual({ state: 'missing' });
    }
    await mineAt(expiration + IRREVERSIBLE_DEPTH * 1_000);
    const dead = await port.confirm(signed.txId, track);
    expect(dead).toEqual({
      state: 'dead',
      failure:
        `payout_expired: payout ${signed.txId} expired at ${new Date(expiration).toISOString()} without being included in a block, ` +
        `and the chain is ${IRREVERSIBLE_DEPTH} blocks past that, so it can never land; nothing was paid`,
    });
    await mine(devnet, 2);
    expect(await port.confirm(signed.txId, track)).toEqual(dead);
    expect(await usdtBalance(to)).toBe(0n);
  });
});

/** A block's number, id and timestamp through the TRON face; the head when no number is given. */
async function blockHeader(number?: number): Promise<{ number: number; id: string; timestamp: number }> {
  const block: any = number === undefined ? await faucet.trx.getCurrentBlock() : await faucet.trx.getBlockByNumber(number);
  return { number: block.block_header.raw_data.number ?? 0, id: block.blockID, timestamp: block.block_header.raw_data.timestamp };
}
