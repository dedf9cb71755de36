import { address, type Address, type GetMultipleAccountsApi, type Rpc } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import type { Stablecoin } from '../../domain/currencies.js';
import type { ExtraToken } from '../../domain/networks.js';
import { TOKEN_PROGRAMS } from './incoming-transfers.js';
import type { MerchantTokenAccount } from './watcher.js';

/** A coin the network offers: its mint and the decimals the app expects of it. */
export interface OfferedMint {
  currency: Stablecoin;
  mint: string;
  decimals: number;
}

/** What a mint account says: its owner program and decimals, or why it cannot be used. */
type MintFacts = { program: string; decimals: number } | { problem: string };

/** How long an account found open is trusted before it is looked at again (an owner may close one). */
const RECHECK_OPEN_MS = 5 * 60_000;

/** Byte offset of `decimals` in a mint account (Token and Token-2022 alike). */
const MINT_DECIMALS_OFFSET = 44;

/**
 * The merchant's token accounts on one Solana network: for each offered mint, the wallet's
 * associated token account (ATA) under the mint's own program (Token or Token-2022, read from the
 * mint account once), and whether it exists.
 *
 * A wallet pays a Solana Pay request into the recipient's ATA and does not open a missing one, so a
 * coin whose ATA is missing cannot be paid: it is not offered, and `unpayable` says why and what to do.
 * Every ATA is followed all the same (listing a missing account's signatures costs the same single call
 * and answers nothing), so a payment sent the moment it is opened is not missed.
 *
 * The wallet's ATAs of the network's extra mints (tokens customers send by mistake, issue 17) are
 * followed too, each under its mint's own program and with the mint's own decimals, but never looked
 * up: a wallet sending an arbitrary token opens the recipient's account itself (Phantom does), so a
 * missing one is simply followed until it appears, and never makes a coin unpayable. An extra mint
 * that does not exist on the cluster, or is no token mint, is not followed.
 *
 * RPC cost: the mints once, then one `getMultipleAccounts` per pass while an offered coin's account is
 * missing and one every five minutes once all exist; never per session.
 */
export class MerchantAccounts {
  private programs: Map<string, MintFacts> | undefined;
  private state: { wallet: string; accounts: MerchantTokenAccount[]; open: Set<string>; checkedAt: number } | undefined;
  private problems: Partial<Record<Stablecoin, string>> = {};
  /**
   * Accounts the watcher follows from a stored cursor (`following`). An account followed for the first
   * time starts at its newest signature, so a coin offered before that cursor is stored could be paid
   * just before it and be missed: it is offered only once its account is in here.
   */
  private readonly followed = new Set<string>();
  /** Payout destinations' token accounts, derived once per wallet (a few, at any time). */
  private readonly payoutCache = new Map<string, MerchantTokenAccount[]>();

  constructor(
    private readonly rpc: Rpc<GetMultipleAccountsApi>,
    /** The coins offered, and the extra tokens watched for mistakes (NetworkSettings.extraTokens). */
    { offered, extra = [] }: { offered: readonly OfferedMint[]; extra?: readonly ExtraToken[] },
    /** The merchant's wallet in this mode, as set now (undefined: none yet). */
    private readonly wallet: () => string | undefined,
    /** Told of every RPC call, for the watcher's counters. */
    private readonly counted: () => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.mints = offered;
    this.extra = extra;
  }

  private readonly mints: readonly OfferedMint[];
  private readonly extra: readonly ExtraToken[];

  /**
   * The coins that cannot be paid right now, with the reason in words for the owner. Until the
   * wallet's accounts have been looked up (just started, the RPC not answering yet, or the wallet just
   * changed), none is known payable: a coin offered then could be paid into a missing account, or
   * before the watcher follows the account from its newest signature, and the payment be missed.
   */
  unpayable(): Partial<Record<Stablecoin, string>> {
    const wallet = this.wallet();
    if (wallet !== undefined && (this.state?.wallet !== wallet || this.state.checkedAt === -Infinity)) {
      return Object.fromEntries(
        this.mints.map((m) => [
          m.currency,
          `the app has not looked up the wallet ${wallet}'s ${m.currency} token account yet (the RPC has not answered since the start or since the wallet changed): Solana offers ${m.currency} once it has`,
        ]),
      );
    }
    const problems = { ...this.problems };
    for (const a of this.state?.accounts ?? []) {
      if (a.mistake !== undefined || a.currency === null || problems[a.currency] !== undefined || this.followed.has(a.account)) continue;
      problems[a.currency] = `the app is starting to follow the wallet ${wallet}'s ${a.currency} token account (${a.account}): Solana offers ${a.currency} within seconds`;
    }
    return problems;
  }

  /** The watcher has stored its cursor for these accounts: payments into them are found from now on. */
  following(accounts: readonly string[]): void {
    for (const a of accounts) this.followed.add(a);
  }

