/**
 * The test-mode EVM devnets on real anvil processes: token deployment, open minting, a payment made of
 * really signed transactions, state kept across a restart (dumped on SIGTERM), and the ethereum and
 * bsc devnets side by side. Every state file lives in a temporary folder.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, createWalletClient, http, parseEventLogs, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DEVNET_CHAIN_IDS,
  DEVNET_DAI,
  DEVNET_DEPLOYER_ADDRESS,
  DEVNET_PAYER_KEYS,
  type Devnet,
  type DevnetOptions,
  createDevnetPublicClient,
  mintAndPay,
  startDevnet,
} from '../../src/chains/evm/devnet/devnet.js';
import { TEST_TOKEN_ABI } from '../../src/chains/anvil/test-token-artifact.js';
import { budget, PAY_MS } from '../helpers/evm-chain.js';

let dir: string;
const running = new Set<Devnet>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-devnet-'));
});

afterAll(async () => {
  await Promise.all([...running].map((devnet) => devnet.stop()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** For a test's budget: anvil must listen within 15 s, and a stop may take 20 s (its dump, then SIGKILL). */
const START_MS = 15_000;
const STOP_MS = 20_000;

async function start(options: Partial<DevnetOptions> & Pick<DevnetOptions, 'network'>): Promise<Devnet> {
  const devnet = await startDevnet({
    chainId: DEVNET_CHAIN_IDS[options.network]!,
    stateFile: join(dir, `${options.network}.json`),
    blockTimeSeconds: 0.2,
    ...options,
  });
  running.add(devnet);
  return devnet;
}

async function stop(devnet: Devnet): Promise<void> {
  await devnet.stop();
  running.delete(devnet);
}

function balanceOf(devnet: Devnet, token: 'USDT' | 'USDC', owner: Address): Promise<bigint> {
  return createDevnetPublicClient(devnet).readContract({
    address: devnet.tokens[token],
    abi: TEST_TOKEN_ABI,
    functionName: 'balanceOf',
    args: [owner],
  });
}

/** A fresh address nobody has used: whatever it holds came from the test. */
const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;

