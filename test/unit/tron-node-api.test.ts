/**
 * TRON payouts' line to a java-tron node, against a small fake node: what is sent (the API key
 * header), how java-tron's answers are read (`{"Error"}`, `{}`, hex-encoded broadcast refusals, pages
 * that are not JSON), and what the payout port makes of a node that lacks the pending-pool API or
 * names a broadcast transaction differently.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { broadcastRefusal, readMessage } from '../../src/chains/tron/broadcast-answer.js';
import { TronNodeApi, TronNodeHttpError } from '../../src/chains/tron/node-api.js';
import { TronPayoutChain } from '../../src/chains/tron/refund-payout.js';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe('broadcastRefusal', () => {
  test('taken, or already held (DUP_TRANSACTION_ERROR): no refusal', () => {
    expect(broadcastRefusal({ result: true, txid: 'ab' })).toBeNull();
    expect(broadcastRefusal({ code: 'DUP_TRANSACTION_ERROR', txid: 'ab', message: hex('Dup transaction.') })).toBeNull();
  });

  test('refusals read as CODE: reason, the hex-encoded reason decoded', () => {
    expect(broadcastRefusal({ code: 'TRANSACTION_EXPIRATION_ERROR', txid: 'ab', message: hex('Transaction expired') })).toBe('TRANSACTION_EXPIRATION_ERROR: Transaction expired');
    expect(broadcastRefusal({ code: 'TAPOS_ERROR', message: hex('Tapos check error.') })).toBe('TAPOS_ERROR: Tapos check error.');
    expect(broadcastRefusal({ code: 'BANDWITH_ERROR', message: hex('Account resource insufficient error.') })).toBe('BANDWITH_ERROR: Account resource insufficient error.');
    expect(broadcastRefusal({ code: 'SIGERROR', message: 'Validate signature error: visible text' })).toBe('SIGERROR: Validate signature error: visible text');
    expect(broadcastRefusal({ code: 'SERVER_BUSY' })).toBe('SERVER_BUSY');
    expect(broadcastRefusal({ result: false })).toBe('no result');
    expect(readMessage('')).toBe('');
  });
});

/** The fake node: answers per path; records what it received. */
let server: Server;
let url: string;
let answers: Record<string, { status?: number; body: string }>;
let received: { path: string; headers: IncomingHttpHeaders; body: string }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers[path] ?? { status: 404, body: '{"Error":"not served"}' };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = {};
  received = [];
});

