/**
 * Test mode's Solana devnet (surfnet in this process): its test mints, what survives a restart, the
 * funding of the refund wallet and `stablepos devnet pay`. What the devnet does is read back with an
 * independent wallet library, @solana/web3.js 1.x and @solana/spl-token, as a merchant's tools would.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { getAccount, getAssociatedTokenAddressSync, getMint, getOrCreateAssociatedTokenAccount, mintTo, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, type ParsedInstruction, PublicKey, sendAndConfirmRawTransaction } from '@solana/web3.js';
import { base58 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningSolanaDevnet, solanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { addressOfKey } from '../../src/chains/solana/devnet/test-keys.js';

/** Short slots: transactions confirm within a few of them. */
const BLOCK_TIME_SECONDS = 0.05;

let dir: string;
let devnetDir: string;
let devnet: RunningSolanaDevnet;
let connection: Connection;

async function start(): Promise<RunningSolanaDevnet> {
  const started = await solanaDevnet.start('solana', { dir: devnetDir, blockTimeSeconds: BLOCK_TIME_SECONDS });
  connection = new Connection(started.rpcUrl, { commitment: 'confirmed', wsEndpoint: started.wsUrl });
  return started;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-'));
  devnetDir = join(dir, 'devnet');
  devnet = await start();
});

