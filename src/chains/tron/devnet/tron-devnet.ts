import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { decodeFunctionResult, encodeDeployData, encodeFunctionData } from 'viem';
import { resolveAnvilBinary } from '../../anvil/anvil-binary.js';
import { ANVIL_LOCK_WAIT_MS, type RunningAnvil, spawnAnvil } from '../../anvil/anvil-process.js';
import { lockStateFile } from '../../anvil/devnet-lock.js';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../anvil/test-token-artifact.js';
import { toEvmAddress, toTronHex } from '../address-format.js';
import { type AccountResourceFigures, AccountResources } from './account-resources.js';
import { AnvilRpc, type AnvilReceipt, type Hex, hexNumber } from './anvil-rpc.js';
import { Broadcaster } from './broadcast.js';
import { type KnownContract, SOLIDIFIED_LAG, TronChainView } from './chain-view.js';
import { serveHttp } from './http-server.js';
import { JsonRpcApi } from './json-rpc.js';
import {
  TRON_DEVNET_DEPLOYER_ADDRESS,
  TRON_DEVNET_FAUCET_ADDRESS,
  TRON_DEVNET_FAUCET_KEY,
  TRON_DEVNET_INITIAL_SUN,
  TRON_DEVNET_PAYER_ADDRESSES,
  TRON_DEVNET_PAYER_KEYS,
  TRON_DEVNET_DAI,
  TRON_DEVNET_USDT_ADDRESS,
} from './test-accounts.js';
import { toTronAbi } from './tron-abi.js';
import { TransactionIndex } from './transaction-index.js';
import { recoverUnsent } from './unsent-recovery.js';
import { walletApi } from './wallet-api.js';

/**
 * The TRON devnet of test mode: no TRON node can be installed here, so the chain is anvil (an EVM, as
 * TRON's TVM is) with TRON's chain id, behind an HTTP face shaped like a java-tron full node
 * (`/wallet/*`, `/walletsolidity/*` and `/jsonrpc`, docs/payments.md "The TRON devnet (stand-in)"), on
 * which an unmodified TronWeb client mints, pays and reads. TRON transactions are checked as java-tron
 * checks them (signature over the transaction id, expiry, TAPOS, duplicates) and executed on anvil as
 * their owner. Test tooling: production TRON code never imports this folder.
 *
 * Like the EVM devnets, the chain lives in a state file in the data dir, anvil dies with the app
 * (its guardian) and only one anvil at a time may write the file (its lock). Beside the state file,
 * `<state file>.transactions.jsonl` maps TRON transaction ids to anvil's.
 */

/** TRON mainnet's chain id, which `/jsonrpc`'s `eth_chainId` answers (0x2b6653dc). */
export const TRON_DEVNET_CHAIN_ID = 728126428;
/** USDT on TRON has 6 decimals; so does the devnet's test USDT. */
export const TRON_DEVNET_USDT_DECIMALS = 6;
/** TRON's block interval. */
export const TRON_DEVNET_DEFAULT_BLOCK_TIME_SECONDS = 3;
export const TRON_DEVNET_SOLIDIFIED_LAG = SOLIDIFIED_LAG;

const DEFAULT_STATE_INTERVAL_SECONDS = 5;
/** Blocks a fresh chain starts with: more than the solidified depth, so nothing references the genesis block. */
const FRESH_CHAIN_BLOCKS = SOLIDIFIED_LAG + 2;
const TOKEN_NAME = 'Test Tether USD';

