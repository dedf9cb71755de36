/**
 * The TRON devnet stand-in (anvil behind java-tron's HTTP API and /jsonrpc), driven by an unmodified
 * TronWeb client as a wallet and a refund would drive a TRON node: minting, paying, reading balances,
 * confirmation and solidification; java-tron's refusals; the Ethereum-compatible logs a watcher reads;
 * and a restart, including one after a crash between handing a transaction to anvil and recording it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TronWeb } from 'tronweb';
import { createPublicClient, http, parseAbiItem, serializeSignature } from 'viem';
import { sign } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toEvmAddress, toTronHex } from '../../src/chains/tron/address-format.js';
import {
  TRON_DEVNET_CHAIN_ID,
  TRON_DEVNET_SOLIDIFIED_LAG,
  type TronDevnet,
  type TronDevnetOptions,
  startTronDevnet,
} from '../../src/chains/tron/devnet/tron-devnet.js';
import { budget, waitFor } from '../helpers/evm-chain.js';
import { anvil, headNumber, inclusionMs, messageText, mine, newAccount, tronWeb, waitForInfo } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.2;
/** A TRON block is solidified once 19 more are built on it (70 % of the 27 super representatives). */
const SOLIDIFIED_LAG = 19;
// Small, so that the range rule is tested without mining 5,000 blocks (java-tron's default, and ours).
const MAX_LOG_BLOCK_RANGE = 40;
/** anvil must listen within 15 s, and a stop may take 20 s (its dump, then SIGKILL). */
const START_MS = 15_000;
const STOP_MS = 20_000;
const INCLUDED_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
/** Solidified: 19 more blocks, each of which may be late like an inclusion. */
const SOLIDIFIED_MS = INCLUDED_MS * 2 + SOLIDIFIED_LAG * BLOCK_TIME_SECONDS * 1_000 * 10;

let dir: string;
let stateFile: string;
let devnet: TronDevnet;

async function start(options: Partial<TronDevnetOptions> = {}): Promise<TronDevnet> {
  return startTronDevnet({ stateFile, blockTimeSeconds: BLOCK_TIME_SECONDS, maxLogBlockRange: MAX_LOG_BLOCK_RANGE, ...options });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-tron-'));
  stateFile = join(dir, 'devnet', 'tron.json');
  devnet = await start();
}, START_MS);

