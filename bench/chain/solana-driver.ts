import { performance } from 'node:perf_hooks';
import { AccountRole, address, type Instruction, type KeyPairSigner, type Signature } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import type { Stablecoin } from '../../src/domain/currencies.js';
import { solanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { startSolanaDevnet } from '../../src/chains/solana/devnet/solana-devnet.js';
import { newAddress } from '../../src/chains/solana/devnet/test-keys.js';
import { associatedTokenAccount, rpcOf, signerOf, signV0 } from '../../src/chains/solana/devnet/test-wallet.js';
import type { ChainDriver, PayTarget } from './driver.js';
import { sleep } from './stats.js';

/** How often the bench asks surfnet whether what it sent is confirmed: t0's precision. */
const STATUS_POLL_MS = 5;
/** How long a sent transaction may take to be confirmed (a slot, plus a loaded machine's head-room). */
const CONFIRM_TIMEOUT_MS = 10_000;

/** A transaction the bench sent, followed until surfnet reports it confirmed. */
interface Sent {
  signature: Signature;
  /** performance.now() when an answer last said it was not confirmed yet (when it was sent, at first). */
  lastUnconfirmedAt: number;
  confirmed: Promise<number>;
  settle(result: { at: number } | { error: Error }): void;
}

/**
 * solana on surfnet (test mode's Solana devnet, src/chains/solana/devnet: the real JSON-RPC, in the
 * bench's process on its own threads), started by the section with its state in `dir`, slots every
 * `slotMs` (mainnet's 400 ms by default) on its own clock: the bench cannot make a slot, so it sends a
 * transfer and follows it with getSignatureStatuses every 5 ms; the moment the node turns from "not
 * confirmed" to `confirmed` is when the watcher's node has it (the watcher lists signatures and reads
 * transactions at `confirmed`). Payments are Solana Pay transfers as a wallet builds them: a v0
 * transaction of `transferChecked` into the merchant's associated token account with the session's
 * reference appended as a read-only key, built on a fresh blockhash and signed (@solana/kit) when sent.
 * Transfers to nobody's addresses open the recipient's token account first, as a wallet does.
 */
export async function startSolanaDriver(dir: string, slotMs: number): Promise<ChainDriver> {
  const devnet = await startSolanaDevnet({ dir, blockTimeSeconds: slotMs / 1000 });
  try {
    const rpc = rpcOf(devnet.rpcUrl);
    const wallets: KeyPairSigner[] = await Promise.all(devnet.payerKeys.slice(0, 2).map(signerOf));
    const walletOf = (i: number) => {
      const wallet = wallets[i];
      if (!wallet) throw new Error(`no test wallet ${i}`);
      return wallet;
    };
    const coins = ['USDC', 'USDT'] as const;
    /** Sent and not yet confirmed: what the status loop asks about. */
    const pending = new Set<Sent>();
    /** Sent since the last mine(), confirmed or not: what the next one waits for. */
    let unmined: Sent[] = [];
    /** Every transaction sent, by signature (checkMined waits for its status). */
    const sentBySignature = new Map<string, Sent>();
    let polling: Promise<void> | undefined;

    // One loop for every transaction in flight: a status answer's arrival time is what t0 is made of.
    const poll = () =>
      (polling ??= (async () => {
        try {
          while (pending.size) {
            const batch = [...pending];
            const { value } = await rpc.getSignatureStatuses(batch.map((s) => s.signature)).send();
            const at = performance.now();
            batch.forEach((sent, i) => {
              const status = value[i];
              if (status?.err) sent.settle({ error: new Error(`transaction ${sent.signature} failed: ${JSON.stringify(status.err, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`) });
              else if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') sent.settle({ at: sent.lastUnconfirmedAt });
              else if (at - sent.lastUnconfirmedAt > CONFIRM_TIMEOUT_MS) sent.settle({ error: new Error(`transaction ${sent.signature} was not confirmed within ${CONFIRM_TIMEOUT_MS} ms`) });
              else sent.lastUnconfirmedAt = at;
            });
            await sleep(STATUS_POLL_MS);
          }
        } catch (error) {
          for (const sent of pending) sent.settle({ error: error as Error });
        } finally {
          polling = undefined;
        }
      })());

    const send = async (payer: KeyPairSigner, instructions: Instruction[]): Promise<Signature> => {
      const { wire, signature } = await signV0(rpc, payer, instructions);
      // The same transfer again on the same blockhash is the same transaction: the node would drop it.
      if (sentBySignature.has(signature)) throw new Error(`transaction ${signature} was already sent (same transfer, same blockhash)`);
      let settle!: Sent['settle'];
      const confirmed = new Promise<number>((resolve, reject) => {
        settle = (result) => {
          pending.delete(sent);
          if ('at' in result) resolve(result.at);
          else reject(result.error);
        };
      });
      confirmed.catch(() => undefined); // awaited by mine() or checkMined(); never unhandled
      const sent: Sent = { signature, lastUnconfirmedAt: performance.now(), confirmed, settle };
      sentBySignature.set(signature, sent);
      await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
      pending.add(sent);
      unmined.push(sent);
      void poll();
      return signature;
    };

    const transferInstructions = async (payer: KeyPairSigner, coin: Stablecoin, to: PayTarget, amount: bigint): Promise<Instruction[]> => {
      const mint = devnet.mints[coin];
      const destination = await associatedTokenAccount(to.address, mint);
      const transfer = getTransferCheckedInstruction({
        source: await associatedTokenAccount(payer.address, mint),
        mint: address(mint),
        destination,
        authority: payer,
        amount,
        decimals: devnet.decimals[coin],
      });
      // A Solana Pay wallet appends the request's reference to the transfer as a read-only key, and
      // pays only into an open account; to anyone else, a wallet opens the recipient's account first.
      if (to.reference !== undefined) return [{ ...transfer, accounts: [...transfer.accounts, { address: address(to.reference), role: AccountRole.READONLY }] }];
      return [getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: address(to.address), mint: address(mint) }), transfer];
    };

    return {
      network: 'solana',
      node: `surfnet (test mode's Solana devnet, ${slotMs} ms slots on its own clock)`,
      coins,
      // A pass: every followed account's balance and the confirmed slot in one call, the finalized slot, and
      // the signatures of the accounts whose balance moved (docs/payments.md, "How payments are found on Solana").
      pollMethods: ['getMultipleAccounts', 'getSlot(finalized)', 'getSignaturesForAddress'],
      passMethod: 'getSlot(finalized)',
      url: devnet.rpcUrl,
      // The live extra mints (PYUSD) do not exist on an offline surfnet, and the watcher would not follow
      // them: the test DAI in their place, one mint for one, so their account is followed and paid for.
      coreNetwork: (url = devnet.rpcUrl) => ({
        network: 'solana',
        rpcUrl: url,
        chainId: devnet.genesisHash,
        tokens: { ...devnet.mints },
        extraTokens: (solanaDevnet.describe(devnet).extraTokens ?? []).map(({ symbol, contract, decimals }) => ({ symbol, contract, decimals })),
      }),
      blockNumber: async () => Number(await rpc.getSlot({ commitment: 'confirmed' }).send()),
      async mine() {
        const waiting = unmined;
        unmined = [];
        if (waiting.length === 0) {
          // Nothing in flight: the next slot the node confirms.
          const slot = Number(await rpc.getSlot({ commitment: 'confirmed' }).send());
          let seenAt = performance.now();
          for (;;) {
            await sleep(STATUS_POLL_MS);
            if (Number(await rpc.getSlot({ commitment: 'confirmed' }).send()) > slot) return seenAt;
            seenAt = performance.now();
          }
        }
        const times = await Promise.all(waiting.map((s) => s.confirmed));
        return Math.max(...times);
      },
      async fund(wallet, amountBase) {
        const whole = (amountBase + 999_999n) / 1_000_000n;
        await solanaDevnet.fund(devnet, walletOf(wallet).address, whole);
      },
      async transfer(wallet, coin, to, amountBase) {
        const payer = walletOf(wallet);
        const instructions = await transferInstructions(payer, coin, to, amountBase);
        // Built on a blockhash and signed when sent, as a wallet does when its owner pays (a blockhash
        // is good for about 150 slots, a minute).
        return { send: () => send(payer, instructions) };
      },
      async checkMined(id) {
        await sentBySignature.get(id)?.confirmed;
        const { value } = await rpc.getSignatureStatuses([id as Signature]).send();
        const status = value[0];
        if (!status || status.err || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) {
          throw new Error(`transaction ${id} is not confirmed as succeeded: ${JSON.stringify(status, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
        }
      },
      openMerchantWallet: (wallet) => solanaDevnet.openWallet?.(devnet, wallet) ?? Promise.resolve(),
      randomAddress: newAddress,
      stop: () => devnet.stop(),
    };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}
