import {
  address,
  type Address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  type Blockhash,
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  fetchEncodedAccount,
  fetchEncodedAccounts,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  isOffCurveAddress,
  type KeyPairSigner,
  type MaybeEncodedAccount,
  pipe,
  type Rpc,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
  signTransactionMessageWithSigners,
  type SolanaRpcApi,
} from '@solana/kit';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintDecoder, getTokenDecoder, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { formatDecimal } from '../../domain/money.js';
import type { PayoutPort, PayoutRequest, PayoutState, PreparedPayout, SignedPayout, WalletFunds } from '../../domain/payout.js';
import { solCosts, solNeeded, solShortfall, TOKEN_2022_ACCOUNT_SIZE, TOKEN_ACCOUNT_SIZE } from './payout-costs.js';
import { solanaPayTransferUri } from './payout-request.js';
import { describeRpcError, memoInstruction, signatureOfWireTransaction } from './transaction-wire.js';

/**
 * Refund payouts on Solana, as the payout port (domain/payout.ts): a `transferChecked` from the refund
 * wallet's associated token account (ATA) for the mint to the customer's, opening the customer's ATA
 * first when they have none (paid by the refund wallet). Built and signed here with @solana/kit and
 * stored by the caller before it is sent.
 *
 * Solana has no account nonce. A transaction names a recent **blockhash**, and the network takes it only
 * into a block whose height is at most the blockhash's `lastValidBlockHeight` (150 blocks on, about a
 * minute); the signature names it and is the payout's key. So the same signed bytes may be sent again
 * and again until then (the network processes a signature once), and a payout is given up only when
 * the finalized chain is past that height without it (`confirm`).
 */

/** Token-2022: its accounts and instructions share the Token program's layouts for what a payout uses. */
export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
const SYSTEM_PROGRAM_ADDRESS = address('11111111111111111111111111111111');

/** What a Solana payout stores as its data: what it was built from. */
interface SolanaPayoutData {
  /** The recent blockhash it names, and the last block height that may take it. */
  blockhash: string;
  lastValidBlockHeight: number;
  /** Whether it opens the customer's associated token account (idempotently: it may exist by then). */
  createAta: boolean;
  /** The program that owns the mint (Token or Token-2022), read from the mint account. */
  tokenProgram: string;
  /**
   * A memo that sets it apart from an earlier payout of the wallet planned on the same blockhash: two
   * refunds of one amount to one customer would otherwise be one transaction, with one signature.
   */
  memo: string | null;
}

export class SolanaPayoutChain implements PayoutPort {
  constructor(
    private readonly o: {
      rpc: Rpc<SolanaRpcApi>;
      /** The network's name, for failure reasons. */
      name: string;
    },
  ) {}

  /**
   * A person's wallet is a keypair's address (on the ed25519 curve) holding at most SOL: an account of
   * the System Program without data, or no account yet. Anything else cannot be trusted to be the
   * customer's own wallet: a program, an account a program owns (a token account, a multisig), a
   * durable nonce account, or an off-curve address (a program-derived address, which only a program
   * can sign for: an exchange's or a smart wallet's vault).
   */
  async isContract(owner: string): Promise<boolean> {
    const a = address(owner);
    const account = await fetchEncodedAccount(this.o.rpc, a, { commitment: 'confirmed' });
    if (account.exists && (account.executable || account.programAddress !== SYSTEM_PROGRAM_ADDRESS || account.data.length > 0)) return true;
    return isOffCurveAddress(a);
  }

  /**
   * The slot at `confirmed` commitment: payouts count as included once confirmed (`confirm`), so their
   * confirmations are counted in confirmed slots, never in slots a fork may still drop. Slots, not
   * blocks: a skipped slot counts too (a few percent of them on mainnet).
   */
  async head(): Promise<number> {
    return Number(await this.o.rpc.getSlot({ commitment: 'confirmed' }).send());
  }

  /**
   * SOL and each mint's balance in the wallet's associated token account (classic Token or Token-2022,
   * whichever exists; none holds 0), read at `confirmed` in one `getMultipleAccounts`. One payout needs
   * what `prepare` asks at the dearest: the fee, the rent of a token account it opens for a customer
   * who has none, and the wallet's own rent-exempt reserve.
   */
  async funds(wallet: string, tokens: readonly string[]): Promise<WalletFunds> {
    const owner = address(wallet);
    const atas = await Promise.all(tokens.flatMap((t) => [ata(owner, address(t), TOKEN_PROGRAM_ADDRESS), ata(owner, address(t), TOKEN_2022_PROGRAM_ADDRESS)]));
    const [accounts, accountRent, reserve] = await Promise.all([
      fetchEncodedAccounts(this.o.rpc, [owner, ...atas], { commitment: 'confirmed' }),
      this.o.rpc.getMinimumBalanceForRentExemption(BigInt(TOKEN_2022_ACCOUNT_SIZE)).send(),
      this.o.rpc.getMinimumBalanceForRentExemption(0n).send(),
    ]);
    const [own, ...tokenAccounts] = accounts;
    const amount = (a: MaybeEncodedAccount | undefined) => (a?.exists ? getTokenDecoder().decode(a.data).amount : 0n);
    return {
      gas: own?.exists ? own.lamports : 0n,
      gasPerPayout: solNeeded(solCosts({ createAccount: true, inFlight: 0, accountRent, reserve })),
      tokens: tokens.map((_t, i) => amount(tokenAccounts[2 * i]) + amount(tokenAccounts[2 * i + 1])),
    };
  }

