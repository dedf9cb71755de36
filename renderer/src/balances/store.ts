/** What the Balances screen shows, loaded from the core's API (never from anywhere else). */
import { create } from 'zustand';
import { getJson, postJson } from '../api.js';
import { dailyVolume, type DayVolume, type VolumeEntry } from '../daily-volume.js';
import type { Money } from '../format.js';
import type { Page } from '../types.js';

export interface Account {
  currency: string;
  available: Money;
  pending: Money;
}

export interface Settlement {
  id: string;
  currency: string;
  amount: Money;
  available_on: string;
}

export interface Balance {
  livemode: boolean;
  accounts: Account[];
  total: { currency: string; available: Money; pending: Money; missing_rates: string[] };
  upcoming_settlements: Settlement[];
}

export interface Conversion {
  id: string;
  from: Money;
  to: Money;
  fee: Money;
  rate: string;
  automatic: boolean;
  created_at: string;
}

export interface Quote extends Conversion {
  gross: Money;
  expires_at: string;
  rate_source: string;
}


/** Days the chart covers, and how many pages of entries it reads at most to draw them. */
export const CHART_DAYS = 30;
const CHART_MAX_PAGES = 20;

interface BalancesState {
  state: 'idle' | 'loading' | 'ready' | 'failed';
  error?: string;
  balance?: Balance;
  conversions: Conversion[];
  volume: DayVolume[];
  quote?: Quote;
  quoteError?: string;
  load(): Promise<void>;
  requestQuote(from: Money, to: string): Promise<void>;
  confirmQuote(): Promise<void>;
  clearQuote(): void;
}

async function recentEntries(): Promise<VolumeEntry[]> {
  const since = new Date(Date.now() - CHART_DAYS * 86_400_000).toISOString();
  const entries: VolumeEntry[] = [];
  let after: string | undefined;
  for (let i = 0; i < CHART_MAX_PAGES; i++) {
    const page = await getJson<Page<VolumeEntry & { id: string }>>(
      `/v1/balance/transactions?type=payment&limit=100&created_gte=${encodeURIComponent(since)}${after ? `&starting_after=${after}` : ''}`,
    );
    entries.push(...page.items);
    if (!page.has_more || page.items.length === 0) break;
    after = page.items[page.items.length - 1]?.id;
  }
  return entries;
}

export const useBalances = create<BalancesState>()((set, get) => ({
  state: 'idle',
  conversions: [],
  volume: [],
  async load() {
    set({ state: 'loading', error: undefined });
    try {
      const [balance, conversions, entries] = await Promise.all([
        getJson<Balance>('/v1/balance'),
        getJson<Page<Conversion>>('/v1/conversions?limit=10'),
        recentEntries(),
      ]);
      set({ state: 'ready', balance, conversions: conversions.items, volume: dailyVolume(entries, CHART_DAYS, new Date()) });
    } catch (error) {
      set({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  },
  async requestQuote(from, to) {
    set({ quote: undefined, quoteError: undefined });
    try {
      set({ quote: await postJson<Quote>('/v1/conversions/quote', { from, to }) });
    } catch (error) {
      set({ quoteError: error instanceof Error ? error.message : String(error) });
    }
  },
  async confirmQuote() {
    const quote = get().quote;
    if (!quote) return;
    try {
      await postJson<Conversion>('/v1/conversions', { from: quote.from, to: quote.to.currency, quote_id: quote.id });
      set({ quote: undefined });
      await get().load();
    } catch (error) {
      set({ quoteError: error instanceof Error ? error.message : String(error) });
    }
  },
  clearQuote() {
    set({ quote: undefined, quoteError: undefined });
  },
}));
