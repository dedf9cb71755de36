/** Settings: the shop, its domains, API keys, networks; what the owner configures. */
import { type FormEvent, useState } from 'react';
import { deleteJson, getJson, patchJson, postJson, putJson } from '../api.js';
import type { ApiData, CreatedApiKey, LiveNetworkSetting, LiveSettings, Merchant, Network, RefundWallet, StaffUser } from '../api-types.js';
import { useAuth } from '../auth.js';
import { type Confirmation, useConfirm } from '../ConfirmDialog.js';
import { useLoad } from '../use-api.js';
import { LiveNotReady, useLiveReadiness } from './LiveReadiness.js';
import { PaymentPageAddress } from './PaymentPageAddress.js';
import { StaffPinForm } from './StaffPinForm.js';
import { UnpayableCoins } from './UnpayableCoins.js';

/** Each chain family with the names of its networks, in the order /v1/networks lists them. */
function familiesOf(networks: readonly Network[]): { family: string; names: string }[] {
  const names = new Map<string, string[]>();
  for (const n of networks) names.set(n.family, [...(names.get(n.family) ?? []), n.name]);
  return [...names].map(([family, list]) => ({ family, names: list.join(', ') }));
}

const FIAT = ['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL'];
const ALL = [...FIAT, 'USDT', 'USDC'];
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Select({ label, value, options, onChange }: { label: string; value: string; options: string[]; onChange: (v: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o || 'None (keep as received)'}
          </option>
        ))}
      </select>
    </label>
  );
}

function ShopForm({ merchant, onSaved }: { merchant: Merchant; onSaved: (m: Merchant) => void }) {
  // Shop settings apply to live payments too (fees, expiry, settlement): only a live sign-in changes them.
  const readOnly = !merchant.livemode;
  const s = merchant.settings;
  const [form, setForm] = useState({
    name: merchant.name,
    time_zone: s.time_zone,
    default_currency: s.default_currency,
    reporting_currency: s.reporting_currency,
    settlement_currency: s.settlement_currency ?? '',
    fee_percent: s.fee.percent,
    fee_fixed: s.fee.fixed.value,
    conversion_fee: s.conversion_fee.percent,
    expiry_minutes: String(s.session_expiry_seconds / 60),
    window_hours: String(s.monitoring_window_seconds / 3600),
  });
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const set = (k: keyof typeof form) => (v: string) => setForm({ ...form, [k]: v });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    // Checked in the units the fields ask for: the API's limits are in seconds (60–86,400 and 0–604,800).
    const minutes = Number(form.expiry_minutes);
    const hours = Number(form.window_hours);
    if (!(form.expiry_minutes.trim() && minutes >= 1 && minutes <= 1440)) {
      return setStatus({ error: 'Sessions expire after: enter from 1 to 1,440 minutes (24 hours).' });
    }
    if (!(form.window_hours.trim() && hours >= 0 && hours <= 168)) {
      return setStatus({ error: 'Watch for late payments: enter from 0 to 168 hours (7 days).' });
    }
    try {
      const saved = await patchJson<Merchant>('/v1/merchant', {
        name: form.name,
        settings: {
          time_zone: form.time_zone,
          default_currency: form.default_currency,
          reporting_currency: form.reporting_currency,
          settlement_currency: form.settlement_currency || null,
          fee: { percent: form.fee_percent, fixed: { value: form.fee_fixed, currency: 'USD' } },
          conversion_fee: { percent: form.conversion_fee },
          session_expiry_seconds: Math.round(minutes * 60),
          monitoring_window_seconds: Math.round(hours * 3600),
        },
      });
      onSaved(saved);
      setStatus({ ok: 'Saved.' });
    } catch (err) {
      setStatus({ error: message(err) });
    }
  };
  const text = (label: string, k: keyof typeof form, extra: Record<string, string> = {}) => (
    <label>
      {label}
      <input value={form[k]} onChange={(e) => set(k)(e.target.value)} {...extra} />
    </label>
  );
  return (
    <form className="card settings-form" onSubmit={(e) => void save(e)} aria-label="Shop">
      <h3>Shop</h3>
      {readOnly ? <LiveOnlyNote what="The shop's settings apply to real payments too, so they" /> : null}
      <fieldset disabled={readOnly} className="plain">
      {text('Name', 'name')}
      {text('Time zone', 'time_zone', { placeholder: 'Europe/Berlin' })}
      <Select label="Default currency" value={form.default_currency} options={ALL} onChange={set('default_currency')} />
      <Select label="Reporting currency" value={form.reporting_currency} options={FIAT} onChange={set('reporting_currency')} />
      <Select label="Settlement currency" value={form.settlement_currency} options={['', ...ALL]} onChange={set('settlement_currency')} />
      {text('Fee, percent', 'fee_percent', { inputMode: 'decimal' })}
      {text('Fee, fixed (USD)', 'fee_fixed', { inputMode: 'decimal' })}
      {text('Conversion fee, percent', 'conversion_fee', { inputMode: 'decimal' })}
      {text('Sessions expire after (minutes)', 'expiry_minutes', { inputMode: 'numeric' })}
      {text('Watch for late payments (hours)', 'window_hours', { inputMode: 'numeric' })}
      {readOnly ? null : <button type="submit">Save</button>}
      </fieldset>
      {status.ok ? <p role="status">{status.ok}</p> : null}
      {status.error ? <p className="error" role="alert">{status.error}</p> : null}
    </form>
  );
}

