/** What the Balances screen shows, loaded from the core's API (never from anywhere else). */
import { create } from 'zustand';
import { getJson, postJson } from '../api.js';
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


/** What a sum of ledger entries is made of (`GET /v1/balance/summary`): net = gross − fees − refunds + conversions. */
export interface MoneyParts {
  gross: Money;
  fees: Money;
  refunds: Money;
  conversions: Money;
  net: Money;
}

/** One day's sales in one currency; net = gross − fees − refunds. */
export interface DaySales {
  date: string;
  currency: string;
  gross: Money;
  fees: Money;
  refunds: Money;
  net: Money;
}

export interface BalanceSummary {
  time_zone: string;
  accounts: { currency: string; pending: MoneyParts; available: MoneyParts }[];
  days: DaySales[];
}

/** Days the chart covers. */
export const CHART_DAYS = 30;

interface BalancesState {
  state: 'idle' | 'loading' | 'ready' | 'failed';
  error?: string;
  balance?: Balance;
  conversions: Conversion[];
  summary?: BalanceSummary;
  quote?: Quote;
  quoteError?: string;
  load(): Promise<void>;
  requestQuote(from: Money, to: string): Promise<void>;
  confirmQuote(): Promise<void>;
  clearQuote(): void;
}

export const useBalances = create<BalancesState>()((set, get) => ({
  state: 'idle',
  conversions: [],
  async load() {
    set({ state: 'loading', error: undefined });
    try {
      const [balance, conversions, summary] = await Promise.all([
        getJson<Balance>('/v1/balance'),
        getJson<Page<Conversion>>('/v1/conversions?limit=10'),
        // The daily series and the breakdowns are the core's sums (fees and refunds counted), not the screen's.
        getJson<BalanceSummary>(`/v1/balance/summary?days=${CHART_DAYS}`),
      ]);
      set({ state: 'ready', balance, conversions: conversions.items, summary });
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
