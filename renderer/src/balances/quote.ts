/**
 * A conversion on the Balances screen: the quote asked for, shown until confirmed or canceled, then
 * the conversion. Kept in a store so the quote outlives a re-render; the screen's figures are loaded
 * with useApi (use-api.ts), and read again once a conversion is made.
 */
import { create } from 'zustand';
import { postJson } from '../api.js';
import type { Conversion, Quote } from '../api-types.js';
import type { Money } from '../format.js';
import { loadError } from '../use-api.js';

interface QuoteState {
  quote?: Quote;
  quoteError?: string;
  requestQuote(from: Money, to: string): Promise<void>;
  /** Converts at the quote; true once done (the balances changed). */
  confirmQuote(): Promise<boolean>;
  clearQuote(): void;
}

export const useQuote = create<QuoteState>()((set, get) => ({
  async requestQuote(from, to) {
    set({ quote: undefined, quoteError: undefined });
    try {
      set({ quote: await postJson<Quote>('/v1/conversions/quote', { from, to }) });
    } catch (error) {
      set({ quoteError: loadError(error) });
    }
  },
  async confirmQuote() {
    const quote = get().quote;
    if (!quote) return false;
    try {
      await postJson<Conversion>('/v1/conversions', { from: quote.from, to: quote.to.currency, quote_id: quote.id });
      set({ quote: undefined });
      return true;
    } catch (error) {
      set({ quoteError: loadError(error) });
      return false;
    }
  },
  clearQuote() {
    set({ quote: undefined, quoteError: undefined });
  },
}));
