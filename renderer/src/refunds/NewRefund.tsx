/**
 * The refund form for one sale. The amount is required (a "Refund all" button fills it, so a blank
 * form can never send everything), and nothing is sent before the confirmation says how much goes
 * back, on which network and to which address, and, when the refund wallet lacks that network's coin
 * for the fee, that the refund would fail (refund-wallet-gas.ts).
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { postJson } from '../api.js';
import type { Confirmation } from '../ConfirmDialog.js';
import { coinAmount, type Money, subtractMoney } from '../format.js';
import { i18n } from '../i18n/index.js';
import { listFormat, money as formatMoney } from '../i18n/locale-format.js';
import { sessionState } from '../session-words.js';
import type { Network, RefundWallet, Session } from '../api-types.js';
import { gasShortage } from '../refund-wallet-gas.js';
import { useApi } from '../use-api.js';
import { leftToRefund, type RefundRoute, refundRoutes, whyNoRefund } from './refund-route.js';

const COINS = new Set(['USDT', 'USDC']);

/** What an OVERPAID session received beyond its amount, in its currency. */
const excess = (s: Session): Money => subtractMoney(s.amount_received, s.amount);

/** An amount as it is typed into the field: a coin's 6 decimals trimmed to what matters ("8.00"). */
const typedForm = (m: Money) => (COINS.has(m.currency) ? coinAmount(m.value) : m.value);

/** Whether a typed decimal is exactly this amount ("8" and "8.000000" are 8.00 USDT). */
const isExactly = (typed: string, m: Money) => /^\d+(\.\d+)?$/.test(typed) && !/[1-9]/.test(subtractMoney({ value: typed, currency: m.currency }, m).value);

/** "Ethereum or TRON", in the UI's language. */
const either = (names: Iterable<string>) => listFormat(new Set(names), 'disjunction');

/** The names of the networks a session was paid on ("TRON"), for the destination's placeholder. */
const paidOn = (routes: readonly RefundRoute[]) => either(routes.map((r) => r.networkName)) || i18n.t('refunds:form.anyWallet');

/** The confirmation's words: the amount, the network(s), where the money goes. */
function refundWords(session: Session, amount: Money, routes: readonly RefundRoute[], destination: string, reason: string, warnings: readonly string[]): Confirmation {
  const money = formatMoney(amount);
  // A fiat-priced sale is paid back in the coin it was paid in, at the rate locked when it was made.
  const inCoin = !COINS.has(amount.currency);
  const coins = either(routes.map((r) => r.coin));
  const only = routes.length === 1 ? routes[0] : undefined;
  const components = { strong: <strong />, address: <code className="address" /> };
  const body: ReactNode = only ? (
    <p>
      <Trans
        ns="refunds"
        i18nKey={inCoin ? (destination ? 'confirm.inCoinToTyped' : 'confirm.inCoinToPayer') : destination ? 'confirm.toTyped' : 'confirm.toPayer'}
        values={{ amount: money, coins, network: only.networkName, address: destination || only.from }}
        components={components}
      />
    </p>
  ) : (
    <>
      <p>
        <Trans
          ns="refunds"
          i18nKey={inCoin ? (destination ? 'confirm.inCoinRoutesToTyped' : 'confirm.inCoinRoutesToPayer') : destination ? 'confirm.routesToTyped' : 'confirm.routesToPayer'}
          values={{ amount: money, coins, address: destination }}
          components={components}
        />
      </p>
      <ul className="list">
        {routes.map((r) => (
          <li key={`${r.network}-${r.coin}-${r.from}`}>
            <Trans ns="refunds" i18nKey="confirm.route" values={{ coin: r.coin, network: r.networkName, address: r.from }} components={components} />
          </li>
        ))}
      </ul>
    </>
  );
  return {
    title: i18n.t('refunds:confirm.title'),
    body: (
      <>
        {body}
        {warnings.map((w) => <p key={w} className="error">{w}</p>)}
        {reason ? <p>{i18n.t('refunds:confirm.reason', { reason })}</p> : null}
        <p className="muted">{i18n.t('refunds:confirm.final')}</p>
      </>
    ),
    confirm: i18n.t('refunds:confirm.send', { amount: money }),
  };
}

export function NewRefund({
  session,
  networks,
  confirm,
  onSent,
}: {
  session: Session;
  networks: readonly Network[];
  confirm: (c: Confirmation) => Promise<boolean>;
  onSent: () => void;
}) {
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string>();
  const { t } = useTranslation('refunds');
  const routes = refundRoutes(session, networks);
  const left = leftToRefund(session);
  const currency = session.amount.currency;
  // The refund wallet of the sale's family, read as the form opens: whether it has each route's network's coin for the fee.
  const family = routes.map((r) => networks.find((n) => n.network === r.network)?.family).find((f) => f !== undefined);
  const wallet = useApi<RefundWallet>(family === undefined ? null : `/v1/refund_wallets/${family}`).data;
  const warnings = [...new Set(routes.flatMap((r) => gasShortage(wallet, r.network, r.networkName) ?? []))];

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const typed = value.trim();
    if (!typed) return setError(t('form.amountMissing'));
    const amount = { value: typed, currency };
    if (!(await confirm(refundWords(session, amount, routes, destination.trim(), reason.trim(), warnings)))) return;
    // "Refund all" of a sale paid in one transfer is the API's full refund: exact in the coin paid,
    // where converting a fiat amount back at the locked rate could land a unit beyond it.
    const all = isExactly(typed, left) && routes.length === 1;
    try {
      await postJson(
        '/v1/refunds',
        {
          session_id: session.session_id,
          ...(!all && { amount }),
          ...(reason.trim() && { reason: reason.trim() }),
          ...(destination.trim() && { destination_address: destination.trim() }),
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      setValue('');
      setReason('');
      setDestination('');
      onSent();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const summary = (
    <p>
      <Trans
        t={t}
        i18nKey="sale.summary"
        values={{ amount: formatMoney(session.amount), state: sessionState(session), received: formatMoney(session.amount_received), refunded: formatMoney(session.amount_refunded) }}
        components={{ strong: <strong /> }}
      />
      {session.description ? ` · ${session.description}` : ''}
    </p>
  );
  const why = whyNoRefund(session);
  if (why) {
    return (
      <div className="card" aria-label={t('sale.label')} role="region">
        {summary}
        <p role="status">{why}</p>
      </div>
    );
  }
  return (
    <form className="card endpoint-form" onSubmit={(e) => void send(e)} aria-label={t('form.label')}>
      {summary}
      {warnings.map((w) => (
        <p key={w} className="error" role="status">
          {w}
        </p>
      ))}
      {session.exception === 'OVERPAID' ? (
        <p>
          {t('form.overpaid', { excess: formatMoney(excess(session)) })}{' '}
          <button type="button" className="secondary" onClick={() => setValue(typedForm(excess(session)))}>
            {t('form.refundExcess')}
          </button>
        </p>
      ) : null}
      <label>
        {t('form.amount', { currency })}
        <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} required autoComplete="off" />
      </label>
      <p>
        <button type="button" className="secondary" onClick={() => setValue(typedForm(left))}>
          {t('form.refundAll', { amount: formatMoney(left) })}
        </button>
      </p>
      <label>
        {t('form.reason')}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </label>
      <label>
        {t('form.destination')}
        <input value={destination} onChange={(e) => setDestination(e.target.value)} placeholder={t('form.destinationPlaceholder', { networks: paidOn(routes) })} />
      </label>
      <button type="submit">{t('form.submit')}</button>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </form>
  );
}
