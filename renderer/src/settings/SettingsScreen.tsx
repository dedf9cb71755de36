/** Settings: the shop, its domains, API keys, networks; what the owner configures. */
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { alone, deleteJson, getJson, patchJson, postJson, putJson } from '../api.js';
import type { ApiData, CreatedApiKey, LiveNetworkSetting, LiveSettings, Merchant, Network, RefundWallet, StaffUser } from '../api-types.js';
import { useAuth } from '../auth.js';
import { type Confirmation, useConfirm } from '../ConfirmDialog.js';
import { i18n } from '../i18n/index.js';
import { dateFormat } from '../i18n/locale-format.js';
import { LanguagePicker } from '../LanguagePicker.js';
import { useLoad } from '../use-api.js';
import { LiveNotReady, useLiveReadiness } from './LiveReadiness.js';
import { NetworkSwitches } from './NetworkSwitches.js';
import { PaymentPageAddress } from './PaymentPageAddress.js';
import { PrinterCard } from './PrinterCard.js';
import { RefundWalletFunds } from './RefundWalletFunds.js';
import { RpcCheckButton } from './RpcCheck.js';
import { StaffPinForm } from './StaffPinForm.js';
import { TipsCard } from './TipsCard.js';
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
const when = dateFormat({ dateStyle: 'medium' });
const NETWORK_STATUSES = ['ready', 'not_configured', 'unreachable', 'off'] as const;
const COMMITMENTS = ['finalized', 'confirmed'] as const;
const ROLES = ['owner', 'cashier'] as const;
const known = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);
/** A role as the screen says it ("cashier"); one the app does not know yet as the API writes it. */
const roleWord = (role: string) => (known(ROLES, role) ? i18n.t(`settings:staff.role.${role}`) : role);

