/** What each account's pending and available money is made of: paid, fees, refunds, conversions (the API's sums). */
import { useTranslation } from 'react-i18next';
import type { MoneyParts } from '../api-types.js';
import { i18n } from '../i18n/index.js';
import { money as formatMoney } from '../i18n/locale-format.js';

const isZero = (m: { value: string }) => /^-?0(\.0*)?$/.test(m.value);

/** "12.50 USDT paid − 0.29 USDT fees − 2.00 USDT refunded = 10.21 USDT": only the parts that are not zero. */
function sentence(p: MoneyParts): string {
  const unsigned = (m: { value: string; currency: string }) => formatMoney({ ...m, value: m.value.replace(/^-/, '') });
  const parts = [i18n.t('balances:breakdown.paid', { amount: formatMoney(p.gross) })];
  if (!isZero(p.fees)) parts.push(i18n.t('balances:breakdown.fees', { amount: formatMoney(p.fees) }));
  if (!isZero(p.refunds)) parts.push(i18n.t(p.refunds.value.startsWith('-') ? 'balances:breakdown.refundedBack' : 'balances:breakdown.refunded', { amount: unsigned(p.refunds) }));
  if (!isZero(p.conversions)) {
    const out = p.conversions.value.startsWith('-');
    parts.push(i18n.t(out ? 'balances:breakdown.convertedOut' : 'balances:breakdown.convertedIn', { amount: unsigned(p.conversions) }));
  }
  return parts.join(' ');
}

export function MoneyBreakdown({ accounts }: { accounts: readonly { currency: string; pending: MoneyParts; available: MoneyParts }[] }) {
  const { t } = useTranslation('balances');
  return (
    <table className="table" aria-label={t('breakdown.title')}>
      <thead>
        <tr>
          <th scope="col">{t('accounts.account')}</th>
          <th scope="col">{t('accounts.pending')}</th>
          <th scope="col">{t('accounts.available')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.currency}>
            <th scope="row">{a.currency}</th>
            {[a.pending, a.available].map((p, i) => (
              <td key={i}>
                {isZero(p.gross) && isZero(p.net) && isZero(p.conversions) ? (
                  <span className="muted">{t('breakdown.nothing')}</span>
                ) : (
                  <>
                    <strong>{formatMoney(p.net)}</strong>
                    <br />
                    <span className="muted">{sentence(p)}</span>
                  </>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
