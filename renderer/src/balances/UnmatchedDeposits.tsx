/**
 * Unmatched deposits on the Balances screen (owner only, like the screen): money that reached the
 * shop's accounts without naming a sale, listed so the owner can sort it out with the customer.
 * docs/payments.md, "Unmatched deposits". Issue 17 turns this into an inbox with actions.
 */
import type { ApiData } from '../api-types.js';
import { formatMoney } from '../format.js';
import { networkName, useNetworks } from '../networks.js';
import { useApi } from '../use-api.js';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** A long base58 or hex address, shortened for the eye; the whole one is in the title. */
const short = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** Reloads whenever `version` changes (the screen's Refresh). Shows nothing while there are none. */
export function UnmatchedDeposits({ version }: { version: unknown }) {
  const networks = useNetworks();
  const { data, error } = useApi<ApiData<'listDeposits'>>('/v1/deposits?status=unmatched&limit=20', [version]);
  const deposits = data?.items ?? [];

  if (error) return <p className="error" role="alert">Could not load unmatched deposits: {error}</p>;
  if (deposits.length === 0) return null;
  return (
    <section className="card" aria-labelledby="deposits-title">
      <h3 id="deposits-title">Unmatched deposits</h3>
      <p>
        Money that reached the shop's wallet without naming a sale: on Solana, a transfer sent without the sale's payment reference (an exchange withdrawal, a
        wallet that left it out). It is not counted in the balances; find the sale it belongs to with the customer.
      </p>
      <ul className="list">
        {deposits.map((d) => (
          <li key={d.id}>
            <strong>{d.currency ? formatMoney({ value: d.amount, currency: d.currency }) : `${d.amount} (token ${short(d.token_contract)})`}</strong> on{' '}
            {networkName(networks, d.network)} from <code title={d.from}>{short(d.from)}</code>,{' '}
            <time dateTime={d.block_time}>{dateTime.format(new Date(d.block_time))}</time>:{' '}
            {d.explorer_url ? (
              <a href={d.explorer_url} target="_blank" rel="noopener noreferrer" title={d.tx_hash}>
                {d.tx_hash.slice(0, 12)}…
              </a>
            ) : (
              <code title={d.tx_hash}>{d.tx_hash.slice(0, 12)}…</code>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
