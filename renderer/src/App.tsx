/** The app shell: sign-in first, then a navigation bar and the screen the location's hash names. */
import { useEffect, useState } from 'react';
import iconUrl from '../../resources/icon.svg';
import { type Role, useAuth } from './auth.js';
import { BalancesScreen } from './balances/BalancesScreen.js';
import { FirstOwner, SignIn } from './SignIn.js';
import { StatusScreen } from './StatusScreen.js';

/** Each screen and who may open it (the API refuses the rest with 403 role_forbidden anyway). */
const SCREENS = {
  status: { title: 'Status', roles: ['owner', 'cashier'] },
  balances: { title: 'Balances', roles: ['owner'] },
} as const satisfies Record<string, { title: string; roles: readonly Role[] }>;
type Screen = keyof typeof SCREENS;

function screenOf(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '');
  return name in SCREENS ? (name as Screen) : 'status';
}

const mayOpen = (screen: Screen, role: Role) => (SCREENS[screen].roles as readonly Role[]).includes(role);

export function App() {
  const [screen, setScreen] = useState<Screen>(() => screenOf(window.location.hash));
  const { state, user, message, load, signOut } = useAuth();

  useEffect(() => {
    const onHash = () => setScreen(screenOf(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const signedIn = state === 'signed-in' && user !== undefined;

  return (
    <div className="app">
      <header className="bar">
        <img className="logo" src={iconUrl} alt="" width={32} height={32} />
        <span className="brand">stablepos</span>
        <nav aria-label="Screens">
          {signedIn
            ? (Object.keys(SCREENS) as Screen[])
                .filter((s) => mayOpen(s, user.role))
                .map((s) => (
                  <a key={s} href={`#/${s}`} aria-current={s === screen ? 'page' : undefined}>
                    {SCREENS[s].title}
                  </a>
                ))
            : null}
        </nav>
        {signedIn ? (
          <>
            <span className="who">
              <strong>{user.name}</strong> <span className="role">{user.role}</span>
            </span>
            <button type="button" className="secondary" onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        ) : null}
      </header>
      <main className="main">
        {state === 'loading' ? (
          <p className="muted">Loading…</p>
        ) : state === 'unreachable' ? (
          <p role="alert" className="error">
            The app's server cannot be reached: {message}{' '}
            <button type="button" onClick={() => void load()}>
              Retry
            </button>
          </p>
        ) : state === 'setup' ? (
          <FirstOwner />
        ) : !signedIn ? (
          <SignIn />
        ) : !mayOpen(screen, user.role) ? (
          <p role="alert">Only an owner can open {SCREENS[screen].title}.</p>
        ) : screen === 'balances' ? (
          <BalancesScreen />
        ) : (
          <StatusScreen />
        )}
      </main>
    </div>
  );
}