afterAll(async () => {
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A wallet of the test's own with SOL for fees and rent, given by surfnet's cheatcode. */
function walletWithSol(): Keypair {
  const wallet = Keypair.generate();
  devnet.surfnet.fundSolMany([{ address: wallet.publicKey.toBase58(), lamports: 10 * LAMPORTS_PER_SOL }]);
  return wallet;
}

/** The merchant's associated token account of a test mint, created as the app makes sure it exists. */
async function merchantAccount(merchant: PublicKey, mint: string): Promise<PublicKey> {
  const account = await getOrCreateAssociatedTokenAccount(connection, walletWithSol(), new PublicKey(mint), merchant);
  return account.address;
}

const tokenBalance = async (account: PublicKey) => (await getAccount(connection, account, 'confirmed')).amount;

describe('start', () => {
  test('describes the chain by the genesis hash surfnet reports, with test USDT and USDC mints of 6 decimals on the Token program', async () => {
    const { chainId, tokens } = solanaDevnet.describe(devnet);
    expect(chainId).toBe(await connection.getGenesisHash());
    expect(Object.keys(tokens).sort()).toEqual(['USDC', 'USDT']);
    expect(tokens.USDT!.contract).not.toBe(tokens.USDC!.contract);
    for (const token of [tokens.USDT!, tokens.USDC!]) {
      expect(token.decimals).toBe(6);
      const mint = await getMint(connection, new PublicKey(token.contract), 'confirmed', TOKEN_PROGRAM_ID);
      expect(mint.decimals).toBe(6);
      expect(mint.isInitialized).toBe(true);
      expect(mint.mintAuthority?.toBase58()).toBe(addressOfKey(devnet.mintAuthorityKey));
      expect(mint.freezeAuthority).toBeNull();
    }
  });

  test('describes a test DAI, watched and never offered: a Token-2022 mint of 8 decimals with the same mint authority', async () => {
    const { tokens, extraTokens } = solanaDevnet.describe(devnet);
    expect(extraTokens).toEqual([{ symbol: 'DAI', contract: devnet.dai.mint, decimals: 8, currency: null }]);
    expect(Object.values(tokens).map((t) => t.contract)).not.toContain(devnet.dai.mint);
    const mint = await getMint(connection, new PublicKey(devnet.dai.mint), 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect([mint.decimals, mint.isInitialized, mint.mintAuthority?.toBase58(), mint.freezeAuthority]).toEqual([8, true, addressOfKey(devnet.mintAuthorityKey), null]);
  });

  test('gives every test payer SOL, and writes where it listens for `devnet pay` beside its state file', async () => {
    expect(devnet.payerKeys).toHaveLength(solanaDevnet.payers);
    for (const key of devnet.payerKeys) expect(await connection.getBalance(new PublicKey(addressOfKey(key)))).toBeGreaterThan(LAMPORTS_PER_SOL);
    const endpoint = JSON.parse(readFileSync(join(devnetDir, 'solana.endpoint.json'), 'utf8'));
    expect(endpoint).toMatchObject({ rpcUrl: devnet.rpcUrl, wsUrl: devnet.wsUrl, mints: devnet.mints, decimals: { USDT: 6, USDC: 6 } });
    expect(JSON.stringify(endpoint)).not.toContain(devnet.mintAuthorityKey);
  });

  test('refuses a network it does not run', async () => {
    await expect(solanaDevnet.start('tron', { dir: devnetDir, blockTimeSeconds: BLOCK_TIME_SECONDS })).rejects.toThrow('no Solana devnet for tron');
  });
});

describe('fund', () => {
  test('gives the refund wallet SOL for fees and rent and the coins in its token accounts, with no transaction of its own', async () => {
    const wallet = Keypair.generate().publicKey;
    await solanaDevnet.fund(devnet, wallet.toBase58(), 25n);
    expect(await connection.getBalance(wallet)).toBeGreaterThanOrEqual(LAMPORTS_PER_SOL);
    for (const mint of [devnet.mints.USDT, devnet.mints.USDC]) {
      expect(await tokenBalance(getAssociatedTokenAddressSync(new PublicKey(mint), wallet))).toBe(25_000_000n);
    }
    // Its address is in the transactions that made its token accounts, but it signed none of them.
    for (const { signature } of await connection.getSignaturesForAddress(wallet)) {
      const tx = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      expect(tx!.transaction.message.accountKeys.find((k) => k.pubkey.equals(wallet))?.signer).toBe(false);
    }
  });
});

/** `stablepos devnet pay` from the devnet dir, with defaults for what a test does not care about. */
const pay = (options: Partial<Parameters<typeof solanaDevnet.pay>[0]>) =>
  solanaDevnet.pay({ dir: devnetDir, network: 'solana', payer: 1, currency: 'USDC', to: Keypair.generate().publicKey.toBase58(), amountMinor: 1_000_000n, ...options });

describe('pay', () => {
  test('pays the merchant\'s token account exactly, in a transferChecked that carries the reference as a read-only non-signer key', async () => {
    const merchant = Keypair.generate().publicKey;
    const destination = await merchantAccount(merchant, devnet.mints.USDC);
    const reference = Keypair.generate().publicKey;

    const signature = await pay({ payer: 2, currency: 'USDC', to: reference.toBase58(), amountMinor: 12_340_000n, recipient: merchant.toBase58() });

    expect(await tokenBalance(destination)).toBe(12_340_000n);
    const tx = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    const key = tx!.transaction.message.accountKeys.find((k) => k.pubkey.equals(reference));
    expect(key).toMatchObject({ signer: false, writable: false });
    const transfers = tx!.transaction.message.instructions.filter((i): i is ParsedInstruction => 'parsed' in i && i.parsed.type === 'transferChecked');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.parsed.info).toMatchObject({
      destination: destination.toBase58(),
      mint: devnet.mints.USDC,
      // An extra key after the authority reads, to the parser, as a multisig's signer.
      multisigAuthority: addressOfKey(devnet.payerKeys[1]!),
      signers: [reference.toBase58()],
      tokenAmount: { amount: '12340000', decimals: 6 },
    });
    // What Solana Pay's findReference does: the reference's history names the payment.
    expect((await connection.getSignaturesForAddress(reference)).map((s) => s.signature)).toEqual([signature]);
  });

  test('says so when the merchant has no token account of the coin, as a wallet cannot pay into a missing one', async () => {
    const merchant = Keypair.generate().publicKey.toBase58();
    await expect(pay({ currency: 'USDT', recipient: merchant })).rejects.toThrow(`the recipient ${merchant} has no token account of ${devnet.mints.USDT}`);
  });

  test('--token DAI sends the test DAI to the merchant\'s DAI account, opening it as a wallet sending any token does, naming the reference', async () => {
    const merchant = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;
    const destination = getAssociatedTokenAddressSync(new PublicKey(devnet.dai.mint), merchant, false, TOKEN_2022_PROGRAM_ID);
    expect(await connection.getAccountInfo(destination)).toBeNull();
    const signature = await pay({ token: 'DAI', to: reference.toBase58(), amountMinor: 1_500_000n, recipient: merchant.toBase58() });
    // 1.50 at DAI's 8 decimals.
    expect((await getAccount(connection, destination, 'confirmed', TOKEN_2022_PROGRAM_ID)).amount).toBe(150_000_000n);
    const tx = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    const transfer = tx!.transaction.message.instructions.find((ix) => 'parsed' in ix && ix.parsed.type === 'transferChecked') as ParsedInstruction;
    expect(transfer.programId.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(transfer.parsed.info).toMatchObject({ destination: destination.toBase58(), mint: devnet.dai.mint, tokenAmount: { amount: '150000000', decimals: 8 } });
    expect(tx!.transaction.message.accountKeys.map((k) => k.pubkey.toBase58())).toContain(reference.toBase58());
    await expect(pay({ token: 'FDUSD', recipient: merchant.toBase58() })).rejects.toThrow('--token must be "DAI"');
  });

  test('needs the recipient, a known payer and a running devnet', async () => {
    await expect(pay({})).rejects.toThrow('needs the merchant\'s wallet');
    await expect(pay({ payer: solanaDevnet.payers + 1, recipient: Keypair.generate().publicKey.toBase58() })).rejects.toThrow(`no test payer ${solanaDevnet.payers + 1}`);
    await expect(pay({ dir: join(dir, 'elsewhere'), recipient: Keypair.generate().publicKey.toBase58() })).rejects.toThrow('no solana devnet is running');
  });
});

describe('restart', () => {
  test('keeps the mint addresses and what mints them; balances are gone, and minting and paying work again', async () => {
    const merchant = Keypair.generate().publicKey;
    const before = await merchantAccount(merchant, devnet.mints.USDT);
    await pay({ currency: 'USDT', recipient: merchant.toBase58(), amountMinor: 2_000_000n });
    expect(await tokenBalance(before)).toBe(2_000_000n);
    const { mints, mintAuthorityKey, payerKeys, dai } = devnet;

    await devnet.stop();
    expect(existsSync(join(devnetDir, 'solana.endpoint.json'))).toBe(false);
    devnet = await start();

    expect(devnet.mints).toEqual(mints);
    expect(devnet.dai).toEqual(dai);
    expect(devnet.mintAuthorityKey).toBe(mintAuthorityKey);
    expect(devnet.payerKeys).toEqual(payerKeys);
    expect(solanaDevnet.describe(devnet).chainId).toBe(await connection.getGenesisHash());
    const mint = await getMint(connection, new PublicKey(mints.USDT), 'confirmed');
    expect(mint.decimals).toBe(6);
    // Surfnet kept no account of the last run: the merchant's token account must be made again.
    expect(await connection.getAccountInfo(before)).toBeNull();
    const after = await merchantAccount(merchant, mints.USDT);
    expect(after.equals(before)).toBe(true);
    await pay({ currency: 'USDT', recipient: merchant.toBase58(), amountMinor: 3_000_000n });
    expect(await tokenBalance(after)).toBe(3_000_000n);
  });
});

describe('a Solana Pay transfer request', () => {
  test('@solana/pay parses a solana: URI of the form the app issues, and the transfer its createTransfer builds from it pays the merchant', async () => {
    const merchant = Keypair.generate().publicKey;
    // createTransfer refuses a recipient wallet that does not exist on chain, i.e. holds no SOL.
    devnet.surfnet.fundSolMany([{ address: merchant.toBase58(), lamports: LAMPORTS_PER_SOL }]);
    const destination = await merchantAccount(merchant, devnet.mints.USDT);
    const reference = Keypair.generate().publicKey;
    const uri =
      `solana:${merchant.toBase58()}?amount=12.34&spl-token=${devnet.mints.USDT}&reference=${reference.toBase58()}` +
      `&label=${encodeURIComponent('Café Nord')}&message=${encodeURIComponent('Order 42')}`;

    const request = parseURL(uri) as TransferRequestURL;
    expect(request.recipient.equals(merchant)).toBe(true);
    expect(request.amount?.toString()).toBe('12.34');
    expect(request.splToken?.toBase58()).toBe(devnet.mints.USDT);
    expect(request.reference?.map((r) => r.toBase58())).toEqual([reference.toBase58()]);
    expect([request.label, request.message]).toEqual(['Café Nord', 'Order 42']);

    // A customer's wallet, holding test USDT minted by the devnet's authority.
    const payer = Keypair.fromSecretKey(base58.decode(devnet.payerKeys[2]!));
    const mintAuthority = Keypair.fromSecretKey(base58.decode(devnet.mintAuthorityKey));
    const source = await getOrCreateAssociatedTokenAccount(connection, payer, new PublicKey(devnet.mints.USDT), payer.publicKey);
    await mintTo(connection, payer, new PublicKey(devnet.mints.USDT), source.address, mintAuthority, 20_000_000n);
    const { recipient, amount, splToken, reference: references } = request;
    const transaction = await createTransfer(connection, payer.publicKey, { recipient, amount: amount!, splToken, reference: references }, { commitment: 'confirmed' });
    transaction.feePayer = payer.publicKey;
    transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    transaction.sign(payer);
    const signature = await sendAndConfirmRawTransaction(connection, transaction.serialize(), { commitment: 'confirmed' });

    expect(await tokenBalance(destination)).toBe(12_340_000n);
    const tx = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(tx!.transaction.message.accountKeys.find((k) => k.pubkey.equals(reference))).toMatchObject({ signer: false, writable: false });
  });
});

describe('an older state file', () => {
  test('written before the test DAI existed, it keeps its mints and keys and gets a DAI mint, fixed from then on', async () => {
    const { mints, payerKeys } = devnet;
    await devnet.stop();
    const file = join(devnetDir, 'solana.json');
    const { daiMint: _dropped, ...older } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(older));
    devnet = await start();
    expect([devnet.mints, devnet.payerKeys]).toEqual([mints, payerKeys]);
    expect(JSON.parse(readFileSync(file, 'utf8')).daiMint).toBe(devnet.dai.mint);
    expect((await getMint(connection, new PublicKey(devnet.dai.mint), 'confirmed', TOKEN_2022_PROGRAM_ID)).decimals).toBe(8);
    const { dai } = devnet;
    await devnet.stop();
    devnet = await start();
    expect(devnet.dai).toEqual(dai);
  });
});