describe('TronNodeApi', () => {
  const api = () => new TronNodeApi({ httpUrl: `${url}/`, name: 'TRON', headers: { 'TRON-PRO-API-KEY': 'key-1' } });

  test('POSTs JSON with the configured headers and returns the answer; {} is an answer', async () => {
    answers['/wallet/getaccount'] = { body: '{}' };
    expect(await api().post('/wallet/getaccount', { address: 'T1', visible: true })).toEqual({});
    expect(received[0]).toMatchObject({ path: '/wallet/getaccount', body: '{"address":"T1","visible":true}' });
    expect(received[0]!.headers['tron-pro-api-key']).toBe('key-1');
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  test("java-tron's {\"Error\"} throws with its text", async () => {
    answers['/wallet/getaccount'] = { body: '{"Error":"class java.lang.IllegalArgumentException : Invalid address"}' };
    await expect(api().post('/wallet/getaccount', {})).rejects.toThrow('the TRON node refused /wallet/getaccount: class java.lang.IllegalArgumentException : Invalid address');
  });

  test('no JSON object, an HTTP error or no answer at all: TronNodeHttpError with the status', async () => {
    answers['/wallet/getblock'] = { status: 503, body: '<html>busy</html>' };
    const busy = await api().post('/wallet/getblock', {}).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(TronNodeHttpError);
    expect(busy).toMatchObject({ status: 503, message: 'the TRON node answered /wallet/getblock with HTTP 503: <html>busy</html>' });
    answers['/wallet/getblock'] = { body: '[1]' };
    await expect(api().post('/wallet/getblock', {})).rejects.toMatchObject({ status: 200 });
    const missing = await api().post('/wallet/nothing', {}).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    const down = await new TronNodeApi({ httpUrl: 'http://127.0.0.1:9', name: 'TRON' }).post('/wallet/getblock', {}).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(TronNodeHttpError);
    expect(down).toMatchObject({ status: null, message: expect.stringMatching(/^the TRON node did not answer \/wallet\/getblock: /) });
  });
});

describe('TronPayoutChain on a node it can only partly trust', () => {
  const chain = () => new TronPayoutChain({ httpUrl: url, name: 'TRON', headers: { 'TRON-PRO-API-KEY': 'key-2' } });
  const txId = 'cd'.repeat(32);

  test('every call carries the API key; the head is read from the header-only /wallet/getblock', async () => {
    answers['/wallet/getblock'] = { body: JSON.stringify({ blockID: `${'0'.repeat(10)}2a${'1'.repeat(52)}`, block_header: { raw_data: { number: 42, timestamp: 1_000 } } }) };
    expect(await chain().head()).toBe(42);
    expect(received).toEqual([expect.objectContaining({ path: '/wallet/getblock', body: '{"detail":false}' })]);
    expect(received[0]!.headers['tron-pro-api-key']).toBe('key-2');
  });

  test('a node without the pending-pool API: a transaction it does not show is missing, and sent again', async () => {
    answers['/wallet/gettransactioninfobyid'] = { body: '{}' };
    answers['/wallet/gettransactionbyid'] = { body: '{}' };
    expect(await chain().confirm(txId, null)).toEqual({ state: 'missing' });
    answers['/wallet/gettransactionfrompending'] = { body: JSON.stringify({ txID: txId }) };
    expect(await chain().confirm(txId, null)).toEqual({ state: 'waiting' });
    // Any other failure of that call is a failure of the pass, not "unknown".
    answers['/wallet/gettransactionfrompending'] = { status: 502, body: 'bad gateway' };
    await expect(chain().confirm(txId, null)).rejects.toThrow('HTTP 502');
  });

  test('the pending pool is read before the chain: a transaction mined between the two reads is still found, not sent again', async () => {
    // As the node answers once the transaction left the pool for a block: not pending, on the chain.
    answers['/wallet/gettransactioninfobyid'] = { body: '{}' };
    answers['/wallet/gettransactionfrompending'] = { body: '{}' };
    answers['/wallet/gettransactionbyid'] = { body: JSON.stringify({ txID: txId }) };
    expect(await chain().confirm(txId, null)).toEqual({ state: 'waiting' });
    // Read the other way round, the pool was asked after the block took it: in neither, sent twice.
    expect(received.map((r) => r.path)).toEqual(['/wallet/gettransactioninfobyid', '/wallet/gettransactionfrompending', '/wallet/gettransactionbyid']);
  });

  test('a broadcast the node names by another id is reported, not taken as sent', async () => {
    answers['/wallet/broadcasttransaction'] = { body: JSON.stringify({ result: true, txid: 'ef'.repeat(32) }) };
    await expect(chain().broadcast(JSON.stringify({ txID: txId }))).rejects.toThrow(`the TRON node took payout ${txId} as transaction ${'ef'.repeat(32)}`);
    answers['/wallet/broadcasttransaction'] = { body: JSON.stringify({ code: 'SIGERROR', txid: txId, message: hex('Validate signature error: bad') }) };
    await expect(chain().broadcast(JSON.stringify({ txID: txId }))).rejects.toThrow(`the TRON node refused payout ${txId}: SIGERROR: Validate signature error: bad`);
    answers['/wallet/broadcasttransaction'] = { body: JSON.stringify({ code: 'DUP_TRANSACTION_ERROR', txid: txId, message: hex('Dup transaction.') }) };
    await expect(chain().broadcast(JSON.stringify({ txID: txId }))).resolves.toBeUndefined();
    expect(received.at(-1)!.body).toBe(JSON.stringify({ txID: txId }));
  });

  test('a receipt that ran out of energy is included but paid nothing', async () => {
    answers['/wallet/gettransactioninfobyid'] = { body: JSON.stringify({ id: txId, blockNumber: 7, receipt: { result: 'OUT_OF_ENERGY', energy_fee: 26_000_000 }, result: 'FAILED' }) };
    expect(await chain().confirm(txId, null)).toEqual({ state: 'included', success: false, blockNumber: 7 });
  });
});