  /**
   * The wallet's token balance less what payouts on their way will take; then its SOL against the fee,
   * the rent of the customer's token account when they have none, and the wallet's own rent-exempt
   * reserve. Then the blockhash to name, at `confirmed` (one a fork cannot drop).
   */
  async prepare(r: PayoutRequest): Promise<PreparedPayout> {
    const from = address(r.from);
    const to = address(r.to);
    const mint = address(r.token);
    const [mintAccount, latest] = await Promise.all([
      fetchEncodedAccount(this.o.rpc, mint, { commitment: 'confirmed' }),
      this.o.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
    ]);
    if (!mintAccount.exists) throw new Error(`the mint ${r.token} does not exist on ${this.o.name}`);
    const tokenProgram = mintAccount.programAddress;
    if (tokenProgram !== TOKEN_PROGRAM_ADDRESS && tokenProgram !== TOKEN_2022_PROGRAM_ADDRESS) {
      throw new Error(`${r.token} on ${this.o.name} is not a token mint (its owner is ${tokenProgram})`);
    }
    const decimals = getMintDecoder().decode(mintAccount.data).decimals;
    // A wrong figure would have the payout refused by `transferChecked`; said plainly here instead.
    if (decimals !== r.decimals) throw new Error(`the mint ${r.token} on ${this.o.name} has ${decimals} decimals, not the ${r.decimals} the app counts ${r.currency} in`);

    const [source, destination] = await Promise.all([ata(from, mint, tokenProgram), ata(to, mint, tokenProgram)]);
    const accountSize = tokenProgram === TOKEN_PROGRAM_ADDRESS ? TOKEN_ACCOUNT_SIZE : TOKEN_2022_ACCOUNT_SIZE;
    // One call, so that the three are read at one slot.
    const [accounts, accountRent, reserve] = await Promise.all([
      fetchEncodedAccounts(this.o.rpc, [from, source, destination], { commitment: 'confirmed' }),
      this.o.rpc.getMinimumBalanceForRentExemption(BigInt(accountSize)).send(),
      this.o.rpc.getMinimumBalanceForRentExemption(0n).send(),
    ]);

    const [wallet, sourceAccount, destinationAccount] = accounts as [MaybeEncodedAccount, MaybeEncodedAccount, MaybeEncodedAccount];
    const balance = sourceAccount.exists ? getTokenDecoder().decode(sourceAccount.data).amount : 0n;
    const tokenNeeded = r.amountBase + r.inFlight.filter((o) => o.token === r.token).reduce((s, o) => s + o.amountBase, 0n);
    if (balance < tokenNeeded) {
      return {
        ok: false,
        failure:
          `insufficient_token_balance: the refund wallet ${r.from} holds ${formatDecimal(balance, r.decimals)} ${r.currency} on ${this.o.name}, ` +
          `${formatDecimal(tokenNeeded, r.decimals)} needed; fund it and create the refund again`,
      };
    }
    const createAta = !destinationAccount.exists;
    const costs = solCosts({ createAccount: createAta, inFlight: r.inFlight.length, accountRent, reserve });
    const shortfall = solShortfall({ from: r.from, network: this.o.name, currency: r.currency, lamports: wallet.exists ? wallet.lamports : 0n, costs });
    if (shortfall) return { ok: false, failure: shortfall };

    const sameBlockhash = r.previous.filter((data) => readData(data).blockhash === latest.value.blockhash).length;
    const plan: SolanaPayoutData = {
      blockhash: latest.value.blockhash,
      lastValidBlockHeight: Number(latest.value.lastValidBlockHeight),
      createAta,
      tokenProgram,
      memo: sameBlockhash === 0 ? null : `refund ${sameBlockhash + 1}`,
    };
    return { ok: true, plan: JSON.stringify(plan) };
  }

