/** The app shell: a navigation bar and the screen the location's hash names. */
import { useEffect, useState } from 'react';
import iconUrl from '../../resources/icon.svg';
import { credential, setApiKey } from './api.js';
import { BalancesScreen } from './balances/BalancesScreen.js';
import { CashierScreen } from './cashier/CashierScreen.js';
import { SignIn } from './SignIn.js';
import { StatusScreen } from './StatusScreen.js';
import { TransactionsScreen } from './transactions/TransactionsScreen.js';
import { WebhooksScreen } from './webhooks/WebhooksScreen.js';
import { RefundsScreen } from './refunds/RefundsScreen.js';
import { SettingsScreen } from './settings/SettingsScreen.js';
import { useMode } from './mode.js';
import { DisplayScreen } from './display/DisplayScreen.js';

const SCREENS = {
  cashier: 'Cashier',
  transactions: 'Transactions',
  refunds: 'Refunds',
  balances: 'Balances',
  webhooks: 'Webhooks',
  settings: 'Settings',
  status: 'Status',
} as const;
type Screen = keyof typeof SCREENS;

function screenOf(hash: string): Screen | 'display' {
  const name = hash.replace(/^#\/?/, '');
  if (name === 'display') return 'display';
  return name in SCREENS ? (name as Screen) : 'cashier';
}

export function App() {
  const [screen, setScreen] = useState<Screen | 'display'>(() => screenOf(window.location.hash));
  const [signedIn, setSignedIn] = useState(() => credential() !== undefined);
  const livemode = useMode(signedIn);

  useEffect(() => {
    const onHash = () => setScreen(screenOf(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // The customer-facing display: public, full screen, no navigation and no sign-in.
  if (screen === 'display') return <DisplayScreen />;

  return (
    <div className="app">
      <header className="bar">
        <img className="logo" src={iconUrl} alt="" width={32} height={32} />
        <span className="brand">stablepos</span>
        <nav aria-label="Screens">
          {(Object.keys(SCREENS) as Screen[]).map((s) => (
            <a key={s} href={`#/${s}`} aria-current={s === screen ? 'page' : undefined}>
              {SCREENS[s]}
            </a>
          ))}
        </nav>
        {signedIn ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setApiKey(null);
              setSignedIn(credential() !== undefined);
            }}
          >
            Sign out
          </button>
        ) : null}
      </header>
      {livemode === false ? (
        <p className="banner" role="note">
          Test mode: payments use local test networks and test coins. No real money moves.
        </p>
      ) : null}
      <main className="main">
        {screen === 'status' ? (
          <StatusScreen />
        ) : !signedIn ? (
          <SignIn onSignedIn={() => setSignedIn(true)} />
        ) : screen === 'balances' ? (
          <BalancesScreen />
        ) : screen === 'transactions' ? (
          <TransactionsScreen />
        ) : screen === 'webhooks' ? (
          <WebhooksScreen />
        ) : screen === 'refunds' ? (
          <RefundsScreen />
        ) : screen === 'settings' ? (
          <SettingsScreen />
        ) : (
          <CashierScreen />
        )}
      </main>
    </div>
  );
}