export interface TronDevnetOptions {
  /** anvil's chain: loaded at start when it exists, written on stop and every `stateIntervalSeconds`. */
  stateFile: string;
  /** Seconds between blocks (fractions allowed, > 0): TRON's 3 by default; tests use less. */
  blockTimeSeconds?: number;
  /** Interface the HTTP API listens on; 127.0.0.1 unless given. anvil itself listens on loopback only. */
  host?: string;
  /** Port of the HTTP API; 0 (the default) lets the system pick a free one. */
  port?: number;
  stateIntervalSeconds?: number;
  /** How long to wait for another devnet on `stateFile` to end before failing; default 20 s. */
  lockWaitMs?: number;
  /** Blocks one `eth_getLogs` may span: java-tron's `node.jsonrpc.maxBlockRange`, 5,000 by default. */
  maxLogBlockRange?: number;
}

export interface TronDevnet {
  /** java-tron's HTTP API (`/wallet/*`, `/walletsolidity/*`): TronWeb's `fullHost`. */
  readonly httpUrl: string;
  /** java-tron's Ethereum-compatible JSON-RPC: `${httpUrl}/jsonrpc`. */
  readonly jsonRpcUrl: string;
  /**
   * anvil's own JSON-RPC, for tests that steer the chain (`anvil_mine`, `evm_snapshot`/`evm_revert`,
   * `anvil_reorg`). Not part of the TRON face: the app never talks to it.
   */
  readonly anvilRpcUrl: string;
  readonly chainId: number;
  readonly blockTimeSeconds: number;
  /** Token contracts, base58 `T…`. */
  readonly tokens: Readonly<{ USDT: string }>;
  readonly decimals: Readonly<{ USDT: number }>;
  /** The test DAI: not offered, watched for mistakes (issue 17). */
  readonly dai: Readonly<{ contract: string; decimals: number }>;
  /** Private keys (hex, as TronWeb takes them) of the test wallets that pay sessions, given TRX. */
  readonly payerKeys: readonly string[];
  /** Private key of the faucet, given TRX, that funds other test wallets. */
  readonly faucetKey: string;
  /**
   * Test control, like anvil's `anvil_setBalance`: what `/wallet/getaccountresource` reports for one
   * account (its staked or delegated energy and bandwidth, and what it used of them); null restores the
   * generous default. Nothing is consumed or enforced either way (account-resources.ts).
   */
  setAccountResources(address: string, figures: AccountResourceFigures | null): void;
  /** Closes the HTTP API, then stops anvil (it dumps its state) and releases the state file. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts anvil and the java-tron-shaped API in front of it. On a fresh chain the test USDT is deployed
 * and the payers and the faucet get 1,000,000 TRX each; on a chain loaded from `stateFile` nothing is
 * deployed again.
 * @throws Error when anvil is missing or exits early, the state file is still in use after
 * `lockWaitMs`, or the chain's test USDT is not where it should be (a state file of another chain).
 */
export async function startTronDevnet(options: TronDevnetOptions): Promise<TronDevnet> {
  const blockTimeSeconds = options.blockTimeSeconds ?? TRON_DEVNET_DEFAULT_BLOCK_TIME_SECONDS;
  // TRON makes a block every interval whether or not there are transactions; solidification and
  // expiry are counted in those blocks, so the stand-in never mines only on demand.
  if (!(blockTimeSeconds > 0)) throw new Error(`blockTimeSeconds must be > 0, got ${blockTimeSeconds}`);
  const { stateFile } = options;
  mkdirSync(dirname(stateFile), { recursive: true });
  const binary = resolveAnvilBinary();
  const lock = await lockStateFile(stateFile, { waitMs: options.lockWaitMs ?? ANVIL_LOCK_WAIT_MS, what: 'the tron devnet' });

  const args = [
    '--host', '127.0.0.1',
    '--port', '0',
    '--chain-id', String(TRON_DEVNET_CHAIN_ID),
    '--state', stateFile,
    '--state-interval', String(options.stateIntervalSeconds ?? DEFAULT_STATE_INTERVAL_SECONDS),
    // See the EVM devnet: anvil slows down block by block under its default hardfork.
    '--hardfork', 'cancun',
    '--block-time', String(blockTimeSeconds),
    // TRON transactions are signed with TRON's scheme and checked by the stand-in; anvil executes
    // them as their owner, without an EVM signature.
    '--auto-impersonate',
    // No fees: TRX burnt for energy and bandwidth is not modelled, and TRON accounts hold no ether.
    '--base-fee', '0',
    '--gas-price', '0',
    '--disable-min-priority-fee',
    // Mined in the order they were broadcast, as a TRON block orders them.
    '--order', 'fifo',
    // No EVM dev accounts: the chain's accounts are the TRON test accounts.
    '--accounts', '0',
  ];

  let anvil: RunningAnvil;
  try {
    anvil = await spawnAnvil(binary, args, '127.0.0.1', lock);
  } catch (error) {
    lock.release();
    throw error;
  }
  let index: TransactionIndex | undefined;
  try {
    const rpc = new AnvilRpc(anvil.rpcUrl);
    const chainId = Number(await rpc.call<Hex>('eth_chainId'));
    if (chainId !== TRON_DEVNET_CHAIN_ID) throw new Error(`anvil reports chain id ${chainId}, expected ${TRON_DEVNET_CHAIN_ID}`);
    index = TransactionIndex.open(`${stateFile}.transactions.jsonl`);
    await recoverUnsent(rpc, index);
    await ensureTestUsdt(rpc);
    await ensureTestDai(rpc);

    const contracts = new Map<string, KnownContract>(
      [TRON_DEVNET_USDT_ADDRESS, TRON_DEVNET_DAI.address].map((address) => [
        toTronHex(address),
        { name: 'TestStablecoin', abi: toTronAbi(TEST_TOKEN_ABI), originAddress: toTronHex(TRON_DEVNET_DEPLOYER_ADDRESS) },
      ]),
    );
    const view = new TronChainView(rpc, index, contracts, await rpc.blockNumber());
    const resources = new AccountResources();
    const http = await serveHttp({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      routes: walletApi(rpc, view, new Broadcaster(rpc, index), resources),
      jsonRpc: new JsonRpcApi(rpc, index, view, TRON_DEVNET_CHAIN_ID, options.maxLogBlockRange),
    });
    const openIndex = index;
    let stopping: Promise<void> | undefined;
    return {
      httpUrl: http.url,
      jsonRpcUrl: `${http.url}/jsonrpc`,
      anvilRpcUrl: anvil.rpcUrl,
      chainId: TRON_DEVNET_CHAIN_ID,
      blockTimeSeconds,
      tokens: { USDT: TRON_DEVNET_USDT_ADDRESS },
      decimals: { USDT: TRON_DEVNET_USDT_DECIMALS },
      dai: { contract: TRON_DEVNET_DAI.address, decimals: TRON_DEVNET_DAI.decimals },
      payerKeys: TRON_DEVNET_PAYER_KEYS,
      faucetKey: TRON_DEVNET_FAUCET_KEY,
      setAccountResources: (address, figures) => resources.set(toTronHex(address), figures),
      stop: () =>
        (stopping ??= (async () => {
          await http.close();
          openIndex.close();
          await anvil.stop();
        })()),
    };
  } catch (error) {
    index?.close();
    await anvil.stop();
    throw error;
  }
}

/**
 * Deploys the test USDT at its fixed address on a fresh chain and gives the payers and the faucet
 * their TRX; then checks that the token is there with 6 decimals, whatever the chain's age.
 */
async function ensureTestUsdt(rpc: AnvilRpc): Promise<void> {
  const token = toEvmAddress(TRON_DEVNET_USDT_ADDRESS);
  const deployer = toEvmAddress(TRON_DEVNET_DEPLOYER_ADDRESS);
  if ((await rpc.call<Hex>('eth_getCode', [token, 'latest'])) === '0x') {
    if (BigInt(await rpc.call<Hex>('eth_getTransactionCount', [deployer, 'pending'])) !== 0n) {
      throw new Error(
        `the test USDT is missing at ${TRON_DEVNET_USDT_ADDRESS} but its deployer has sent transactions: ` +
          'the state file holds another chain; remove it (and the .transactions.jsonl beside it) to start a fresh TRON devnet',
      );
    }
    const hash = await rpc.call<Hex>('eth_sendTransaction', [
      {
        from: deployer,
        data: encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: [TOKEN_NAME, 'USDT', TRON_DEVNET_USDT_DECIMALS] }),
        gas: hexNumber(3_000_000),
        gasPrice: '0x0',
      },
    ]);
    for (const address of [...TRON_DEVNET_PAYER_ADDRESSES, TRON_DEVNET_FAUCET_ADDRESS]) {
      await rpc.call('anvil_setBalance', [toEvmAddress(address), hexNumber(TRON_DEVNET_INITIAL_SUN)]);
    }
    // Mined now rather than at the next interval block: a 3 s block time would make every first start
    // wait. And past the solidified depth at once: anvil does not always give the genesis block the same
    // hash when it loads its state again, so a payout referencing it (head − 19, TAPOS) would be refused
    // after a restart; a real TRON chain is far past its genesis.
    await rpc.call('anvil_mine', [hexNumber(FRESH_CHAIN_BLOCKS)]);
    const receipt = await rpc.call<AnvilReceipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt?.status !== '0x1' || receipt.contractAddress?.toLowerCase() !== token) {
      throw new Error(`deploying the test USDT failed (${hash})`);
    }
  }
  const decimals = decodeFunctionResult({
    abi: TEST_TOKEN_ABI,
    functionName: 'decimals',
    data: await rpc.call<Hex>('eth_call', [{ to: token, data: encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'decimals' }) }, 'latest']),
  });
  if (decimals !== TRON_DEVNET_USDT_DECIMALS) {
    throw new Error(`the test USDT has ${decimals} decimals, expected ${TRON_DEVNET_USDT_DECIMALS}: the state file belongs to another chain`);
  }
}