afterAll(async () => {
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, STOP_MS);

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** What the payment tests leave for the later ones (the log, the restart). */
const paid = { txId: '', blockNumber: 0, payer: '', recipient: '', amount: 12_340_000n, signed: undefined as any };

async function usdtOf(web: TronWeb): Promise<any> {
  return web.contract().at(devnet.tokens.USDT);
}

async function balanceOf(web: TronWeb, owner: string): Promise<bigint> {
  return BigInt(await (await usdtOf(web)).balanceOf(owner).call());
}

/** A signed USDT transfer built by the node (`/wallet/triggersmartcontract`), not broadcast. */
async function signedTransfer(web: TronWeb, privateKey: string, to: string, amount: bigint, options: Record<string, unknown> = {}): Promise<any> {
  const from = web.address.fromPrivateKey(privateKey) as string;
  const { transaction } = await web.transactionBuilder.triggerSmartContract(
    devnet.tokens.USDT,
    'transfer(address,uint256)',
    { feeLimit: 30_000_000, ...options },
    [
      { type: 'address', value: to },
      { type: 'uint256', value: amount.toString() },
    ],
    from,
  );
  return web.trx.sign(transaction, privateKey);
}

describe('TRON devnet stand-in, with an unmodified TronWeb', () => {
  test('a fresh chain starts past the solidified depth, so nothing ever references its genesis block (whose hash anvil does not keep across restarts)', async () => {
    expect(await headNumber(tronWeb(devnet))).toBeGreaterThan(TRON_DEVNET_SOLIDIFIED_LAG);
  });

  test(
    'mints and transfers the 6-decimal test USDT, reads balances, sees the transfer confirmed and then solidified',
    async () => {
      const payerKey = devnet.payerKeys[0]!;
      const web = tronWeb(devnet, payerKey);
      const payer = web.defaultAddress.base58 as string;
      const recipient = newAccount().address;
      const usdt = await usdtOf(web);
      expect(await usdt.decimals().call()).toBe(6n);
      expect(await usdt.symbol().call()).toBe('USDT');
      expect(devnet.decimals.USDT).toBe(6);
      const payerBefore = await balanceOf(web, payer);

      // Built by the node and by TronWeb alone (txLocal, with a block header from /wallet/getblock).
      const mintTx: string = await usdt.mint(payer, 100_000_000).send();
      const transferTx: string = await usdt.transfer(recipient, paid.amount.toString()).send({ txLocal: true });
      expect(transferTx).toMatch(/^[0-9a-f]{64}$/);

      const mintInfo = await waitForInfo(web, mintTx, INCLUDED_MS);
      const info = await waitForInfo(web, transferTx, INCLUDED_MS);
      expect(mintInfo.receipt.result).toBe('SUCCESS');
      expect(info).toMatchObject({
        id: transferTx,
        contract_address: toTronHex(devnet.tokens.USDT),
        receipt: { result: 'SUCCESS' },
        contractResult: [`${'0'.repeat(63)}1`],
      });
      expect(info.receipt.energy_usage_total).toBeGreaterThan(0);
      expect(info.log).toEqual([
        {
          address: toEvmAddress(devnet.tokens.USDT).slice(2),
          topics: [
            'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
            toEvmAddress(payer).slice(2).padStart(64, '0'),
            toEvmAddress(recipient).slice(2).padStart(64, '0'),
          ],
          data: paid.amount.toString(16).padStart(64, '0'),
        },
      ]);

      expect(await balanceOf(web, recipient)).toBe(paid.amount);
      expect(await balanceOf(web, payer)).toBe(payerBefore + 100_000_000n - paid.amount);

      const tx: any = await web.trx.getTransaction(transferTx);
      expect(tx.ret).toEqual([{ contractRet: 'SUCCESS' }]);
      expect(tx.raw_data.contract[0].parameter.value.owner_address).toBe(toTronHex(payer));
      const block: any = await web.trx.getBlockByNumber(info.blockNumber);
      expect(block.transactions.map((t: any) => t.txID)).toContain(transferTx);
      expect(block.block_header.raw_data.timestamp).toBe(info.blockTimeStamp);
      expect(((await web.trx.getBlockByHash(block.blockID)) as any).blockID).toBe(block.blockID);
      const getblock = async (params: object) =>
        (await (await fetch(`${devnet.httpUrl}/wallet/getblock`, { method: 'POST', body: JSON.stringify(params) })).json()) as any;
      expect((await getblock({ id_or_num: block.blockID, detail: true })).transactions).toEqual(block.transactions);
      expect(await getblock({ id_or_num: String(info.blockNumber) })).toEqual({ blockID: block.blockID, block_header: block.block_header });
      expect(await getblock({ id_or_num: 'latest' })).toEqual({ Error: 'id must be legal block hash.' });

      // Solidified 19 blocks later: TronWeb's getTransactionInfo asks /walletsolidity.
      const solid = await waitForInfo(web, transferTx, SOLIDIFIED_MS, true);
      expect(solid).toEqual(info);
      expect(await headNumber(web)).toBeGreaterThanOrEqual(info.blockNumber + SOLIDIFIED_LAG);
      expect(((await web.trx.getConfirmedTransaction(transferTx)) as any).txID).toBe(transferTx);

      Object.assign(paid, { txId: transferTx, blockNumber: info.blockNumber, payer, recipient });
    },
    budget([INCLUDED_MS, INCLUDED_MS, SOLIDIFIED_MS]),
  );

  test(
    "java-tron's refusals: a broken signature, another signer, a changed transaction, an expired one, a stale block reference",
    async () => {
      const payerKey = devnet.payerKeys[1]!;
      const web = tronWeb(devnet, payerKey);
      await (await usdtOf(web)).mint(web.defaultAddress.base58, 10_000_000).send();
      const recipient = newAccount().address;
      const refused: string[] = [];
      const expectRefusal = async (tx: any, code: string, message: string | RegExp) => {
        const answer: any = await web.trx.sendRawTransaction(tx);
        expect(answer.result).toBeUndefined();
        expect(answer.code).toBe(code);
        expect(messageText(answer)).toMatch(message);
        refused.push(answer.txid);
      };

      const good = await signedTransfer(web, payerKey, recipient, 1_000_000n);
      const broken = structuredClone(good);
      // r changed: the signature no longer recovers to the owner.
      broken.signature = [`${good.signature[0].slice(0, 10)}${good.signature[0][10] === '0' ? '1' : '0'}${good.signature[0].slice(11)}`];
      await expectRefusal(broken, 'SIGERROR', /^Validate signature error: /);

      const other = devnet.payerKeys[2]!;
      // TronWeb will not sign with a key that is not the owner's: signed here, as any wallet could.
      const foreign = { ...good, signature: [serializeSignature(await sign({ hash: `0x${good.txID}`, privateKey: `0x${other}` })).slice(2)] };
      await expectRefusal(
        foreign,
        'SIGERROR',
        `Validate signature error: ${foreign.signature[0].toLowerCase()} is signed by ${web.address.fromPrivateKey(other)} but it is not contained of permission.`,
      );

      // The amount changed after signing: the id java-tron computes from raw_data is another one.
      const changed = structuredClone(good);
      const value = changed.raw_data.contract[0].parameter.value;
      value.data = value.data.slice(0, -8) + '05f5e100';
      await expectRefusal(changed, 'SIGERROR', /is signed by T\w+ but it is not contained of permission\.$/);

      const ref = await web.trx.getCurrentRefBlockParams();
      const expired = await signedTransfer(web, payerKey, recipient, 1_000_000n, {
        txLocal: true,
        blockHeader: { ...ref, expiration: ref.timestamp - 1_000 },
      });
      await expectRefusal(expired, 'TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');

      // Still valid at the head, but gone before the next block's slot (3 s on): java-tron refuses it too.
      const beforeNextSlot = await signedTransfer(web, payerKey, recipient, 1_000_000n, {
        txLocal: true,
        blockHeader: { ...ref, expiration: ref.timestamp + 2_000 },
      });
      await expectRefusal(beforeNextSlot, 'TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');

      const farFuture = await signedTransfer(web, payerKey, recipient, 1_000_000n, {
        txLocal: true,
        blockHeader: { ...ref, expiration: ref.timestamp + 25 * 3_600_000 },
      });
      await expectRefusal(farFuture, 'TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');

      const stale = await signedTransfer(web, payerKey, recipient, 1_000_000n, {
        txLocal: true,
        blockHeader: { ...ref, ref_block_hash: '0'.repeat(16) },
      });
      await expectRefusal(stale, 'TAPOS_ERROR', 'Tapos check error.');

      // None of them ran: two more blocks, and still no trace of any.
      const head = await headNumber(web);
      await waitFor(async () => (await headNumber(web)) >= head + 2, INCLUDED_MS * 2, 'two more blocks');
      for (const txId of refused) expect(await web.trx.getUnconfirmedTransactionInfo(txId)).toEqual({});
      expect(await balanceOf(web, recipient)).toBe(0n);

      // The untouched original is fine.
      expect((await web.trx.sendRawTransaction(good)).result).toBe(true);
      await waitForInfo(web, good.txID, INCLUDED_MS);
      expect(await balanceOf(web, recipient)).toBe(1_000_000n);
    },
    budget([INCLUDED_MS, INCLUDED_MS * 2, INCLUDED_MS]),
  );

  test(
    'a re-broadcast of a known transaction is DUP_TRANSACTION_ERROR, waiting or mined, and pays once',
    async () => {
      const payerKey = devnet.payerKeys[2]!;
      const web = tronWeb(devnet, payerKey);
      await (await usdtOf(web)).mint(web.defaultAddress.base58, 5_000_000).send();
      const recipient = newAccount().address;
      const signed = await signedTransfer(web, payerKey, recipient, 2_500_000n);

      expect(await web.trx.sendRawTransaction(signed)).toMatchObject({ result: true, txid: signed.txID });
      const waiting: any = await web.trx.sendRawTransaction(signed);
      expect(waiting).toMatchObject({ code: 'DUP_TRANSACTION_ERROR', txid: signed.txID });
      expect(messageText(waiting)).toBe('Dup transaction.');

      await waitForInfo(web, signed.txID, INCLUDED_MS);
      expect(await web.trx.sendRawTransaction(signed)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR', txid: signed.txID });
      const head = await headNumber(web);
      await waitFor(async () => (await headNumber(web)) >= head + 2, INCLUDED_MS * 2, 'two more blocks');
      expect(await balanceOf(web, recipient)).toBe(2_500_000n);
      paid.signed = signed;
    },
    budget([INCLUDED_MS, INCLUDED_MS * 2]),
  );

  test(
    'a transfer over the balance is accepted, mined and reverts, as on TRON; a call of it reverts too',
    async () => {
      const key = newAccount().privateKey;
      const web = tronWeb(devnet, key);
      const signed = await signedTransfer(web, key, newAccount().address, 1n);
      expect((await web.trx.sendRawTransaction(signed)).result).toBe(true);
      const info = await waitForInfo(web, signed.txID, INCLUDED_MS);
      expect(info).toMatchObject({ result: 'FAILED', resMessage: Buffer.from('REVERT opcode executed').toString('hex'), receipt: { result: 'REVERT' } });
      expect(((await web.trx.getTransaction(signed.txID)) as any).ret).toEqual([{ contractRet: 'REVERT' }]);

      const call = web.transactionBuilder.triggerConstantContract(
        devnet.tokens.USDT,
        'transfer(address,uint256)',
        {},
        [{ type: 'address', value: newAccount().address }, { type: 'uint256', value: '1' }],
        web.defaultAddress.base58 as string,
      );
      await expect(call).rejects.toThrow('REVERT opcode executed');
    },
    budget([INCLUDED_MS]),
  );

  test('TRX moves with TronWeb’s sendTrx; balances, accounts and resources read as java-tron answers them', async () => {
    const faucet = tronWeb(devnet, devnet.faucetKey);
    const fresh = newAccount();
    expect(await faucet.trx.getUnconfirmedAccount(fresh.address)).toEqual({});

    const sent: any = await faucet.trx.sendTrx(fresh.address, 2_000_000);
    expect(sent.result).toBe(true);
    const info = await waitForInfo(faucet, sent.txid, INCLUDED_MS);
    expect(info.receipt.net_usage).toBeGreaterThan(0);
    expect(await faucet.trx.getUnconfirmedBalance(fresh.address)).toBe(2_000_000);
    expect(await faucet.trx.getUnconfirmedAccount(fresh.address)).toEqual({ address: toTronHex(fresh.address), balance: 2_000_000 });

    // More than it holds: refused before anything runs.
    const own = tronWeb(devnet, fresh.privateKey);
    const tooMuch: any = await own.trx.sendTrx(newAccount().address, 3_000_000);
    expect(tooMuch.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(messageText(tooMuch)).toBe('Contract validate error : Validate TransferContract error, balance is not sufficient.');

    // Energy and bandwidth are not modelled: every account has plenty, so payout checks pass.
    const resources: any = await faucet.trx.getAccountResources(fresh.address);
    expect(resources.EnergyLimit).toBeGreaterThanOrEqual(1_000_000);
    expect(resources.freeNetLimit).toBeGreaterThan(0);
  }, budget([INCLUDED_MS]));

  test('the chain’s fee parameters, and one account’s resources as a test sets them, read through TronWeb', async () => {
    const web = tronWeb(devnet);
    const parameters = (await web.trx.getChainParameters()) as { key: string; value?: number }[];
    const value = (key: string) => parameters.find((p) => p.key === key)?.value;
    expect([value('getEnergyFee'), value('getTransactionFee'), value('getMaxFeeLimit'), value('getFreeNetLimit')]).toEqual([100, 1_000, 15_000_000_000, 600]);

    const account = newAccount().address;
    devnet.setAccountResources(account, { EnergyLimit: 50_000, EnergyUsed: 20_000, freeNetUsed: 0 });
    const set: any = await web.trx.getAccountResources(account);
    // Fields at 0 are left out, as java-tron prints them; the network's figures stay.
    expect(set).toMatchObject({ EnergyLimit: 50_000, EnergyUsed: 20_000, freeNetLimit: 600, TotalEnergyLimit: 180_000_000_000 });
    expect(set).not.toHaveProperty('freeNetUsed');
    expect(set).not.toHaveProperty('NetLimit');
    devnet.setAccountResources(account, null);
    expect(await web.trx.getAccountResources(account)).toMatchObject({ EnergyLimit: 10_000_000, NetLimit: 1_000_000 });
  });

  test('bad requests get java-tron’s answers, never a crash', async () => {
    const post = async (path: string, body: string) => {
      const res = await fetch(`${devnet.httpUrl}${path}`, { method: 'POST', body });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect(await post('/wallet/gettransactionbyid', '{"value":"zz"}')).toEqual({
      status: 200,
      body: { Error: 'value must be a 32-byte transaction id in hex, got "zz"' },
    });
    expect(await post('/wallet/gettransactioninfobyid', JSON.stringify({ value: 'ab'.repeat(32) }))).toEqual({ status: 200, body: {} });
    expect((await post('/wallet/getaccount', '{"address":"TNotAnAddress"}')).body.Error).toMatch(/^address: not a TRON address/);
    expect((await post('/wallet/broadcasttransaction', '{"raw_data":{}}')).body).toEqual({ Error: 'raw_data.contract must be a non-empty array' });
    expect((await post('/wallet/getnowblock', '{not json')).body.Error).toMatch(/^the request body is not JSON/);
    expect(await post('/wallet/freezebalancev2', '{}')).toEqual({
      status: 404,
      body: { Error: 'the TRON devnet stand-in does not serve /wallet/freezebalancev2' },
    });
    expect((await post('/jsonrpc', '{not json')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'JSON parse error' } });
    expect(await post('/wallet/getcontract', JSON.stringify({ value: toTronHex(newAccount().address) }))).toEqual({ status: 200, body: {} });
  });
});

describe("the TRON devnet's /jsonrpc, as a payment watcher reads it", () => {
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(devnet.jsonRpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) });
    return (await res.json()) as any;
  };

  test('the transfer’s Transfer log carries the TRON transaction id, 20-byte addresses and the amount', async () => {
    const client = createPublicClient({ transport: http(devnet.jsonRpcUrl, { retryCount: 0 }) });
    expect(await client.getChainId()).toBe(TRON_DEVNET_CHAIN_ID);
    const logs = await client.getLogs({
      address: toEvmAddress(devnet.tokens.USDT),
      event: transferEvent,
      args: { to: toEvmAddress(paid.recipient) },
      fromBlock: BigInt(paid.blockNumber),
      toBlock: BigInt(paid.blockNumber),
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]!.transactionHash).toBe(`0x${paid.txId}`);
    expect(logs[0]!.args).toEqual({ from: expect.any(String), to: expect.any(String), value: paid.amount });
    expect(logs[0]!.args.from!.toLowerCase()).toBe(toEvmAddress(paid.payer));
    expect(logs[0]!.args.to!.toLowerCase()).toBe(toEvmAddress(paid.recipient));

    // Block hashes are TRON block ids, as /wallet names the block.
    const web = tronWeb(devnet);
    const block: any = await web.trx.getBlockByNumber(paid.blockNumber);
    expect(logs[0]!.blockHash).toBe(`0x${block.blockID}`);
    const byHash = await client.getBlock({ blockHash: logs[0]!.blockHash! });
    expect(byHash.number).toBe(BigInt(paid.blockNumber));
    expect(byHash.transactions).toContain(`0x${paid.txId}`);
    const receipt = await client.getTransactionReceipt({ hash: `0x${paid.txId}` });
    expect(receipt.status).toBe('success');
    expect(receipt.logs[0]!.transactionHash).toBe(`0x${paid.txId}`);

    // eth_call reads the token as triggerconstantcontract does.
    const balance = await client.readContract({
      address: toEvmAddress(devnet.tokens.USDT),
      abi: [parseAbiItem('function balanceOf(address) view returns (uint256)')],
      functionName: 'balanceOf',
      args: [toEvmAddress(paid.recipient)],
    });
    expect(balance).toBe(paid.amount);
  });

  test('java-tron’s refusals: 41-form addresses, pending, ranges over the limit, sending', async () => {
    const usdt41 = toTronHex(devnet.tokens.USDT);
    expect((await rpc('eth_getLogs', [{ address: usdt41 }])).error).toEqual({ code: -32602, message: `invalid address: ${usdt41}`, data: '{}' });
    expect((await rpc('eth_getLogs', [{ address: [toEvmAddress(devnet.tokens.USDT), usdt41] }])).error.message).toBe(`invalid address at index 1: ${usdt41}`);
    expect((await rpc('eth_getLogs', [{ fromBlock: 'pending' }])).error).toMatchObject({ code: -32602, message: 'TAG pending not supported' });
    expect((await rpc('eth_getBlockByNumber', ['pending', false])).error).toMatchObject({ code: -32602, message: 'TAG pending not supported' });
    expect((await rpc('eth_getLogs', [{ fromBlock: '0x10', toBlock: '0x5' }])).error.message).toBe('please verify: fromBlock <= toBlock');
    expect((await rpc('eth_sendRawTransaction', ['0x00'])).error).toMatchObject({
      code: -32601,
      message: 'the method eth_sendRawTransaction does not exist/is not available',
    });
    expect((await rpc('eth_call', [{ to: toEvmAddress(devnet.tokens.USDT), data: '0x' }, '0x1'])).error.message).toBe(
      'QUANTITY not supported, just support TAG as latest',
    );

    // The range rule: to − from may be the limit, not more; an open end counts up to the head.
    const chainHead = async () => Number((await rpc('eth_blockNumber', [])).result);
    if ((await chainHead()) < MAX_LOG_BLOCK_RANGE * 2) await mine(devnet, MAX_LOG_BLOCK_RANGE * 2);
    // Mining paused, so that the head cannot move between the queries.
    await anvil(devnet, 'evm_setIntervalMining', [0]);
    const head = await chainHead();
    const from = (n: number) => `0x${n.toString(16)}`;
    const within = await rpc('eth_getLogs', [{ fromBlock: from(head - MAX_LOG_BLOCK_RANGE), toBlock: from(head) }]);
    expect(within.error).toBeUndefined();
    expect((await rpc('eth_getLogs', [{ fromBlock: from(head - MAX_LOG_BLOCK_RANGE - 1), toBlock: from(head) }])).error).toEqual({
      code: -32602,
      message: `exceed max block range: ${MAX_LOG_BLOCK_RANGE}`,
      data: '{}',
    });
    expect((await rpc('eth_getLogs', [{ fromBlock: '0x0' }])).error.message).toBe(`exceed max block range: ${MAX_LOG_BLOCK_RANGE}`);
    expect((await rpc('eth_getLogs', [{ fromBlock: from(head - MAX_LOG_BLOCK_RANGE) }])).error).toBeUndefined();
    await anvil(devnet, 'evm_setIntervalMining', [1]);
  });
});