/** Why a section cannot be changed in test mode, in the owner's words. */
function LiveOnlyNote({ what }: { what: string }) {
  return <p className="muted">{what} can be changed only in live mode. Switch to live mode above (it asks for your PIN).</p>;
}

/**
 * The test/live switch. Going live asks for the owner's PIN again and says plainly what changes, and
 * what live mode still lacks before the till can take a payment; going back to test needs no PIN.
 */
function ModeCard({ livemode }: { livemode: boolean }) {
  const readiness = useLiveReadiness();
  const [confirming, setConfirming] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const switchTo = async (toLive: boolean) => {
    try {
      await patchJson('/v1/ui/sessions/current', toLive ? { livemode: true, pin } : { livemode: false });
      window.location.reload(); // every screen reads the other mode's data from now on
    } catch (err) {
      setPin('');
      setError(message(err));
    }
  };
  return (
    <div className="card">
      <h3>Mode</h3>
      <p>
        This sign-in works in <strong>{livemode ? 'live' : 'test'} mode</strong>
        {livemode ? ': real payments on the real networks.' : ': test networks and test coins, no real money.'}
      </p>
      {livemode ? <LiveNotReady readiness={readiness} live /> : null}
      {livemode ? (
        <button type="button" onClick={() => void switchTo(false)}>
          Switch to test mode
        </button>
      ) : confirming ? (
        <form
          className="convert"
          aria-label="Switch to live mode"
          onSubmit={(e) => {
            e.preventDefault();
            void switchTo(true);
          }}
        >
          <p>
            In live mode this sign-in takes <strong>real payments</strong>, refunds <strong>real money</strong> and can change the shop's
            wallets, networks and staff. Enter your PIN to switch.
          </p>
          <LiveNotReady readiness={readiness} live={false} />
          <label>
            Your PIN
            <input type="password" inputMode="numeric" autoComplete="current-password" value={pin} onChange={(e) => setPin(e.target.value)} required autoFocus />
          </label>
          <button type="submit">{readiness && !readiness.ready ? 'Switch to live mode anyway' : 'Switch to live mode'}</button>
          <button type="button" className="secondary" onClick={() => (setConfirming(false), setPin(''), setError(undefined))}>
            Stay in test mode
          </button>
          {error ? <p className="error" role="alert">{error}</p> : null}
        </form>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Switch to live mode…
        </button>
      )}
    </div>
  );
}