describe('local EVM devnet', () => {
  const recipient = newAddress();
  let ethereum: Devnet;
  let blockBeforeStop: bigint;

  test('a fresh chain gets USDT and USDC with the live decimals, and a test DAI with 18', async () => {
    // Dumps only on stop, so the restart below proves that SIGTERM makes anvil write its state.
    ethereum = await start({ network: 'ethereum', stateIntervalSeconds: 3_600 });
    const client = createDevnetPublicClient(ethereum);

    expect(ethereum.chainId).toBe(DEVNET_CHAIN_IDS.ethereum);
    expect(await client.getChainId()).toBe(DEVNET_CHAIN_IDS.ethereum);
    expect(ethereum.tokens.USDT).not.toBe(ethereum.tokens.USDC);
    expect(ethereum.decimals).toEqual({ USDT: 6, USDC: 6 });
    for (const token of ['USDT', 'USDC'] as const) {
      const address = ethereum.tokens[token];
      expect((await client.getCode({ address }))?.length).toBeGreaterThan(2);
      const read = (functionName: 'decimals' | 'symbol') =>
        client.readContract({ address, abi: TEST_TOKEN_ABI, functionName });
      expect(await read('decimals')).toBe(6);
      expect(await read('symbol')).toBe(token);
    }
    // The token the app does not support (issue 17), watched for unmatched deposits.
    const readDai = (functionName: 'decimals' | 'symbol') => client.readContract({ address: DEVNET_DAI.address, abi: TEST_TOKEN_ABI, functionName });
    expect([await readDai('symbol'), await readDai('decimals')]).toEqual(['DAI', 18]);
    // Three deployments and nothing else: the addresses follow from nonces 0, 1 and 2.
    expect(await client.getTransactionCount({ address: DEVNET_DEPLOYER_ADDRESS })).toBe(3);
  }, budget([START_MS]));

  test('anyone can mint, and minting is a Transfer from the zero address', async () => {
    const client = createDevnetPublicClient(ethereum);
    const minter = privateKeyToAccount(DEVNET_PAYER_KEYS[2]!);
    const holder = newAddress();
    const wallet = createWalletClient({ account: minter, chain: ethereum.chain, transport: http(ethereum.rpcUrl) });

    const hash = await wallet.writeContract({
      address: ethereum.tokens.USDC,
      abi: TEST_TOKEN_ABI,
      functionName: 'mint',
      args: [holder, 42_000_000n],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });

    expect(receipt.status).toBe('success');
    const [transfer] = parseEventLogs({ abi: TEST_TOKEN_ABI, eventName: 'Transfer', logs: receipt.logs });
    expect(transfer?.args).toEqual({
      from: '0x0000000000000000000000000000000000000000',
      to: holder,
      value: 42_000_000n,
    });
    expect(await balanceOf(ethereum, 'USDC', holder)).toBe(42_000_000n);
  });

  test('mintAndPay moves the amount to the recipient in signed transactions', async () => {
    const amount = parseUnits('12.34', 6);
    const payment = await mintAndPay(ethereum, {
      payerKey: DEVNET_PAYER_KEYS[0]!,
      token: 'USDT',
      to: recipient,
      amountBaseUnits: amount,
    });

    const client = createDevnetPublicClient(ethereum);
    const receipt = await client.getTransactionReceipt({ hash: payment.txHash });
    expect(receipt.blockNumber).toBe(payment.blockNumber);
    expect(receipt.from.toLowerCase()).toBe(payment.from.toLowerCase());
    const [transfer] = parseEventLogs({ abi: TEST_TOKEN_ABI, eventName: 'Transfer', logs: receipt.logs });
    expect(transfer?.address.toLowerCase()).toBe(ethereum.tokens.USDT.toLowerCase());
    expect(transfer?.args).toEqual({ from: payment.from, to: recipient, value: amount });
    expect(await balanceOf(ethereum, 'USDT', recipient)).toBe(amount);
    // The payer only passed the minted tokens on.
    expect(await balanceOf(ethereum, 'USDT', payment.from)).toBe(0n);
    blockBeforeStop = await client.getBlockNumber();
  });

  test('a restart on the same state file keeps the chain and deploys nothing again', async () => {
    const stateFile = join(dir, 'ethereum.json');
    const { tokens } = ethereum;
    await stop(ethereum);
    expect(statSync(stateFile).size).toBeGreaterThan(0);
    await expect(fetch(ethereum.rpcUrl, { method: 'POST' })).rejects.toThrow();

    ethereum = await start({ network: 'ethereum' });
    const client = createDevnetPublicClient(ethereum);

    expect(ethereum.tokens).toEqual(tokens);
    expect(await balanceOf(ethereum, 'USDT', recipient)).toBe(parseUnits('12.34', 6));
    expect(await client.getTransactionCount({ address: DEVNET_DEPLOYER_ADDRESS })).toBe(3);
    expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(blockBeforeStop);
  }, budget([STOP_MS, START_MS]));

  test('a second devnet on a state file in use waits, then is refused; the running one is unharmed', async () => {
    await expect(start({ network: 'ethereum', lockWaitMs: 300 })).rejects.toThrow(
      /the ethereum devnet's state file \S+ethereum\.json is in use by app pid \d+, guardian pid \d+, anvil pid \d+/,
    );
    expect(await balanceOf(ethereum, 'USDT', recipient)).toBe(parseUnits('12.34', 6));
  });

  test('ethereum and bsc devnets run side by side; bsc tokens carry 18 decimals', async () => {
    const bsc = await start({ network: 'bsc' });
    expect(bsc.chainId).toBe(DEVNET_CHAIN_IDS.bsc);
    expect(bsc.chainId).not.toBe(ethereum.chainId);
    expect(bsc.rpcUrl).not.toBe(ethereum.rpcUrl);
    expect(bsc.decimals).toEqual({ USDT: 18, USDC: 18 });

    const amount = parseUnits('5.000000000000000001', 18);
    const to = newAddress();
    const [onBsc, onEthereum] = await Promise.all([
      mintAndPay(bsc, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDC', to, amountBaseUnits: amount }),
      mintAndPay(ethereum, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDC', to, amountBaseUnits: 7n }),
    ]);

    expect(onBsc.txHash).not.toBe(onEthereum.txHash);
    expect(await balanceOf(bsc, 'USDC', to)).toBe(amount);
    expect(await balanceOf(ethereum, 'USDC', to)).toBe(7n);
    expect(await createDevnetPublicClient(bsc).getChainId()).toBe(DEVNET_CHAIN_IDS.bsc);
  }, budget([START_MS, PAY_MS]));

  test('an unreadable state file is reported, not silently replaced', async () => {
    const stateFile = join(dir, 'broken.json');
    writeFileSync(stateFile, '{"block": ');
    await expect(start({ network: 'bsc', stateFile })).rejects.toThrow(
      /anvil exited before listening[\s\S]*broken\.json/,
    );
  });
});
