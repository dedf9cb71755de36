/**
 * One sale at the till: the amount being typed, the session once charged, and its live status from
 * the public checkout feed (`/pay/{id}/stream`, server-sent events: no key needed, the id is the
 * capability). Kept outside components so the screen can be re-rendered freely.
 */
import { create } from 'zustand';
import { apiBaseUrl, getJson, postJson, putJson } from '../api.js';
import type { Money } from '../format.js';
import { playPaidSound, preparePaidSound } from './paid-sound.js';

export interface PaymentOption {
  network: string;
  network_name: string;
  token_standard: string;
  currency: string;
  amount_due: string;
  address: string;
  /** Solana Pay's reference: `address` is then the shop's wallet, shared by every sale; null elsewhere. */
  reference: string | null;
  uri: string;
  /** What the option's QR encodes: the wallet request (`uri`) or the bare address (`address`). */
  qr: { content: 'uri' | 'address'; payload: string };
}

export interface PublicPayment {
  network: string;
  network_name: string;
  currency: string;
  amount: string;
  confirmations: number;
  status: string;
  tx_hash: string;
  explorer_url: string | null;
}

/** What the checkout feed says about a session. */
export interface SaleStatus {
  session_id: string;
  status: 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'EXPIRED' | 'CANCELED';
  status_text: string;
  detail: string | null;
  exception: 'UNDERPAID' | 'OVERPAID' | 'PAID_LATE' | null;
  amount: Money;
  amount_received: Money;
  expires_at: string;
  payment_options: PaymentOption[];
  payments: PublicPayment[];
}

interface Merchant {
  merchant_id: string;
  settings: { default_currency: string };
}

interface Created {
  session_id: string;
  payment_url: string;
}

interface SaleState {
  merchant?: Merchant;
  phase: 'entry' | 'charging' | 'live';
  error?: string;
  paymentUrl?: string;
  status?: SaleStatus;
  /** The feed is down (the core restarted, the network dropped): the browser reconnects by itself. */
  reconnecting: boolean;
  /** What was charged last, for "Charge again" after a sale expired or was canceled unpaid. */
  lastCharge?: { amount: Money; description: string };
  loadMerchant(): Promise<void>;
  charge(amount: Money, description: string): Promise<void>;
  chargeAgain(): Promise<void>;
  cancel(): Promise<void>;
  newSale(): void;
}

let feed: EventSource | undefined;

/** Puts the sale on the customer display; a display that cannot be reached never stops a sale. */
function showOnDisplay(sessionId: string | null): void {
  putJson('/v1/display', { session_id: sessionId }).catch(() => undefined);
}

function follow(id: string, set: (s: Partial<SaleState>) => void): void {
  feed?.close();
  feed = new EventSource(new URL(`/pay/${encodeURIComponent(id)}/stream`, apiBaseUrl));
  let paid = false;
  feed.addEventListener('session', (e) => {
    const envelope = JSON.parse((e as MessageEvent<string>).data) as { data: SaleStatus };
    set({ status: envelope.data, reconnecting: false });
    // Once per sale, when it turns paid (a reconnect sends the state again).
    if (envelope.data.status === 'SUCCEEDED' && !paid) playPaidSound();
    paid = envelope.data.status === 'SUCCEEDED';
  });
  feed.onerror = () => set({ reconnecting: true });
}

export const useSale = create<SaleState>()((set, get) => ({
  phase: 'entry',
  reconnecting: false,
  async loadMerchant() {
    try {
      set({ merchant: await getJson<Merchant>('/v1/merchant') });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
  async charge(amount, description) {
    const merchant = get().merchant;
    if (!merchant) return;
    preparePaidSound(); // the click is the user gesture browsers ask for before audio
    set({ phase: 'charging', error: undefined, lastCharge: { amount, description } });
    try {
      const body: Record<string, unknown> = { merchant_id: merchant.merchant_id, amount };
      if (description.trim()) body.description = description.trim();
      // A retry after a dropped answer must not create a second sale: one key per charge.
      const created = await postJson<Created>('/v1/payment/sessions', body, { 'Idempotency-Key': crypto.randomUUID() });
      set({ phase: 'live', paymentUrl: created.payment_url, status: undefined });
      follow(created.session_id, set);
      showOnDisplay(created.session_id);
    } catch (error) {
      set({ phase: 'entry', error: error instanceof Error ? error.message : String(error) });
    }
  },
  async chargeAgain() {
    const last = get().lastCharge;
    if (last) await get().charge(last.amount, last.description);
  },
  async cancel() {
    const id = get().status?.session_id;
    if (!id) return;
    try {
      await postJson(`/v1/payment/sessions/${encodeURIComponent(id)}/cancel`, {});
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
  newSale() {
    showOnDisplay(null);
    feed?.close();
    feed = undefined;
    set({ phase: 'entry', paymentUrl: undefined, status: undefined, error: undefined, reconnecting: false });
  },
}));
