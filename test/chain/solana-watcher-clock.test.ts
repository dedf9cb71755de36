/**
 * The Solana watcher on a surfnet whose slots come on a clock, as test mode runs it (solana-watcher.test.ts
 * uses surfnet's default, a block per transaction, where nothing is ever between `processed` and
 * `confirmed`). With the clock paused, a transfer sent stays `processed`: surfnet lists it and returns
 * it though asked for `confirmed`, while its block is not confirmed yet. Paid with web3.js 1.x.
 */
import { createRequire } from 'node:module';
import { createSolanaRpc } from '@solana/kit';
import { createMint, createTransferCheckedInstruction, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { Connection, Keypair, type PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SolanaWatcher } from '../../src/chains/solana/watcher.js';
import { FakeWatcherPorts } from '../helpers/fake-watcher-ports.js';

interface Surfnet {
  rpcUrl: string;
  wsUrl: string;
  payerSecretKey: number[];
  stop(): void;
}

const DECIMALS = 6;
const SLOT_MS = 50;

let surfnet: Surfnet;
let connection: Connection;
let payer: Keypair;
let mint: PublicKey;
let payerAccount: PublicKey;
let merchantAccount: PublicKey;

/** A surfnet cheatcode, over its JSON-RPC. */
async function cheat(method: 'surfnet_pauseClock' | 'surfnet_resumeClock'): Promise<void> {
  const res = await fetch(surfnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
}

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const native = require('@solana/surfpool-linux-x64-gnu') as { Surfnet: { startWithConfig(config: object): Surfnet } };
  surfnet = native.Surfnet.startWithConfig({ offline: true, blockProductionMode: 'clock', slotTimeMs: SLOT_MS });
  connection = new Connection(surfnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: surfnet.wsUrl });
  payer = Keypair.fromSecretKey(Uint8Array.from(surfnet.payerSecretKey));
  mint = await createMint(connection, payer, payer.publicKey, null, DECIMALS);
  payerAccount = (await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey)).address;
  merchantAccount = (await getOrCreateAssociatedTokenAccount(connection, payer, mint, Keypair.generate().publicKey)).address;
  await mintTo(connection, payer, mint, payerAccount, payer, 1_000_000_000n);
}, 60_000);

afterAll(() => {
  (connection as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  surfnet?.stop();
});

test('a transfer only processed (its block not confirmed yet) is left for a later pass, without failing the pass; reported once confirmed', async () => {
  const rpc = createSolanaRpc(surfnet.rpcUrl);
  const ports = new FakeWatcherPorts();
  const accounts = [{ currency: 'USDC' as const, mint: mint.toBase58(), account: merchantAccount.toBase58(), decimals: DECIMALS }];
  const watcher = new SolanaWatcher({ rpc, merchantTokenAccounts: accounts, expectedChainId: await rpc.getGenesisHash().send(), pollMs: 100 }, ports);
  await watcher.tick(); // follows the account from its newest signature
  const reference = Keypair.generate().publicKey;
  ports.watched.add(reference.toBase58());

  await cheat('surfnet_pauseClock');
  let signature: string;
  try {
    const ix = createTransferCheckedInstruction(payerAccount, mint, merchantAccount, payer.publicKey, 2_500_000n, DECIMALS);
    ix.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(ix);
    tx.sign(payer);
    signature = await connection.sendRawTransaction(tx.serialize());
    // The node lists it (as `processed`) though asked for `confirmed`: what the watcher sees meanwhile.
    const listed = await connection.getSignaturesForAddress(merchantAccount, { limit: 1 }, 'confirmed');
    expect(listed[0]).toMatchObject({ signature, confirmationStatus: 'processed' });

    const cursor = ports.applied.at(-1)?.cursor;
    await watcher.tick(); // before the fix: "the RPC has no block for slot …", and a second's back-off
    expect(watcher.stats.lastError).toBeNull();
    expect(ports.transfers()).toEqual([]);
    expect(ports.applied.at(-1)?.cursor).toBe(cursor);
  } finally {
    await cheat('surfnet_resumeClock');
  }

  await expect.poll(async () => (await connection.getSignatureStatus(signature)).value?.confirmationStatus, { timeout: 5_000 }).toMatch(/^(confirmed|finalized)$/);
  await watcher.tick();
  expect(ports.transfers()).toMatchObject([{ txId: signature, to: reference.toBase58(), amountBase: 2_500_000n }]);
});