/**
 * Deploys the test DAI (issue 17) at its fixed address, the deployer's nonce 1 right after USDT's, on a
 * fresh chain or one made before it; then checks its 18 decimals.
 */
async function ensureTestDai(rpc: AnvilRpc): Promise<void> {
  const token = toEvmAddress(TRON_DEVNET_DAI.address);
  const deployer = toEvmAddress(TRON_DEVNET_DEPLOYER_ADDRESS);
  if ((await rpc.call<Hex>('eth_getCode', [token, 'latest'])) === '0x') {
    if (BigInt(await rpc.call<Hex>('eth_getTransactionCount', [deployer, 'pending'])) !== 1n) {
      throw new Error(`the test DAI is missing at ${TRON_DEVNET_DAI.address} but its deployer's nonce 1 is spent: the state file holds another chain`);
    }
    const hash = await rpc.call<Hex>('eth_sendTransaction', [
      {
        from: deployer,
        data: encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: ['Test Dai Stablecoin', 'DAI', TRON_DEVNET_DAI.decimals] }),
        gas: hexNumber(3_000_000),
        gasPrice: '0x0',
      },
    ]);
    await rpc.call('anvil_mine', [hexNumber(1)]);
    const receipt = await rpc.call<AnvilReceipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt?.status !== '0x1' || receipt.contractAddress?.toLowerCase() !== token) throw new Error(`deploying the test DAI failed (${hash})`);
  }
  const decimals = decodeFunctionResult({
    abi: TEST_TOKEN_ABI,
    functionName: 'decimals',
    data: await rpc.call<Hex>('eth_call', [{ to: token, data: encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'decimals' }) }, 'latest']),
  });
  if (decimals !== TRON_DEVNET_DAI.decimals) throw new Error(`the test DAI has ${decimals} decimals, expected ${TRON_DEVNET_DAI.decimals}: the state file belongs to another chain`);
}