  /** The accounts to follow, looking them up again where due. @throws Error when the RPC fails */
  async current(): Promise<readonly MerchantTokenAccount[]> {
    const wallet = this.wallet();
    if (wallet === undefined) {
      this.state = undefined;
      this.problems = {};
      return [];
    }
    const programs = await this.mintPrograms();
    let state = this.state;
    if (state?.wallet !== wallet) {
      const accounts: MerchantTokenAccount[] = [];
      for (const m of this.mints) {
        const p = programs.get(m.mint);
        if (!p || !('program' in p)) continue;
        const [ata] = await findAssociatedTokenPda({ owner: address(wallet), mint: address(m.mint), tokenProgram: address(p.program) });
        accounts.push({ currency: m.currency, mint: m.mint, account: ata, decimals: m.decimals });
      }
      for (const t of this.extra) {
        const p = programs.get(t.contract);
        if (!p || !('program' in p)) continue;
        const [ata] = await findAssociatedTokenPda({ owner: address(wallet), mint: address(t.contract), tokenProgram: address(p.program) });
        accounts.push({ currency: t.currency, mistake: t.currency ? 'wrong_asset' : 'unsupported_token', mint: t.contract, account: ata, decimals: p.decimals });
      }
      state = { wallet, accounts, open: new Set(), checkedAt: -Infinity };
      this.state = state;
    }
    // Only the offered coins' accounts decide what is payable: they alone are looked up.
    const offered = state.accounts.filter((a) => a.mistake === undefined);
    const due = state.open.size < offered.length || this.now() - state.checkedAt >= RECHECK_OPEN_MS;
    if (due) {
      const found = offered.length > 0 ? await this.accountsExist(offered.map((a) => address(a.account))) : [];
      state.open = new Set(offered.filter((_, i) => found[i]).map((a) => a.account));
      state.checkedAt = this.now();
    }
    const problems: Partial<Record<Stablecoin, string>> = {};
    for (const m of this.mints) {
      const p = programs.get(m.mint);
      const account = offered.find((a) => a.mint === m.mint);
      if (p && 'problem' in p) problems[m.currency] = p.problem;
      else if (account && !state.open.has(account.account)) {
        problems[m.currency] =
          `the wallet ${wallet} has no ${m.currency} token account yet (${account.account}), and a wallet cannot pay into a missing one: ` +
          `receive any amount of ${m.currency} in that wallet once (or open the account from the wallet app), and Solana offers ${m.currency} within seconds`;
      }
    }
    this.problems = problems;
    return state.accounts;
  }

  /**
   * The token accounts, one per offered mint, of wallets that refunds paid by hand go to: a payout
   * lands there, and the merchant's accounts never see it. Derived, not looked up: a missing one is
   * opened by the payout itself, and listing its signatures costs the same.
   */
  async payoutAccounts(owners: readonly string[]): Promise<MerchantTokenAccount[]> {
    if (owners.length === 0) return [];
    const programs = await this.mintPrograms();
    const accounts: MerchantTokenAccount[] = [];
    for (const owner of owners) {
      let derived = this.payoutCache.get(owner);
      if (!derived) {
        derived = [];
        for (const m of this.mints) {
          const p = programs.get(m.mint);
          if (!p || !('program' in p)) continue;
          const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(m.mint), tokenProgram: address(p.program) });
          derived.push({ currency: m.currency, mint: m.mint, account: ata, decimals: m.decimals, payoutTo: owner });
        }
        this.payoutCache.set(owner, derived);
      }
      accounts.push(...derived);
    }
    return accounts;
  }

  /**
   * Each mint's owner program and decimals, offered and extra mints in one call, read once; a mint
   * that is missing or odd is a problem, not an error (an offered coin says so; an extra one is not
   * followed).
   */
  private async mintPrograms(): Promise<Map<string, MintFacts>> {
    if (this.programs) return this.programs;
    const mints = [...this.mints.map((m) => ({ mint: m.mint, label: `the ${m.currency} mint` })), ...this.extra.map((t) => ({ mint: t.contract, label: `the ${t.symbol} mint` }))];
    const { value } = await this.send(this.rpc.getMultipleAccounts(mints.map((m) => address(m.mint)), { encoding: 'base64', commitment: 'confirmed' }));
    const facts = new Map<string, MintFacts>();
    mints.forEach(({ mint, label }, i) => facts.set(mint, mintFacts(label, mint, value[i])));
    // An offered coin's mint must have the decimals the app expects of it.
    for (const m of this.mints) {
      const f = facts.get(m.mint);
      if (f && 'decimals' in f && f.decimals !== m.decimals) facts.set(m.mint, { problem: `the ${m.currency} mint ${m.mint} has ${f.decimals} decimals, not the ${m.decimals} configured` });
    }
    this.programs = facts;
    return facts;
  }

  /** One call, counted; sent again while only refused for now by the network's RPC pool (src/chains/rpc-pool/). */
  private send<T>(request: { send(): Promise<T> }): Promise<T> {
    this.counted();
    return request.send();
  }

  private async accountsExist(accounts: readonly Address[]): Promise<boolean[]> {
    const { value } = await this.send(this.rpc.getMultipleAccounts([...accounts], { encoding: 'base64', commitment: 'confirmed' }));
    return accounts.map((_, i) => value[i] !== null && value[i] !== undefined);
  }
}

/** What a mint's account (as getMultipleAccounts returns it, base64) says of it. */
function mintFacts(label: string, mint: string, account: { owner: unknown; data: readonly [string, unknown] } | null | undefined): MintFacts {
  if (!account) return { problem: `${label} ${mint} does not exist on the cluster this RPC serves` };
  const owner = String(account.owner);
  const data = Buffer.from(account.data[0], 'base64');
  if (!TOKEN_PROGRAMS.has(owner)) return { problem: `${mint} is not a token mint (its account belongs to ${owner})` };
  const decimals = data[MINT_DECIMALS_OFFSET];
  if (data.length <= MINT_DECIMALS_OFFSET || decimals === undefined) return { problem: `${mint} is not a token mint (its account is too short)` };
  return { program: owner, decimals };
}
