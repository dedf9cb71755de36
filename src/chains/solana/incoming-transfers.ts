/**
 * Finds the token transfers into the merchant's token accounts in one transaction, as `getTransaction`
 * returns it with `encoding: 'jsonParsed'`. Pure: the watcher fetches, this reads. The types below are
 * the few fields it reads, written structurally so kit's response (and a test's) fits them.
 */

/** The two token programs: a mint's owner program says which one its accounts and transfers use. */
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);

interface ParsedInstruction {
  readonly programId: string;
  /** Present when the RPC parsed the instruction (the token programs' always are). */
  readonly parsed?: unknown;
  /** Present when it did not: the instruction's accounts. */
  readonly accounts?: readonly string[];
}

interface TokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner?: string;
  readonly uiTokenAmount: { readonly amount: string };
}

export interface ParsedTransactionView {
  readonly meta: {
    readonly err: unknown;
    readonly innerInstructions?: readonly { readonly index: number; readonly instructions: readonly ParsedInstruction[] }[] | null;
    readonly preTokenBalances?: readonly TokenBalance[] | null;
    readonly postTokenBalances?: readonly TokenBalance[] | null;
  } | null;
  readonly transaction: {
    readonly message: {
      readonly accountKeys: readonly { readonly pubkey: string }[];
      readonly instructions: readonly ParsedInstruction[];
    };
  };
}

/** One transfer into a merchant token account, before it is attributed to a session. */
export interface IncomingTransfer {
  /** Top-level instruction index × 1000, plus the inner instruction's index + 1 for inner ones. */
  eventIndex: number;
  /** The merchant's token account it landed in. */
  account: string;
  /** The owner of the source token account: the payer's wallet, where a refund goes. */
  from: string;
  /** Base units, as the destination's balance change bears out (see `incomingTransfers`). */
  amountBase: bigint;
  /** Keys the instruction itself carries beyond its own accounts (where Solana Pay puts the reference). */
  instructionKeys: readonly string[];
}

/** An instruction's index in the transaction: inner ones after their top-level instruction. */
const INNER_STRIDE = 1000;

interface TransferInfo {
  source: string;
  destination: string;
  amount: bigint;
  authority: string;
  /** Extra keys: jsonParsed lists the keys after the authority as multisig `signers`. */
  extraKeys: string[];
}

/**
 * `transfer` and `transferChecked` instructions of the Token and Token-2022 programs, whose
 * destination is one of `accounts`, with their amounts bounded by what the destination received.
 *
 * **Why the bound:** the amount a session is credited is what arrived, read from the destination's
 * token-balance change (post − pre), not only what an instruction asked for (a Token-2022 transfer fee
 * withholds part of it). Transfers into one account are taken in instruction order, each credited
 * `min(its amount, what is left of the balance change)`, so two transfers in one transaction stay two
 * payments of their own amounts while their total never exceeds what the account received.
 * Failed transactions have no transfers.
 */
export function incomingTransfers(tx: ParsedTransactionView, accounts: ReadonlySet<string>): IncomingTransfer[] {
  const meta = tx.meta;
  if (meta === null || meta.err !== null) return [];
  const keys = tx.transaction.message.accountKeys.map((k) => String(k.pubkey));
  const balanceOf = (list: readonly TokenBalance[] | null | undefined, account: string): TokenBalance | undefined =>
    list?.find((b) => keys[b.accountIndex] === account);

  const found: { eventIndex: number; info: TransferInfo }[] = [];
  const consider = (ix: ParsedInstruction, eventIndex: number) => {
    const info = transferInfo(ix);
    if (info && accounts.has(info.destination) && info.source !== info.destination) found.push({ eventIndex, info });
  };
  tx.transaction.message.instructions.forEach((ix, i) => consider(ix, i * INNER_STRIDE));
  for (const inner of meta.innerInstructions ?? []) {
    inner.instructions.forEach((ix, j) => consider(ix, inner.index * INNER_STRIDE + j + 1));
  }
  found.sort((a, b) => a.eventIndex - b.eventIndex);

  const left = new Map<string, bigint>();
  const transfers: IncomingTransfer[] = [];
  for (const { eventIndex, info } of found) {
    let remaining = left.get(info.destination);
    if (remaining === undefined) {
      const pre = BigInt(balanceOf(meta.preTokenBalances, info.destination)?.uiTokenAmount.amount ?? '0');
      const post = BigInt(balanceOf(meta.postTokenBalances, info.destination)?.uiTokenAmount.amount ?? '0');
      remaining = post > pre ? post - pre : 0n;
    }
    const amountBase = info.amount < remaining ? info.amount : remaining;
    left.set(info.destination, remaining - amountBase);
    const source = balanceOf(meta.preTokenBalances, info.source) ?? balanceOf(meta.postTokenBalances, info.source);
    transfers.push({
      eventIndex,
      account: info.destination,
      // The token balances name the source account's owner; a delegate's transfer is still the owner's money.
      from: source?.owner ?? info.authority,
      amountBase,
      instructionKeys: info.extraKeys,
    });
  }
  return transfers;
}

function transferInfo(ix: ParsedInstruction): TransferInfo | null {
  if (!TOKEN_PROGRAMS.has(String(ix.programId)) || typeof ix.parsed !== 'object' || ix.parsed === null) return null;
  const { type, info } = ix.parsed as { type?: unknown; info?: Record<string, unknown> };
  if ((type !== 'transfer' && type !== 'transferChecked') || typeof info !== 'object' || info === null) return null;
  const amountText = type === 'transfer' ? info.amount : (info.tokenAmount as { amount?: unknown } | undefined)?.amount;
  const authority = info.authority ?? info.multisigAuthority;
  if (typeof info.source !== 'string' || typeof info.destination !== 'string' || typeof amountText !== 'string' || typeof authority !== 'string') return null;
  const signers = Array.isArray(info.signers) ? info.signers.filter((s): s is string => typeof s === 'string') : [];
  return { source: info.source, destination: info.destination, amount: BigInt(amountText), authority, extraKeys: signers };
}