describe('solidification and restarts', () => {
  test(
    '/walletsolidity and "finalized" lag exactly 19 blocks behind the head',
    async () => {
      const payerKey = devnet.payerKeys[0]!;
      const web = tronWeb(devnet, payerKey);
      // Interval mining paused: every block below is mined on purpose, so the counts are exact.
      await anvil(devnet, 'evm_setIntervalMining', [0]);
      try {
        const signed = await signedTransfer(web, payerKey, newAccount().address, 1n);
        expect((await web.trx.sendRawTransaction(signed)).result).toBe(true);
        await mine(devnet, 1);
        const included = await headNumber(web);
        expect((await web.trx.getUnconfirmedTransactionInfo(signed.txID) as any).blockNumber).toBe(included);

        const solidHead = async () => (await web.trx.getConfirmedCurrentBlock()).block_header.raw_data.number;
        const finalized = async () => Number((await (await fetch(devnet.jsonRpcUrl, {
          method: 'POST',
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['finalized', false] }),
        })).json() as any).result.number);

        expect(await solidHead()).toBe(included - SOLIDIFIED_LAG);
        expect(await finalized()).toBe(included - SOLIDIFIED_LAG);
        await mine(devnet, SOLIDIFIED_LAG - 1);
        expect(await web.trx.getTransactionInfo(signed.txID)).toEqual({});
        expect(await web.trx.getConfirmedTransaction(signed.txID).catch((e: Error) => e.message)).toBe('Transaction not found');

        await mine(devnet, 1);
        expect((await web.trx.getTransactionInfo(signed.txID) as any).blockNumber).toBe(included);
        expect(await solidHead()).toBe(included);
        expect(await finalized()).toBe(included);
      } finally {
        await anvil(devnet, 'evm_setIntervalMining', [1]);
      }
    },
  );

  test('a transaction a reorganisation dropped is gone from every view, and broadcast again it executes once', async () => {
    const payerKey = devnet.payerKeys[2]!;
    const web = tronWeb(devnet, payerKey);
    const recipient = newAccount().address;
    await anvil(devnet, 'evm_setIntervalMining', [0]);
    try {
      const signed = await signedTransfer(web, payerKey, recipient, 7n);
      const snapshot = await anvil<string>(devnet, 'evm_snapshot');
      expect((await web.trx.sendRawTransaction(signed)).result).toBe(true);
      await mine(devnet, 1);
      expect(((await web.trx.getUnconfirmedTransactionInfo(signed.txID)) as any).receipt.result).toBe('SUCCESS');

      // The block with the transaction is replaced by another without it.
      await anvil(devnet, 'evm_revert', [snapshot]);
      await mine(devnet, 1);
      expect(await web.trx.getUnconfirmedTransactionInfo(signed.txID)).toEqual({});
      expect(await web.trx.getTransaction(signed.txID).catch((e: Error) => e.message)).toBe('Transaction not found');
      expect(await balanceOf(web, recipient)).toBe(0n);

      expect(await web.trx.sendRawTransaction(signed)).toMatchObject({ result: true, txid: signed.txID });
      await mine(devnet, 1);
      expect(((await web.trx.getUnconfirmedTransactionInfo(signed.txID)) as any).receipt.result).toBe('SUCCESS');
      expect(await web.trx.sendRawTransaction(signed)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR' });
      expect(await balanceOf(web, recipient)).toBe(7n);
    } finally {
      await anvil(devnet, 'evm_setIntervalMining', [1]);
    }
  });

  test('after a reorganisation, a new transaction that anvil executes as the dropped one did does not make the dropped one look mined', async () => {
    // On TRON two transactions with the same call are two transactions (their ids differ by timestamp
    // and expiry). Under the stand-in, anvil executes both with the same sender, nonce and call data
    // after a revert, which is the same anvil transaction hash: the index must not then answer for the
    // dropped one with the other's execution, nor refuse the dropped one as a duplicate.
    const payerKey = devnet.payerKeys[0]!;
    const web = tronWeb(devnet, payerKey);
    const recipient = newAccount().address;
    await anvil(devnet, 'evm_setIntervalMining', [0]);
    try {
      const minted: string = await (await usdtOf(web)).mint(web.defaultAddress.base58, 14).send();
      await mine(devnet, 1);
      await waitForInfo(web, minted, INCLUDED_MS);
      const first = await signedTransfer(web, payerKey, recipient, 7n);
      const snapshot = await anvil<string>(devnet, 'evm_snapshot');
      expect((await web.trx.sendRawTransaction(first)).result).toBe(true);
      await mine(devnet, 1);
      expect(((await web.trx.getUnconfirmedTransactionInfo(first.txID)) as any).receipt.result).toBe('SUCCESS');
      await anvil(devnet, 'evm_revert', [snapshot]);

      // The same payment built again: another TRON transaction.
      const second = await signedTransfer(web, payerKey, recipient, 7n, { txLocal: true });
      expect(second.txID).not.toBe(first.txID);
      expect((await web.trx.sendRawTransaction(second)).result).toBe(true);
      await mine(devnet, 1);
      const secondInfo: any = await web.trx.getUnconfirmedTransactionInfo(second.txID);
      expect(secondInfo.receipt.result).toBe('SUCCESS');
      // Only the second is in the chain, in every view.
      expect(await web.trx.getUnconfirmedTransactionInfo(first.txID)).toEqual({});
      expect(await web.trx.getTransaction(first.txID).catch((e: Error) => e.message)).toBe('Transaction not found');
      const block: any = await web.trx.getBlockByNumber(secondInfo.blockNumber);
      expect(block.transactions.map((tx: any) => tx.txID)).toEqual([second.txID]);
      expect(await balanceOf(web, recipient)).toBe(7n);

      // The dropped one is still a valid transaction of its own: broadcast again, it executes too.
      expect(await web.trx.sendRawTransaction(first)).toMatchObject({ result: true, txid: first.txID });
      await mine(devnet, 1);
      expect(((await web.trx.getUnconfirmedTransactionInfo(first.txID)) as any).receipt.result).toBe('SUCCESS');
      expect(((await web.trx.getUnconfirmedTransactionInfo(second.txID)) as any).blockNumber).toBe(secondInfo.blockNumber);
      expect(await balanceOf(web, recipient)).toBe(14n);
    } finally {
      await anvil(devnet, 'evm_setIntervalMining', [1]);
    }
  });

  test(
    'a restart keeps balances, transaction lookups and duplicate checks',
    async () => {
      await devnet.stop();
      devnet = await start();
      // Any key: java-tron wants an owner_address even for a constant call.
      const web = tronWeb(devnet, devnet.payerKeys[0]);
      expect(await balanceOf(web, paid.recipient)).toBe(paid.amount);
      // The solidity view reads state 19 blocks back, which anvil lost with the restart: it answers
      // from the state it loaded instead of failing.
      expect(await web.trx.getBalance(web.defaultAddress.base58 as string)).toBeGreaterThan(0);
      expect(BigInt(await (await usdtOf(web)).balanceOf(paid.recipient).call({ confirmed: true }))).toBe(paid.amount);
      expect(((await web.trx.getTransaction(paid.txId)) as any).ret).toEqual([{ contractRet: 'SUCCESS' }]);
      expect(((await web.trx.getTransactionInfo(paid.txId)) as any).blockNumber).toBe(paid.blockNumber);
      expect(await web.trx.sendRawTransaction(paid.signed)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR' });
      const logs = await createPublicClient({ transport: http(devnet.jsonRpcUrl, { retryCount: 0 }) }).getLogs({
        address: toEvmAddress(devnet.tokens.USDT),
        event: transferEvent,
        fromBlock: BigInt(paid.blockNumber),
        toBlock: BigInt(paid.blockNumber),
      });
      expect(logs.map((l) => l.transactionHash)).toContain(`0x${paid.txId}`);
    },
    budget([STOP_MS, START_MS]),
  );

  test(
    'after a crash between handing a transaction to anvil and recording it, the next start finds it: a re-broadcast is a duplicate',
    async () => {
      const payerKey = devnet.payerKeys[1]!;
      const web = tronWeb(devnet, payerKey);
      const recipient = newAccount().address;
      const signed = await signedTransfer(web, payerKey, recipient, 1_000n);
      expect((await web.trx.sendRawTransaction(signed)).result).toBe(true);
      await waitForInfo(web, signed.txID, INCLUDED_MS);
      await devnet.stop();

      // The crash: the intent reached the disk, anvil executed it, its hash was never written.
      const index = `${stateFile}.transactions.jsonl`;
      const lines = readFileSync(index, 'utf8').split('\n');
      const sentLine = lines.findIndex((line) => line.includes('"kind":"sent"') && line.includes(signed.txID));
      expect(sentLine).toBeGreaterThan(0);
      lines.splice(sentLine, 1);
      writeFileSync(index, lines.join('\n'));

      devnet = await start();
      const again = tronWeb(devnet, payerKey);
      expect(await again.trx.sendRawTransaction(signed)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR', txid: signed.txID });
      expect(((await again.trx.getUnconfirmedTransactionInfo(signed.txID)) as any).receipt.result).toBe('SUCCESS');
      await mine(devnet, 2);
      expect(await balanceOf(again, recipient)).toBe(1_000n);
    },
    budget([INCLUDED_MS, STOP_MS, START_MS]),
  );
});
