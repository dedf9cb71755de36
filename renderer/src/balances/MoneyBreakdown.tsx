/** What each account's pending and available money is made of: paid, fees, refunds, conversions (the API's sums). */
import { formatMoney } from '../format.js';
import type { MoneyParts } from '../api-types.js';

const isZero = (m: { value: string }) => /^-?0(\.0*)?$/.test(m.value);

/** "12.50 USDT paid − 0.29 USDT fees − 2.00 USDT refunded = 10.21 USDT": only the parts that are not zero. */
function sentence(p: MoneyParts): string {
  const parts = [`${formatMoney(p.gross)} paid`];
  if (!isZero(p.fees)) parts.push(`− ${formatMoney(p.fees)} fees`);
  if (!isZero(p.refunds)) parts.push(`${p.refunds.value.startsWith('-') ? '+' : '−'} ${formatMoney({ ...p.refunds, value: p.refunds.value.replace(/^-/, '') })} refunded`);
  if (!isZero(p.conversions)) {
    const out = p.conversions.value.startsWith('-');
    parts.push(`${out ? '−' : '+'} ${formatMoney({ ...p.conversions, value: p.conversions.value.replace(/^-/, '') })} ${out ? 'converted out' : 'converted in'}`);
  }
  return parts.join(' ');
}

export function MoneyBreakdown({ accounts }: { accounts: readonly { currency: string; pending: MoneyParts; available: MoneyParts }[] }) {
  return (
    <table className="table" aria-label="What makes up each balance">
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Pending</th>
          <th scope="col">Available</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.currency}>
            <th scope="row">{a.currency}</th>
            {[a.pending, a.available].map((p, i) => (
              <td key={i}>
                {isZero(p.gross) && isZero(p.net) && isZero(p.conversions) ? (
                  <span className="muted">Nothing</span>
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
