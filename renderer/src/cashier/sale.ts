/**
 * One sale at the till: the amount being typed, the session once charged, and its live status from
 * the public checkout feed (`/pay/{id}/stream`, server-sent events: no key needed, the id is the
 * capability). Kept outside components so the screen can be re-rendered freely.
 */
import { create } from 'zustand';
import { apiBaseUrl, postJson, putJson } from '../api.js';
import type { CreatedSession, DisplayShown, Merchant, SaleStatus } from '../api-types.js';
import type { Money } from '../format.js';
import { loadError } from '../use-api.js';
import { playPaidSound, preparePaidSound } from './paid-sound.js';
import { rememberTillMode, tillId } from '../till-id.js';

interface SaleState {
  phase: 'entry' | 'charging' | 'live';
  error?: string;
  paymentUrl?: string;
  status?: SaleStatus;
  /** The feed is down (the core restarted, the network dropped): the browser reconnects by itself. */
  reconnecting: boolean;
  /**
   * The shop's tip choices, while the customer has not chosen yet (tips on in Settings): the till shows
   * them before the payment codes. Undefined once chosen ("No tip" included) or when tips are off.
   */
  tipOffer?: TipSettings;
  /** A tip being sent to the API. */
  tipping: boolean;
  /** What was charged last, for "Charge again" after a sale expired or was canceled unpaid. */
  lastCharge?: { merchantId: string; amount: Money; description: string; tips?: TipSettings };
  /** Charges `amount` for the shop `merchantId` (GET /v1/merchant, which the till loads), offering `tips` first when they are on. */
  charge(merchantId: string, amount: Money, description: string, tips?: TipSettings): Promise<void>;
  /** The customer's choice: a tip in the sale's currency, or "0" for no tip. */
  chooseTip(value: string): Promise<void>;
  chargeAgain(): Promise<void>;
  cancel(): Promise<void>;
  newSale(): void;
}

export type TipSettings = Merchant['settings']['tips'];

let feed: EventSource | undefined;

/**
 * Puts the sale on the customer display of this till in the sign-in's mode (the answer says which);
 * a display that cannot be reached never stops a sale.
 */
function showOnDisplay(sessionId: string | null): void {
  putJson<DisplayShown>('/v1/display', { session_id: sessionId, till: tillId() })
    .then((shown) => rememberTillMode(shown.livemode))
    .catch(() => undefined);
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
  tipping: false,
  async charge(merchantId, amount, description, tips) {
    preparePaidSound(); // the click is the user gesture browsers ask for before audio
    set({ phase: 'charging', error: undefined, lastCharge: { merchantId, amount, description, ...(tips && { tips }) } });
    try {
      const body: Record<string, unknown> = { merchant_id: merchantId, amount };
      if (description.trim()) body.description = description.trim();
      // The sale belongs to this till's open shift, if one is (docs/shifts.md).
      if (tillId()) body.till = tillId();
      // A retry after a dropped answer must not create a second sale: one key per charge.
      const created = await postJson<CreatedSession>('/v1/payment/sessions', body, { 'Idempotency-Key': crypto.randomUUID() });
      set({ phase: 'live', paymentUrl: created.payment_url, status: undefined, tipOffer: tips?.enabled ? tips : undefined });
      follow(created.session_id, set);
      // While the till asks for a tip, the display keeps its welcome: it shows the sale, and its codes,
      // once the total is known (chooseTip), so the customer never pays a total about to change.
      if (!tips?.enabled) showOnDisplay(created.session_id);
    } catch (error) {
      set({ phase: 'entry', error: loadError(error) });
    }
  },
  async chargeAgain() {
    const last = get().lastCharge;
    if (last) await get().charge(last.merchantId, last.amount, last.description, last.tips);
  },
  async chooseTip(value) {
    const status = get().status;
    if (!status || get().tipping) return;
    set({ tipping: true, error: undefined });
    try {
      // One key per choice: a retry after a dropped answer sets the same tip once.
      await postJson(`/v1/payment/sessions/${encodeURIComponent(status.session_id)}/tip`, { tip: { value, currency: status.amount.currency } }, { 'Idempotency-Key': crypto.randomUUID() });
      // The feed brings the new total and payment codes (the tip publishes the session's change).
      set({ tipOffer: undefined, tipping: false });
      showOnDisplay(status.session_id);
    } catch (error) {
      set({ tipping: false, error: loadError(error) });
    }
  },
  async cancel() {
    const id = get().status?.session_id;
    if (!id) return;
    try {
      await postJson(`/v1/payment/sessions/${encodeURIComponent(id)}/cancel`, {});
    } catch (error) {
      set({ error: loadError(error) });
    }
  },
  newSale() {
    showOnDisplay(null);
    feed?.close();
    feed = undefined;
    set({ phase: 'entry', paymentUrl: undefined, status: undefined, error: undefined, reconnecting: false, tipOffer: undefined, tipping: false });
  },
}));
