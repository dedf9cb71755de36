import type { ParsedTransactionView } from './incoming-transfers.js';

/**
 * Which of the followed token accounts a pass needs to list (`getSignaturesForAddress`), so that an
 * idle pass costs one `getMultipleAccounts` for all of them instead of one signature list each.
 *
 * The rule: per account, the balance its newest handled transaction left in it ("accounted") is kept.
 * A pass reads every followed account's balance at `confirmed` in one call and lists only those whose
 * balance differs from the accounted one, or whose accounted balance is not known yet, or that were
 * not listed for `fullListMs` (the safety net: a payment and an outgoing transfer of the same amount
 * between two passes leave the balance as it was). A short answer costs a listing, never a payment:
 * a signature list that misses the newest transaction leaves the accounted balance short of the
 * account's, so the account is listed again on the next pass, from the same cursor; a balance read
 * from a node that lags only delays the listing by a pass.
 */
export class AccountBalances {
  private readonly accounted = new Map<string, bigint>();
  private readonly listedAt = new Map<string, number>();

  constructor(
    private readonly fullListMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `account`, holding `balance` now (0 when it does not exist), is to be listed this pass. */
  needsListing(account: string, balance: bigint): boolean {
    const known = this.accounted.get(account);
    return known === undefined || known !== balance || this.now() - (this.listedAt.get(account) ?? 0) >= this.fullListMs;
  }

  /** Whether the balance left by the newest handled transaction is known (else a pass may read it). */
  knows(account: string): boolean {
    return this.accounted.has(account);
  }

  /** The account was listed, and every signature listed for it handled. */
  listed(account: string): void {
    this.listedAt.set(account, this.now());
  }

  /** What a handled transaction left in the followed accounts it touched (its post balances). */
  handled(balances: ReadonlyMap<string, bigint>): void {
    for (const [account, balance] of balances) this.accounted.set(account, balance);
  }

  /** An account with no transaction at all: what it holds is all there is to account for. */
  empty(account: string, balance: bigint): void {
    this.accounted.set(account, balance);
  }

  /** Forgets an account no longer followed (a refund destination once paid). */
  forget(account: string): void {
    this.accounted.delete(account);
    this.listedAt.delete(account);
  }
}

/** The balances a transaction left in the `followed` accounts it names in its token balances. */
export function balancesAfter(tx: ParsedTransactionView, followed: ReadonlySet<string>): Map<string, bigint> {
  const keys = tx.transaction.message.accountKeys.map((k) => String(k.pubkey));
  const balances = new Map<string, bigint>();
  for (const b of tx.meta?.postTokenBalances ?? []) {
    const account = keys[b.accountIndex];
    if (account !== undefined && followed.has(account)) balances.set(account, BigInt(b.uiTokenAmount.amount));
  }
  // A followed account the transaction names without a post balance was closed by it: it holds nothing.
  for (const account of keys) if (followed.has(account) && !balances.has(account) && (tx.meta?.preTokenBalances ?? []).some((b) => keys[b.accountIndex] === account)) balances.set(account, 0n);
  return balances;
}

/** The token amount of an account as `getMultipleAccounts` returns it with `dataSlice` {offset 64, length 8}; 0 when it does not exist. */
export function amountOf(account: { data: readonly [string, string] | readonly unknown[] } | null): bigint {
  if (account === null) return 0n;
  const bytes = Buffer.from(String(account.data[0]), 'base64');
  return bytes.length >= 8 ? bytes.readBigUInt64LE(0) : 0n;
}

/** Where a token account (Token and Token-2022 alike) keeps its amount: after the mint and the owner. */
export const AMOUNT_SLICE = { offset: 64, length: 8 } as const;