/** What the owner is typing for one live network. */
interface NetworkEdit {
  rpc: string;
  confirmations: string;
  commitment: string;
  apiKey: string;
}

/** How a commitment reads for an owner. */
const COMMITMENT_WORDS: Record<string, string> = {
  finalized: 'finalized (safest, ~13 s after it is seen)',
  confirmed: 'confirmed (seconds sooner; voted by a supermajority, not yet final)',
};

/** Live RPC endpoints, API keys and confirmations (applied at the next start) and each family's live wallet (at once). */
function LiveNetworks({
  live,
  networks,
  run,
  confirm,
}: {
  live: LiveSettings;
  networks: readonly Network[];
  run: (f: () => Promise<unknown>) => void;
  confirm: (c: Confirmation) => Promise<boolean>;
}) {
  const [edits, setEdits] = useState<Record<string, NetworkEdit>>({});
  const [xpubs, setXpubs] = useState<Record<string, string>>({});
  const namesOf = new Map(familiesOf(networks).map((f) => [f.family, f.names]));
  const info = (id: string) => networks.find((n) => n.network === id);
  const value = (n: LiveNetworkSetting): NetworkEdit => edits[n.network] ?? { rpc: n.rpc_url ?? '', confirmations: String(n.confirmations), commitment: n.commitment ?? '', apiKey: '' };
  const edit = (n: LiveNetworkSetting, change: Partial<NetworkEdit>) =>
    setEdits({ ...edits, [n.network]: { ...value(n), ...change } });
  return (
    <>
      <h4>Live networks</h4>
      {live.networks.map((n) => {
        const name = info(n.network)?.name ?? n.network;
        return (
          <form
            key={n.network}
            className="convert network-form"
            aria-label={`Live ${name}`}
            onSubmit={(e) => {
              e.preventDefault();
              const v = value(n);
              run(async () => {
                // A key typed replaces the saved one; an empty field leaves it as it is (it is never shown).
                await patchJson(`/v1/settings/networks/${n.network}`, {
                  rpc_url: v.rpc.trim() || null,
                  // Where a commitment decides finality (Solana), it is what the owner sets; the count stays 1.
                  ...(n.commitments?.length ? { commitment: v.commitment || null } : { confirmations: Number(v.confirmations) }),
                  ...(n.api_key_header && v.apiKey.trim() ? { api_key: v.apiKey.trim() } : {}),
                });
                edit(n, { apiKey: '' });
              });
            }}
          >
            {n.rpc_hint || n.api_key_header ? (
              <p className="muted form-note" id={`rpc-hint-${n.network}`}>
                {n.rpc_hint}
                {n.api_key_header ? (
                  <>
                    {' '}
                    The API key is sent in the <code>{n.api_key_header}</code> header{n.api_key_set ? '; one is saved' : ''}.
                  </>
                ) : null}
              </p>
            ) : null}
            <label>
              {name} RPC URL
              <input value={value(n).rpc} onChange={(e) => edit(n, { rpc: e.target.value })} placeholder="https://…" />
            </label>
            {n.api_key_header ? (
              <label>
                {name} API key
                <input
                  type="password"
                  autoComplete="off"
                  value={value(n).apiKey}
                  onChange={(e) => edit(n, { apiKey: e.target.value })}
                  placeholder={n.api_key_set ? 'Saved (type to replace)' : 'None'}
                  aria-describedby={`rpc-hint-${n.network}`}
                />
              </label>
            ) : null}
            {n.commitments?.length ? (
              <label>
                {name}: a payment counts when
                <select value={value(n).commitment} onChange={(e) => edit(n, { commitment: e.target.value })}>
                  {n.commitments.map((c) => (
                    <option key={c} value={c}>
                      {COMMITMENT_WORDS[c] ?? c}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <label>
                {name} confirmations
                <input inputMode="numeric" value={value(n).confirmations} onChange={(e) => edit(n, { confirmations: e.target.value })} />
              </label>
            )}
            <button type="submit">Save {name}</button>
            {n.api_key_header && n.api_key_set ? (
              <button type="button" className="secondary" onClick={() => run(() => patchJson(`/v1/settings/networks/${n.network}`, { api_key: null }))}>
                Remove {name} API key
              </button>
            ) : null}
            {n.applies_at_next_start ? <span className="muted">Saved: applies when the app next starts.</span> : null}
          </form>
        );
      })}
      {Object.entries(live.wallets).map(([family, wallet]) => {
        const names = namesOf.get(family) ?? family;
        return (
          <div key={family}>
            <h4>Live wallet (watch-only): {names}</h4>
            <p className="muted">{wallet.xpub ? `…${wallet.xpub.slice(-12)}` : `None: live sessions offer no ${names} payment.`}</p>
            <form
              className="convert"
              aria-label={`Live wallet ${family}`}
              onSubmit={(e) => {
                e.preventDefault();
                const xpub = (xpubs[family] ?? '').trim();
                // The wallet decides where customers' money goes: said before it changes.
                void confirm({
                  title: `Take live ${names} payments into this wallet?`,
                  body: (
                    <p>
                      From now on, new live sales paid on {names} go to addresses of the wallet <code className="address">{xpub}</code>
                      {wallet.xpub ? ' instead of the one set now' : ''}. Sales already made keep their addresses.
                    </p>
                  ),
                  confirm: 'Set wallet',
                }).then(
                  (yes) =>
                    yes &&
                    run(async () => {
                      await putJson(`/v1/settings/wallets/${family}`, { xpub });
                      setXpubs({ ...xpubs, [family]: '' });
                    }),
                );
              }}
            >
              <label>
                {wallet.label[0]?.toUpperCase()}
                {wallet.label.slice(1)}
                <input value={xpubs[family] ?? ''} onChange={(e) => setXpubs({ ...xpubs, [family]: e.target.value })} required />
              </label>
              <button type="submit">Set wallet</button>
            </form>
          </div>
        );
      })}
    </>
  );
}

/** One chain family's refund wallet: where its refunds are paid from, and storing its key. */
function RefundWalletCard({ wallet, names, run }: { wallet: RefundWallet; names: string; run: (f: () => Promise<unknown>) => void }) {
  const [key, setKey] = useState('');
  return (
    <div className="card">
      <h3>Refund wallet ({names})</h3>
      <p>
        {wallet.address ? (
          <>
            Refunds are paid from <code>{wallet.address}</code>. Keep it funded with USDT/USDC and its networks' own coin for fees.
          </>
        ) : (
          'No key stored: each refund shows a QR code to pay from any wallet, and the app sees it arrive.'
        )}
      </p>
      {wallet.protection ? (
        <form
          className="convert"
          aria-label={`Refund wallet ${wallet.family}`}
          onSubmit={(e) => {
            e.preventDefault();
            run(async () => {
              await putJson(`/v1/refund_wallets/${wallet.family}`, { private_key: key.trim() });
              setKey('');
            });
          }}
        >
          <label>
            Private key (sealed by {wallet.protection}; never shown again)
            <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} required />
          </label>
          <button type="submit">Store key</button>
        </form>
      ) : (
        <p className="muted">To store a key, start the app with STABLEPOS_WALLET_PASSPHRASE set, or use the desktop app (OS keychain).</p>
      )}
    </div>
  );
}

/**
 * What the screen shows, read together as before each change is shown: staff and live networks are
 * read with live credentials only (docs/api.md, "Modes").
 */
async function loadSettings(signal: AbortSignal) {
  const [merchant, keys, networks] = await Promise.all([
    getJson<Merchant>('/v1/merchant', signal),
    getJson<ApiData<'listApiKeys'>>('/v1/api_keys', signal),
    getJson<ApiData<'listNetworks'>>('/v1/networks', signal),
  ]);
  // One refund wallet per chain family of the networks this app has.
  const wallets = await Promise.all(familiesOf(networks.items).map((f) => getJson<RefundWallet>(`/v1/refund_wallets/${f.family}`, signal)));
  const live = merchant.livemode ? await getJson<LiveSettings>('/v1/settings/networks', signal) : undefined;
  const staff = merchant.livemode ? (await getJson<ApiData<'listUsers'>>('/v1/users', signal)).items : [];
  return { merchant, keys: keys.items, networks: networks.items, wallets, live, staff };
}

export function SettingsScreen() {
  const view = useLoad(loadSettings, []);
  const { merchant, keys = [], networks = [], wallets = [], live, staff = [] } = view.data ?? {};
  const load = view.reload;
  const [newKey, setNewKey] = useState<string>();
  const [domain, setDomain] = useState('');
  const [person, setPerson] = useState({ name: '', role: 'cashier', pin: '' });
  /** The staff member whose new PIN the owner is typing (Change PIN), if any. */
  const [pinFor, setPinFor] = useState<StaffUser>();
  const me = useAuth((a) => a.user);
  const [actionError, setActionError] = useState<string>();
  const error = actionError ?? view.error;
  const [dialog, confirm] = useConfirm();
  /** Runs `f` once the owner has confirmed what it changes. */
  const runConfirmed = (c: Confirmation, f: () => Promise<unknown>) => void confirm(c).then((yes) => yes && run(f));
  const run = (f: () => Promise<unknown>) => void f().then(() => setActionError(undefined)).then(load, (err: unknown) => setActionError(message(err)));

  return (
    <section className="screen" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {merchant ? <ModeCard livemode={merchant.livemode} /> : null}
      {merchant ? <ShopForm key={merchant.merchant_id} merchant={merchant} onSaved={load} /> : null}
      <PaymentPageAddress />

      <div className="card">
        <h3>Staff</h3>
        {merchant && !merchant.livemode ? <LiveOnlyNote what="Who may sign in, and their PINs," /> : (
        <>
        <table className="table" aria-label="Staff">
          <tbody>
            {staff.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.name}</th>
                <td>{u.role}</td>
                <td className="staff-actions">
                  {u.id !== me?.id ? (
                    <button type="button" className="secondary" aria-label={`Change PIN of ${u.name}`} onClick={() => setPinFor(u)}>
                      Change PIN
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Remove ${u.name}`}
                    onClick={() =>
                      runConfirmed(
                        {
                          title: `Remove ${u.name}?`,
                          body: (
                            <p>
                              {u.name} ({u.role}) can no longer sign in, and is signed out at once on every till. To let them back, add them again with a new PIN.
                            </p>
                          ),
                          confirm: `Remove ${u.name}`,
                        },
                        () => deleteJson(`/v1/users/${u.id}`),
                      )
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {pinFor ? <StaffPinForm key={pinFor.id} user={pinFor} confirm={confirm} onDone={() => setPinFor(undefined)} /> : null}
        <form
          className="convert"
          onSubmit={(e) => {
            e.preventDefault();
            const add = async () => {
              await postJson('/v1/users', person);
              setPerson({ name: '', role: 'cashier', pin: '' });
            };
            // A new owner can do everything: refund, change wallets, add and remove staff.
            if (person.role === 'owner') {
              runConfirmed(
                {
                  title: `Make ${person.name.trim()} an owner?`,
                  body: <p>An owner can refund sales, change the shop's wallets, networks and settings, and add or remove staff, other owners included.</p>,
                  confirm: `Add ${person.name.trim()} as owner`,
                },
                add,
              );
            } else run(add);
          }}
        >
          <label>
            Staff name
            <input value={person.name} onChange={(e) => setPerson({ ...person, name: e.target.value })} required maxLength={40} />
          </label>
          <label>
            Role
            <select value={person.role} onChange={(e) => setPerson({ ...person, role: e.target.value })}>
              <option value="cashier">cashier</option>
              <option value="owner">owner</option>
            </select>
          </label>
          <label>
            New PIN
            <input type="password" inputMode="numeric" autoComplete="new-password" value={person.pin} onChange={(e) => setPerson({ ...person, pin: e.target.value })} required />
          </label>
          <button type="submit">Add person</button>
        </form>
        <p className="muted">Change PIN sets a new PIN without the old one (for a forgotten PIN) and signs the person out on every till. Your own PIN: Change my PIN, under your name at the top.</p>
        </>
        )}
      </div>

      {wallets.map((w) => (
        <RefundWalletCard key={w.family} wallet={w} names={familiesOf(networks).find((f) => f.family === w.family)?.names ?? w.family} run={run} />
      ))}

      <div className="card">
        <h3>Domains</h3>
        <ul className="list">
          {merchant?.domains.map((d) => (
            <li key={d.merchant_domain_id}>
              {d.domain} <code className="muted">{d.merchant_domain_id}</code>
            </li>
          ))}
        </ul>
        {merchant && !merchant.livemode ? <LiveOnlyNote what="Domains are shared by both modes and" /> : (
        <form
          className="convert"
          onSubmit={(e) => {
            e.preventDefault();
            run(async () => {
              await postJson('/v1/merchant/domains', { domain });
              setDomain('');
            });
          }}
        >
          <label>
            New domain
            <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="shop.example" required />
          </label>
          <button type="submit">Add domain</button>
        </form>
        )}
      </div>

      <div className="card">
        <h3>API keys ({merchant?.livemode ? 'live' : 'test'} mode)</h3>
        {newKey ? (
          <p role="status">
            New key, shown only now: <code className="secret-value">{newKey}</code>{' '}
            <button type="button" onClick={() => void navigator.clipboard?.writeText(newKey)}>
              Copy
            </button>{' '}
            <button type="button" className="secondary" onClick={() => setNewKey(undefined)}>
              Done
            </button>
          </p>
        ) : null}
        <table className="table" aria-label="API keys">
          <tbody>
            {keys.map((k) => (
              <tr key={k.id}>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>created {when.format(new Date(k.created_at))}</td>
                <td>
                  {k.revoked_at ? (
                    `revoked ${when.format(new Date(k.revoked_at))}`
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() =>
                        runConfirmed(
                          {
                            title: 'Revoke this API key?',
                            body: (
                              <p>
                                Programs using the key <code>{k.prefix}…</code> are refused from now on. This cannot be undone: they need a new key.
                              </p>
                            ),
                            confirm: 'Revoke key',
                          },
                          () => postJson(`/v1/api_keys/${k.id}/revoke`, {}),
                        )
                      }
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={() => run(async () => setNewKey((await postJson<CreatedApiKey>('/v1/api_keys', {})).secret))}>
          Create key
        </button>
      </div>

      <div className="card">
        <h3>Networks</h3>
        <table className="table" aria-label="Networks">
          <tbody>
            {networks.map((n) => (
              <tr key={n.network}>
                <th scope="row">{n.name ?? n.network}</th>
                <td>{n.status.replace('_', ' ')}</td>
                <td>{n.chain_id !== null ? `chain ${n.chain_id}` : ''}</td>
                <td>{n.commitment ? `counts when ${n.commitment}` : `${n.confirmations} confirmation${n.confirmations === 1 ? '' : 's'}`}</td>
                <td>{n.rpc_url ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <UnpayableCoins networks={networks} />
        {live ? <LiveNetworks live={live} networks={networks} run={run} confirm={confirm} /> : merchant && !merchant.livemode ? <LiveOnlyNote what="Live networks and the live wallet" /> : null}
        <p className="muted">Test mode always uses the app's own devnets. Command-line flags (<code>stablepos serve --help</code>) win over what is saved here.</p>
      </div>
      {dialog}
    </section>
  );
}