  /** Builds the transfer from the plan and the request alone (no call to the network) and signs it. */
  async sign(privateKey: Uint8Array, r: PayoutRequest, plan: string): Promise<SignedPayout> {
    const p = readData(plan);
    const signer = await keySigner(privateKey);
    if (signer.address !== r.from) throw new Error(`the refund key is ${signer.address}'s, not the refund wallet ${r.from}'s: nothing is signed`);
    const mint = address(r.token);
    const owner = address(r.to);
    const tokenProgram = address(p.tokenProgram);
    const [source, destination] = await Promise.all([ata(signer.address, mint, tokenProgram), ata(owner, mint, tokenProgram)]);
    const instructions: Instruction[] = [];
    if (p.memo !== null) instructions.push(memoInstruction(p.memo));
    if (p.createAta) {
      // Idempotent: a customer who opens the account meanwhile does not make the refund fail.
      instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner, mint, tokenProgram }));
    }
    instructions.push(getTransferCheckedInstruction({ source, mint, destination, authority: signer, amount: r.amountBase, decimals: r.decimals }, { programAddress: tokenProgram }));
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: p.blockhash as Blockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const txId = getSignatureFromTransaction(signed);
    return { raw: getBase64EncodedWireTransaction(signed), txId, key: txId, data: plan };
  }

  /**
   * Sends the wire bytes with the node's preflight on (at `confirmed`). **Decision:** preflight rather
   * than `skipPreflight`: a transfer that would fail (a balance spent meanwhile, an unknown blockhash)
   * is refused with its reason, kept as `last_error`, instead of landing as a failed transaction that
   * burns its fee and fails the refund; the worker sends the same bytes again on its next pass.
   * Sending bytes the network has already processed is refused as "already processed" (and surfnet
   * refuses them so even without preflight): a refusal of a signature the network knows is no failure.
   * @throws Error with the node's reason when it refuses a transaction it does not have
   */
  async broadcast(raw: string): Promise<void> {
    const txId = signatureOfWireTransaction(raw);
    let sent: string;
    try {
      sent = await this.o.rpc.sendTransaction(raw as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
    } catch (error) {
      if (await this.status(txId)) return;
      throw new Error(`the ${this.o.name} node refused payout ${txId}: ${describeRpcError(error)}`);
    }
    if (sent !== txId) throw new Error(`the ${this.o.name} node took payout ${txId} as transaction ${sent}: look it up by that id before paying it again`);
  }

  /**
   * Confirmed or finalized: included (`err` means it failed, and nothing was paid). Only processed:
   * waiting. Unknown: it may still land while its blockhash is valid, and the same bytes are sent
   * again. **Decision:** it can provably never land once the **finalized** block height is past its
   * `lastValidBlockHeight`: every block that could have taken it is then finalized, and it is in none
   * of them. The confirmed height passing would almost always do; finalized costs ~13 s more and leaves
   * no fork in which a refund failed here is paid after all.
   */
  async confirm(txId: string, signed: { from: string; data: string } | null): Promise<PayoutState> {
    const status = await this.status(txId);
    if (status) return status;
    if (!signed) return { state: 'missing' };
    const { lastValidBlockHeight } = readData(signed.data);
    const height = Number(await this.o.rpc.getBlockHeight({ commitment: 'finalized' }).send());
    if (height <= lastValidBlockHeight) return { state: 'missing' };
    // In a block in between the reads: the next pass counts it.
    if (await this.status(txId)) return { state: 'waiting' };
    return {
      state: 'dead',
      failure:
        `blockhash_expired: payout ${txId} was not taken into a block by block height ${lastValidBlockHeight}, the last its blockhash allowed, ` +
        `and ${this.o.name}'s finalized chain is at block height ${height}, so it can never land; nothing was paid`,
    };
  }

  readonly requestContent = 'uri' as const;

  /** A Solana Pay transfer request to the customer's wallet (payout-request.ts). */
  request(token: string, to: string, amountBase: bigint): string {
    return solanaPayTransferUri(token, to, amountBase);
  }

  /** Where the network has the signature, as a payout state; null when it has it nowhere (its history included). */
  private async status(txId: string): Promise<PayoutState | null> {
    const { value } = await this.o.rpc.getSignatureStatuses([toSignature(txId)], { searchTransactionHistory: true }).send();
    const s = value[0];
    if (!s) return null;
    if (s.confirmationStatus === 'confirmed' || s.confirmationStatus === 'finalized') return { state: 'included', success: s.err === null, blockNumber: Number(s.slot) };
    return { state: 'waiting' };
  }
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
async function ata(owner: Address, mint: Address, tokenProgram: Address): Promise<Address> {
  const [found] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
  return found;
}

/**
 * The refund key as a signer: 64 bytes (the secret key as solana-keygen and wallets export it, seed then
 * public key, checked against each other) or the 32-byte seed alone.
 */
async function keySigner(privateKey: Uint8Array): Promise<KeyPairSigner> {
  if (privateKey.length === 64) return createKeyPairSignerFromBytes(privateKey);
  if (privateKey.length === 32) return createKeyPairSignerFromPrivateKeyBytes(privateKey);
  throw new Error(`a Solana refund key is 64 bytes (or its 32-byte seed), not ${privateKey.length}`);
}

/** A Solana payout's data, as `prepare` planned it and `sign` stored it. */
function readData(data: string): SolanaPayoutData {
  return JSON.parse(data) as SolanaPayoutData;
}

/** Solana has no account nonce (`payout.nonce` is null): a payout is unique by its signature and bounded by its blockhash. */
export function solanaPayoutNonce(_data: string): number | null {
  return null;
}
