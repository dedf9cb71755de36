/** The app shell: sign-in first, then a navigation bar and the screen the location's hash names. */
import { type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import iconUrl from '../../resources/icon.svg';
import { type Role, useAuth } from './auth.js';
import { BalancesScreen } from './balances/BalancesScreen.js';
import { ChangeMyPin } from './ChangeMyPin.js';
import { DayScreen } from './day/DayScreen.js';
import { CashierScreen } from './cashier/CashierScreen.js';
import { DepositsBadge } from './deposits/DepositsBadge.js';
import { DepositsScreen } from './deposits/DepositsScreen.js';
import { DisplayScreen } from './display/DisplayScreen.js';
import { useMode } from './mode.js';
import { RefundsScreen } from './refunds/RefundsScreen.js';
import { SettingsScreen } from './settings/SettingsScreen.js';
import { FirstOwner, SignIn } from './SignIn.js';
import { StatusScreen } from './StatusScreen.js';
import { TransactionsScreen } from './transactions/TransactionsScreen.js';
import { WebhooksScreen } from './webhooks/WebhooksScreen.js';

/**
 * Each screen and who may open it (the API refuses the rest with 403 role_forbidden anyway). A
 * cashier charges and sees today's sessions; everything else is the owner's.
 */
// Each screen's title is its key in the `screens` texts (common catalog).
const SCREENS = {
  cashier: { roles: ['owner', 'cashier'], view: CashierScreen },
  transactions: { roles: ['owner', 'cashier'], view: TransactionsScreen },
  refunds: { roles: ['owner'], view: RefundsScreen },
  balances: { roles: ['owner'], view: BalancesScreen },
  day: { roles: ['owner'], view: DayScreen },
  deposits: { roles: ['owner'], view: DepositsScreen },
  webhooks: { roles: ['owner'], view: WebhooksScreen },
  settings: { roles: ['owner'], view: SettingsScreen },
  status: { roles: ['owner', 'cashier'], view: StatusScreen },
} as const satisfies Record<string, { roles: readonly Role[]; view: () => ReactElement }>;
type Screen = keyof typeof SCREENS;

function screenOf(hash: string): Screen | 'display' {
  // A screen may take arguments after `?` (`#/refunds?session=ps_…`): the name is what comes before.
  const name = hash.replace(/^#\/?/, '').split('?')[0] ?? '';
  if (name === 'display') return 'display';
  return name in SCREENS ? (name as Screen) : 'cashier';
}

/** The product's name: the same in every language. */
const PRODUCT = 'stablepos';

const mayOpen = (screen: Screen, role: Role) => (SCREENS[screen].roles as readonly Role[]).includes(role);

export function App() {
  const { t } = useTranslation();
  const title = (s: Screen) => t(`screens.${s}`);
  const [screen, setScreen] = useState<Screen | 'display'>(() => screenOf(window.location.hash));
  // On a phone the screens' links fold behind a Menu button (CSS shows it below 600 px only).
  const [menuOpen, setMenuOpen] = useState(false);
  const { state, user, message, load, signOut } = useAuth();
  const signedIn = state === 'signed-in' && user !== undefined;
  const livemode = useMode(signedIn);

  useEffect(() => {
    const onHash = () => {
      setScreen(screenOf(window.location.hash));
      setMenuOpen(false);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // The customer-facing display: public, full screen, no navigation and no sign-in.
  if (screen === 'display') return <DisplayScreen />;
  const View = SCREENS[screen].view;

  return (
    <div className="app">
      <header className={menuOpen ? 'bar menu-open' : 'bar'}>
        <img className="logo" src={iconUrl} alt="" width={32} height={32} />
        <h1 className="brand">{PRODUCT}</h1>
        {signedIn ? (
          <>
            <span className="menu-current" aria-hidden="true">
              {title(screen)}
            </span>
            <button type="button" className="secondary menu-toggle" aria-expanded={menuOpen} aria-controls="screens-menu" onClick={() => setMenuOpen(!menuOpen)}>
              {menuOpen ? t('shell.close') : t('shell.menu')}
            </button>
          </>
        ) : null}
        <nav aria-label={t('shell.screensNav')} id="screens-menu" className="menu">
          {signedIn
            ? (Object.keys(SCREENS) as Screen[])
                .filter((s) => mayOpen(s, user.role))
                .map((s) => (
                  <a key={s} href={`#/${s}`} aria-current={s === screen ? 'page' : undefined}>
                    {title(s)}
                    {s === 'deposits' ? <DepositsBadge again={screen} /> : null}
                  </a>
                ))
            : null}
        </nav>
        {signedIn ? (
          <>
            <ChangeMyPin>
              <span className="who">
                <strong>{user.name}</strong> <span className="role">{t(`roles.${user.role}`)}</span>
              </span>
            </ChangeMyPin>
            <button type="button" className="secondary menu" onClick={() => void signOut()}>
              {t('shell.signOut')}
            </button>
          </>
        ) : null}
      </header>
      {signedIn && livemode === false ? (
        // A landmark of its own, so that a screen reader's landmark list reaches it too.
        <aside aria-label={t('shell.modeLandmark')}>
          <p className="banner" role="note">
            {t('shell.testMode')}
          </p>
        </aside>
      ) : null}
      <main className="main">
        {state === 'loading' ? (
          <p className="muted">{t('shell.loading')}</p>
        ) : state === 'unreachable' ? (
          <p role="alert" className="error">
            {t('shell.unreachable', { message: message ?? '' })}{' '}
            <button type="button" onClick={() => void load()}>
              {t('shell.retry')}
            </button>
          </p>
        ) : state === 'setup' ? (
          <FirstOwner />
        ) : !signedIn ? (
          <SignIn />
        ) : !mayOpen(screen, user.role) ? (
          <p role="alert">{t('shell.ownerOnly', { screen: title(screen) })}</p>
        ) : (
          <View />
        )}
      </main>
    </div>
  );
}
