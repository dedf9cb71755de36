import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Stablecoin } from '../../../domain/currencies.js';
import type { RunningDevnet } from '../../family.js';
import { loadOrCreateState } from './state-file.js';
import { startSurfnet, type Surfnet } from './surfnet.js';
import { addressOfKey, secretKeyBytes, type SecretKey58 } from './test-keys.js';
import { restoreTestMints, SOLANA_DEVNET_DAI, SOLANA_DEVNET_DECIMALS } from './test-mints.js';
import { rpcOf } from './test-wallet.js';

/** SOL each test payer and the faucet hold after every start: fees and rent for thousands of payments. */
export const SOLANA_DEVNET_PAYER_LAMPORTS = 100n * 1_000_000_000n;

/** The Solana devnet as test mode runs it, and what tests use of it. */
export interface RunningSolanaDevnet extends RunningDevnet {
  readonly network: 'solana';
  readonly wsUrl: string;
  /** What `getGenesisHash` answers: the network's chain id. A new one at every start (see docs/payments.md). */
  readonly genesisHash: string;
  readonly slotTimeMs: number;
  readonly mints: Readonly<Record<Stablecoin, string>>;
  readonly decimals: Readonly<Record<Stablecoin, number>>;
  /** The test DAI (Token-2022, 8 decimals): watched, never offered, so unmatched deposits can be tried. */
  readonly dai: { readonly mint: string; readonly decimals: number; readonly program: string };
  /** The test payers' keys (base58 of the 64 secret-key bytes), each holding SOL. */
  readonly payerKeys: readonly SecretKey58[];
  /** Pays the fees of the refund wallet's funding. */
  readonly faucetKey: SecretKey58;
  /** Mints the test coins. */
  readonly mintAuthorityKey: SecretKey58;
  /** The in-process surfnet, for its cheatcodes (tests: `timeTravelToSlot`). */
  readonly surfnet: Surfnet;
}

/**
 * Starts surfnet for `dir` and gives it back what the app relies on across restarts, from the state
 * file (state-file.ts): the test mints (USDT, USDC and the watched DAI) at their fixed addresses (test-mints.ts) and SOL for the payers
 * and the faucet. Slots last `blockTimeSeconds`, the devnets' one pace setting.
 */
export async function startSolanaDevnet({ dir, blockTimeSeconds }: { dir: string; blockTimeSeconds: number }): Promise<RunningSolanaDevnet> {
  mkdirSync(dir, { recursive: true });
  const state = loadOrCreateState(join(dir, 'solana.json'));
  const slotTimeMs = Math.max(1, Math.round(blockTimeSeconds * 1000));
  const surfnet = startSurfnet(slotTimeMs, secretKeyBytes(state.faucetKey));
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= Promise.resolve().then(() => surfnet.stop()));
  try {
    const rpc = rpcOf(surfnet.rpcUrl);
    await restoreTestMints(surfnet, rpc, state);
    surfnet.fundSolMany([state.faucetKey, ...state.payerKeys].map((key) => ({ address: addressOfKey(key), lamports: Number(SOLANA_DEVNET_PAYER_LAMPORTS) })));
    const genesisHash = await rpc.getGenesisHash().send();
    return {
      network: 'solana',
      rpcUrl: surfnet.rpcUrl,
      wsUrl: surfnet.wsUrl,
      genesisHash,
      slotTimeMs,
      mints: { ...state.mints },
      decimals: { USDT: SOLANA_DEVNET_DECIMALS, USDC: SOLANA_DEVNET_DECIMALS },
      dai: { mint: state.daiMint, decimals: SOLANA_DEVNET_DAI.decimals, program: SOLANA_DEVNET_DAI.program },
      payerKeys: state.payerKeys,
      faucetKey: state.faucetKey,
      mintAuthorityKey: state.mintAuthorityKey,
      surfnet,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