function Select({ label, value, options, onChange }: { label: string; value: string; options: string[]; onChange: (v: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o || i18n.t('settings:shop.keepAsReceived')}
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
  const { t } = useTranslation('settings');
  const set = (k: keyof typeof form) => (v: string) => setForm({ ...form, [k]: v });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    // Checked in the units the fields ask for: the API's limits are in seconds (60–86,400 and 0–604,800).
    const minutes = Number(form.expiry_minutes);
    const hours = Number(form.window_hours);
    if (!(form.expiry_minutes.trim() && minutes >= 1 && minutes <= 1440)) {
      return setStatus({ error: t('shop.expiryLimits') });
    }
    if (!(form.window_hours.trim() && hours >= 0 && hours <= 168)) {
      return setStatus({ error: t('shop.windowLimits') });
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
      setStatus({ ok: t('shop.saved') });
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
  // Built here, not in the JSX: the field names are code, and the lint reads strings in JSX as words to translate.
  const fields = {
    name: text(t('shop.name'), 'name'),
    timeZone: text(t('shop.timeZone'), 'time_zone', { placeholder: t('shop.timeZonePlaceholder') }),
    feePercent: text(t('shop.feePercent'), 'fee_percent', { inputMode: 'decimal' }),
    feeFixed: text(t('shop.feeFixed'), 'fee_fixed', { inputMode: 'decimal' }),
    conversionFee: text(t('shop.conversionFee'), 'conversion_fee', { inputMode: 'decimal' }),
    expiry: text(t('shop.expiry'), 'expiry_minutes', { inputMode: 'numeric' }),
    window: text(t('shop.window'), 'window_hours', { inputMode: 'numeric' }),
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void save(e)} aria-label={t('shop.title')}>
      <h3>{t('shop.title')}</h3>
      {readOnly ? <LiveOnlyNote text={t('liveOnly.shop')} /> : null}
      <fieldset disabled={readOnly} className="plain">
      {fields.name}
      {fields.timeZone}
      <Select label={t('shop.defaultCurrency')} value={form.default_currency} options={ALL} onChange={set('default_currency')} />
      <Select label={t('shop.reportingCurrency')} value={form.reporting_currency} options={FIAT} onChange={set('reporting_currency')} />
      <Select label={t('shop.settlementCurrency')} value={form.settlement_currency} options={['', ...ALL]} onChange={set('settlement_currency')} />
      {fields.feePercent}
      {fields.feeFixed}
      {fields.conversionFee}
      {fields.expiry}
      {fields.window}
      {readOnly ? null : <button type="submit">{t('shop.save')}</button>}
      </fieldset>
      {status.ok ? <p role="status">{status.ok}</p> : null}
      {status.error ? <p className="error" role="alert">{status.error}</p> : null}
    </form>
  );
}

/** Why a section cannot be changed in test mode, in the owner's words (a whole sentence per section: word order differs by language). */
function LiveOnlyNote({ text }: { text: string }) {
  return <p className="muted">{text}</p>;
}

/** The language of this device's screens (docs/ui.md, "Languages"): every role, both modes. */
function LanguageCard() {
  const { t } = useTranslation('settings');
  return (
    <div className="card" role="region" aria-labelledby="settings-language-title">
      <h3 id="settings-language-title">{t('language.title')}</h3>
      <p className="muted">{t('language.note')}</p>
      <LanguagePicker id="settings-language" />
    </div>
  );
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
  const { t } = useTranslation('settings');
  const switchTo = async (toLive: boolean) => {
    try {
      // Alone: no screen's request crosses the switch (one answered in the other mode was refused 403).
      await alone('PATCH', '/v1/ui/sessions/current', toLive ? { livemode: true, pin } : { livemode: false });
      window.location.reload(); // every screen reads the other mode's data from now on
    } catch (err) {
      setPin('');
      setError(message(err));
    }
  };
  return (
    <div className="card">
      <h3>{t('mode.title')}</h3>
      <p>
        <Trans t={t} i18nKey={livemode ? 'mode.live' : 'mode.test'} components={{ strong: <strong /> }} />
      </p>
      {livemode ? <LiveNotReady readiness={readiness} live /> : null}
      {livemode ? (
        <button type="button" onClick={() => void switchTo(false)}>
          {t('mode.toTest')}
        </button>
      ) : confirming ? (
        <form
          className="convert"
          aria-label={t('mode.toLiveLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            void switchTo(true);
          }}
        >
          <p>
            <Trans t={t} i18nKey="mode.warning" components={{ strong: <strong /> }} />
          </p>
          <LiveNotReady readiness={readiness} live={false} />
          <label>
            {t('mode.pin')}
            <input type="password" inputMode="numeric" autoComplete="current-password" value={pin} onChange={(e) => setPin(e.target.value)} required autoFocus />
          </label>
          <button type="submit">{readiness && !readiness.ready ? t('mode.toLiveAnyway') : t('mode.toLive')}</button>
          <button type="button" className="secondary" onClick={() => (setConfirming(false), setPin(''), setError(undefined))}>
            {t('mode.stay')}
          </button>
          {error ? <p className="error" role="alert">{error}</p> : null}
        </form>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          {t('mode.toLiveStart')}
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

/** How a commitment reads for an owner ("finalized (safest, …)"); one the app does not know yet as the API names it. */
const commitmentWords = (c: string) => (known(COMMITMENTS, c) ? i18n.t(`settings:live.commitments.${c}`) : c);

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
  const { t } = useTranslation('settings');
  const namesOf = new Map(familiesOf(networks).map((f) => [f.family, f.names]));
  const info = (id: string) => networks.find((n) => n.network === id);
  const value = (n: LiveNetworkSetting): NetworkEdit => edits[n.network] ?? { rpc: n.rpc_url ?? '', confirmations: String(n.confirmations), commitment: n.commitment ?? '', apiKey: '' };
  const edit = (n: LiveNetworkSetting, change: Partial<NetworkEdit>) =>
    setEdits({ ...edits, [n.network]: { ...value(n), ...change } });
  return (
    <>
      <h4>{t('live.title')}</h4>
      {live.networks.map((n) => {
        const name = info(n.network)?.name ?? n.network;
        return (
          <form
            key={n.network}
            className="convert network-form"
            aria-label={t('live.formLabel', { network: name })}
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
                    <Trans t={t} i18nKey={n.api_key_set ? 'live.apiKeyHeaderSaved' : 'live.apiKeyHeader'} values={{ header: n.api_key_header }} components={{ code: <code /> }} />
                  </>
                ) : null}
              </p>
            ) : null}
            <label>
              {t('live.rpc', { network: name })}
              <input value={value(n).rpc} onChange={(e) => edit(n, { rpc: e.target.value })} placeholder={t('live.rpcPlaceholder')} />
            </label>
            {n.api_key_header ? (
              <label>
                {t('live.apiKey', { network: name })}
                <input
                  type="password"
                  autoComplete="off"
                  value={value(n).apiKey}
                  onChange={(e) => edit(n, { apiKey: e.target.value })}
                  placeholder={n.api_key_set ? t('live.apiKeySaved') : t('live.apiKeyNone')}
                  aria-describedby={`rpc-hint-${n.network}`}
                />
              </label>
            ) : null}
            {n.commitments?.length ? (
              <label>
                {t('live.commitment', { network: name })}
                <select value={value(n).commitment} onChange={(e) => edit(n, { commitment: e.target.value })}>
                  {n.commitments.map((c) => (
                    <option key={c} value={c}>
                      {commitmentWords(c)}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <label>
                {t('live.confirmations', { network: name })}
                <input inputMode="numeric" value={value(n).confirmations} onChange={(e) => edit(n, { confirmations: e.target.value })} />
              </label>
            )}
            <button type="submit">{t('live.save', { network: name })}</button>
            <RpcCheckButton network={n.network} name={name} url={value(n).rpc} />
            {n.api_key_header && n.api_key_set ? (
              <button type="button" className="secondary" onClick={() => run(() => patchJson(`/v1/settings/networks/${n.network}`, { api_key: null }))}>
                {t('live.removeKey', { network: name })}
              </button>
            ) : null}
            {n.applies_at_next_start ? <span className="muted">{t('live.nextStart')}</span> : null}
          </form>
        );
      })}
      {Object.entries(live.wallets).map(([family, wallet]) => {
        const names = namesOf.get(family) ?? family;
        return (
          <div key={family}>
            <h4>{t('live.walletTitle', { networks: names })}</h4>
            <p className="muted">{wallet.xpub ? `…${wallet.xpub.slice(-12)}` : t('live.noWallet', { networks: names })}</p>
            <form
              className="convert"
              aria-label={t('live.walletFormLabel', { family })}
              onSubmit={(e) => {
                e.preventDefault();
                const xpub = (xpubs[family] ?? '').trim();
                // The wallet decides where customers' money goes: said before it changes.
                void confirm({
                  title: t('live.walletConfirmTitle', { networks: names }),
                  body: (
                    <p>
                      <Trans
                        t={t}
                        i18nKey={wallet.xpub ? 'live.walletConfirmBodyReplace' : 'live.walletConfirmBody'}
                        values={{ networks: names, xpub }}
                        components={{ address: <code className="address" /> }}
                      />
                    </p>
                  ),
                  confirm: t('live.setWallet'),
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
              <button type="submit">{t('live.setWallet')}</button>
            </form>
          </div>
        );
      })}
    </>
  );
}

/** One chain family's refund wallet: where its refunds are paid from, and storing its key. */
function RefundWalletCard({ wallet, names, networks, run }: { wallet: RefundWallet; names: string; networks: readonly Network[]; run: (f: () => Promise<unknown>) => void }) {
  const [key, setKey] = useState('');
  const { t } = useTranslation('settings');
  return (
    <div className="card">
      <h3>{t('refundWallet.title', { networks: names })}</h3>
      <p>
        {wallet.address ? (
          <Trans t={t} i18nKey="refundWallet.paidFrom" values={{ address: wallet.address }} components={{ code: <code className="address" /> }} />
        ) : (
          t('refundWallet.noKey')
        )}
      </p>
      <RefundWalletFunds wallet={wallet} networks={networks} />
      {wallet.protection ? (
        <form
          className="convert"
          aria-label={t('refundWallet.label', { family: wallet.family })}
          onSubmit={(e) => {
            e.preventDefault();
            run(async () => {
              await putJson(`/v1/refund_wallets/${wallet.family}`, { private_key: key.trim() });
              setKey('');
            });
          }}
        >
          <label>
            {t('refundWallet.key', { protection: wallet.protection })}
            <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} required />
          </label>
          <button type="submit">{t('refundWallet.store')}</button>
        </form>
      ) : (
        <p className="muted">{t('refundWallet.noProtection')}</p>
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
  const me = useAuth((a) => a.user);
  const owner = me?.role === 'owner';
  // A cashier sees the Language card only: the rest is the owner's, and is not read (docs/api.md, "Roles").
  const view = useLoad(owner ? loadSettings : null, [owner]);
  const { merchant, keys = [], networks = [], wallets = [], live, staff = [] } = view.data ?? {};
  const load = view.reload;
  const [newKey, setNewKey] = useState<string>();
  const [domain, setDomain] = useState('');
  const [person, setPerson] = useState({ name: '', role: 'cashier', pin: '' });
  /** The staff member whose new PIN the owner is typing (Change PIN), if any. */
  const [pinFor, setPinFor] = useState<StaffUser>();
  const [actionError, setActionError] = useState<string>();
  const error = actionError ?? view.error;
  const [dialog, confirm] = useConfirm();
  const { t } = useTranslation('settings');
  /** Runs `f` once the owner has confirmed what it changes. */
  const runConfirmed = (c: Confirmation, f: () => Promise<unknown>) => void confirm(c).then((yes) => yes && run(f));
  const run = (f: () => Promise<unknown>) => void f().then(() => setActionError(undefined)).then(load, (err: unknown) => setActionError(message(err)));

  return (
    <section className="screen" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('title')}</h2>
      <LanguageCard />
      {!owner ? null : (
      <>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {merchant ? <ModeCard livemode={merchant.livemode} /> : null}
      {merchant ? <ShopForm key={merchant.merchant_id} merchant={merchant} onSaved={load} /> : null}
      {merchant ? <TipsCard key={`tips-${merchant.merchant_id}-${String(merchant.livemode)}`} merchant={merchant} onSaved={load} /> : null}
      <PaymentPageAddress />
      {merchant ? <PrinterCard livemode={merchant.livemode} /> : null}

      <div className="card">
        <h3>{t('staff.title')}</h3>
        {merchant && !merchant.livemode ? <LiveOnlyNote text={t('liveOnly.staff')} /> : (
        <>
        <div className="table-scroll">
        <table className="table stack-on-phone" aria-label={t('staff.label')}>
          <tbody>
            {staff.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.name}</th>
                <td>{roleWord(u.role)}</td>
                <td className="staff-actions">
                  {u.id !== me?.id ? (
                    <button type="button" className="secondary" aria-label={t('staff.changePinOf', { name: u.name })} onClick={() => setPinFor(u)}>
                      {t('staff.changePin')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('staff.removeName', { name: u.name })}
                    onClick={() =>
                      runConfirmed(
                        {
                          title: t('staff.removeTitle', { name: u.name }),
                          body: <p>{t('staff.removeBody', { name: u.name, role: roleWord(u.role) })}</p>,
                          confirm: t('staff.removeName', { name: u.name }),
                        },
                        () => deleteJson(`/v1/users/${u.id}`),
                      )
                    }
                  >
                    {t('staff.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
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
                  title: t('staff.ownerTitle', { name: person.name.trim() }),
                  body: <p>{t('staff.ownerBody')}</p>,
                  confirm: t('staff.ownerConfirm', { name: person.name.trim() }),
                },
                add,
              );
            } else run(add);
          }}
        >
          <label>
            {t('staff.name')}
            <input value={person.name} onChange={(e) => setPerson({ ...person, name: e.target.value })} required maxLength={40} />
          </label>
          <label>
            {t('staff.roleLabel')}
            <select value={person.role} onChange={(e) => setPerson({ ...person, role: e.target.value })}>
              <option value="cashier">{t('staff.role.cashier')}</option>
              <option value="owner">{t('staff.role.owner')}</option>
            </select>
          </label>
          <label>
            {t('staff.newPin')}
            <input type="password" inputMode="numeric" autoComplete="new-password" value={person.pin} onChange={(e) => setPerson({ ...person, pin: e.target.value })} required />
          </label>
          <button type="submit">{t('staff.add')}</button>
        </form>
        <p className="muted">{t('staff.pinNote')}</p>
        </>
        )}
      </div>

      {wallets.map((w) => (
        <RefundWalletCard key={w.family} wallet={w} names={familiesOf(networks).find((f) => f.family === w.family)?.names ?? w.family} networks={networks} run={run} />
      ))}

      <div className="card">
        <h3>{t('domains.title')}</h3>
        <ul className="list">
          {merchant?.domains.map((d) => (
            <li key={d.merchant_domain_id}>
              {d.domain} <code className="muted address">{d.merchant_domain_id}</code>
            </li>
          ))}
        </ul>
        {merchant && !merchant.livemode ? <LiveOnlyNote text={t('liveOnly.domains')} /> : (
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
            {t('domains.new')}
            <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder={t('domains.placeholder')} required />
          </label>
          <button type="submit">{t('domains.add')}</button>
        </form>
        )}
      </div>

      <div className="card">
        <h3>{merchant?.livemode ? t('keys.titleLive') : t('keys.titleTest')}</h3>
        {newKey ? (
          <p role="status">
            <Trans t={t} i18nKey="keys.newKey" values={{ key: newKey }} components={{ code: <code className="secret-value" /> }} />{' '}
            <button type="button" onClick={() => void navigator.clipboard?.writeText(newKey)}>
              {t('keys.copy')}
            </button>{' '}
            <button type="button" className="secondary" onClick={() => setNewKey(undefined)}>
              {t('keys.done')}
            </button>
          </p>
        ) : null}
        {/* Tables scroll inside their own box on a phone rather than widening the page. */}
        <div className="table-scroll">
        <table className="table stack-on-phone" aria-label={t('keys.label')}>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id}>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{t('keys.created', { date: when(k.created_at) })}</td>
                <td>
                  {k.revoked_at ? (
                    t('keys.revoked', { date: when(k.revoked_at) })
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() =>
                        runConfirmed(
                          {
                            title: t('keys.revokeTitle'),
                            body: (
                              <p>
                                <Trans t={t} i18nKey="keys.revokeBody" values={{ prefix: k.prefix }} components={{ code: <code /> }} />
                              </p>
                            ),
                            confirm: t('keys.revokeConfirm'),
                          },
                          () => postJson(`/v1/api_keys/${k.id}/revoke`, {}),
                        )
                      }
                    >
                      {t('keys.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        <button type="button" onClick={() => run(async () => setNewKey((await postJson<CreatedApiKey>('/v1/api_keys', {})).secret))}>
          {t('keys.create')}
        </button>
      </div>

      <div className="card">
        <h3>{t('networks.title')}</h3>
        {merchant ? <NetworkSwitches networks={networks} livemode={merchant.livemode} live={live} run={run} confirm={confirm} /> : null}
        {/* Focusable: a keyboard scrolls it too (it holds no button of its own to reach by Tab). */}
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t('networks.label')}>
        <table className="table stack-on-phone" aria-label={t('networks.label')}>
          <tbody>
            {networks.map((n) => (
              <tr key={n.network}>
                <th scope="row">{n.name ?? n.network}</th>
                <td>{known(NETWORK_STATUSES, n.status) ? t(`networks.status.${n.status}`) : (n.status as string).replace(/_/g, ' ')}</td>
                <td>{n.chain_id !== null ? t('networks.chain', { id: n.chain_id }) : ''}</td>
                <td>{n.commitment ? t('networks.countsWhen', { commitment: known(COMMITMENTS, n.commitment) ? t(`networks.commitment.${n.commitment}`) : n.commitment }) : t('networks.confirmations', { count: n.confirmations })}</td>
                <td>{n.rpc_url ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        <UnpayableCoins networks={networks} />
        {live ? <LiveNetworks live={live} networks={networks} run={run} confirm={confirm} /> : merchant && !merchant.livemode ? <LiveOnlyNote text={t('liveOnly.liveNetworks')} /> : null}
        <p className="muted">
          <Trans t={t} i18nKey="networks.note" components={{ code: <code /> }} />
        </p>
      </div>
      </>
      )}
      {dialog}
    </section>
  );
}
