import { join } from 'node:path';
import { toBaseUnits } from '../../../domain/networks.js';
import type { FamilyDevnet } from '../../family.js';
import { readSolanaEndpoint, removeSolanaEndpoint, writeSolanaEndpoint } from './endpoint.js';
import { type RunningSolanaDevnet, startSolanaDevnet } from './solana-devnet.js';
import { readState, SOLANA_DEVNET_PAYERS } from './state-file.js';
import { SOLANA_DEVNET_DAI } from './test-mints.js';
import { mintToOwner, payTransferRequest, rpcOf, sendTokenTo, signerOf } from './test-wallet.js';

export type { RunningSolanaDevnet };

/** SOL the test refund wallet gets for fees and the rent of payers' token accounts it creates. */
const REFUND_WALLET_LAMPORTS = 10n * 1_000_000_000n;

/** SOL the test merchant wallet holds, so that it exists on chain (a system account needs ~0.00089 SOL). */
const MERCHANT_WALLET_LAMPORTS = 1_000_000_000n;

/** Twenty slots apart, plus head-room for a loaded machine. */
const inclusionMs = (slotTimeMs: number) => 5_000 + slotTimeMs * 20;

/**
 * The Solana family's devnet entry, the only door from the family (index.ts) into its test tooling:
 * surfnet in this process with the test mints restored from the data dir (solana-devnet.ts), where it
 * listens written beside its state file for `stablepos devnet pay` (endpoint.ts), and a wallet built on
 * @solana/kit (test-wallet.ts).
 */
export const solanaDevnet: FamilyDevnet<RunningSolanaDevnet> = {
  async start(network, { dir, blockTimeSeconds }) {
    if (network !== 'solana') throw new Error(`no Solana devnet for ${network}`);
    const devnet = await startSolanaDevnet({ dir, blockTimeSeconds });
    writeSolanaEndpoint(dir, devnet);
    return {
      ...devnet,
      stop: async () => {
        await devnet.stop();
        removeSolanaEndpoint(dir);
      },
    };
  },

  describe: (devnet) => ({
    chainId: devnet.genesisHash,
    tokens: {
      USDT: { contract: devnet.mints.USDT, decimals: devnet.decimals.USDT },
      USDC: { contract: devnet.mints.USDC, decimals: devnet.decimals.USDC },
    },
    // Watched, never offered: its transfers to the merchant's wallet are unmatched deposits (issue 17).
    extraTokens: [{ symbol: SOLANA_DEVNET_DAI.symbol, contract: devnet.dai.mint, decimals: devnet.dai.decimals, currency: null }],
  }),

  async fund(devnet, wallet, wholeCoins) {
    // SOL by cheatcode, tokens minted by the faucet: no transaction of the wallet's own.
    devnet.surfnet.fundSolMany([{ address: wallet, lamports: Number(REFUND_WALLET_LAMPORTS) }]);
    const rpc = rpcOf(devnet.rpcUrl);
    const [feePayer, mintAuthority] = await Promise.all([signerOf(devnet.faucetKey), signerOf(devnet.mintAuthorityKey)]);
    for (const coin of ['USDT', 'USDC'] as const) {
      const decimals = devnet.decimals[coin];
      await mintToOwner(rpc, { feePayer, mintAuthority, mint: devnet.mints[coin], owner: wallet, amount: wholeCoins * 10n ** BigInt(decimals), decimals, waitMs: inclusionMs(devnet.slotTimeMs) });
    }
  },

  // The merchant's test wallet gets its token accounts opened (a mint of nothing opens one), paid by
  // the faucet: Solana Pay wallets pay only into an existing one, and the family offers only those.
  // It also gets SOL, so the wallet account itself exists: @solana/pay's createTransfer, which wallets
  // build on, refuses a recipient with no account ("recipient not found"), as a wallet never funded is.
  async openWallet(devnet, wallet) {
    devnet.surfnet.fundSolMany([{ address: wallet, lamports: Number(MERCHANT_WALLET_LAMPORTS) }]);
    const rpc = rpcOf(devnet.rpcUrl);
    const [feePayer, mintAuthority] = await Promise.all([signerOf(devnet.faucetKey), signerOf(devnet.mintAuthorityKey)]);
    for (const coin of ['USDT', 'USDC'] as const) {
      await mintToOwner(rpc, { feePayer, mintAuthority, mint: devnet.mints[coin], owner: wallet, amount: 0n, decimals: devnet.decimals[coin], waitMs: inclusionMs(devnet.slotTimeMs) });
    }
  },

  payers: SOLANA_DEVNET_PAYERS,

  async pay({ dir, network, payer, currency, to, amountMinor, recipient, token }) {
    if (token !== undefined && token !== SOLANA_DEVNET_DAI.symbol) throw new Error(`the Solana devnet has no test ${token}: --token must be "DAI"`);
    const running = network === 'solana' ? readSolanaEndpoint(dir) : undefined;
    if (!running) throw new Error(`no ${network} devnet is running in ${dir}: start "stablepos serve" in test mode first`);
    if (recipient === undefined) throw new Error('a Solana payment needs the merchant\'s wallet (the recipient) besides the session\'s reference');
    const state = readState(join(dir, 'solana.json'));
    const key = state.payerKeys[payer - 1];
    if (!key) throw new Error(`no test payer ${payer}: there are ${state.payerKeys.length}`);
    const rpc = rpcOf(running.rpcUrl);
    const [wallet, mintAuthority] = await Promise.all([signerOf(key), signerOf(state.mintAuthorityKey)]);
    const waitMs = inclusionMs(running.slotTimeMs);
    if (token !== undefined) {
      // The test DAI: minted to the payer, then sent to the merchant's DAI account (opened if missing,
      // as a wallet sending any token does), naming the session's reference. An unmatched deposit.
      const { mint, decimals, program } = running.dai;
      const amount = toBaseUnits(amountMinor, decimals);
      await mintToOwner(rpc, { feePayer: wallet, mintAuthority, mint, owner: wallet.address, amount, decimals, waitMs, program });
      return sendTokenTo(rpc, { payer: wallet, recipient, mint, program, reference: to, amount, decimals, waitMs });
    }
    const mint = running.mints[currency];
    const decimals = running.decimals[currency];
    const amount = toBaseUnits(amountMinor, decimals);
    // The payer gets what it pays (the test mints mint to anyone the authority signs for), then pays
    // the session's transfer request as a wallet would.
    await mintToOwner(rpc, { feePayer: wallet, mintAuthority, mint, owner: wallet.address, amount, decimals, waitMs });
    return payTransferRequest(rpc, { payer: wallet, recipient, mint, reference: to, amount, decimals, waitMs });
  },
};
