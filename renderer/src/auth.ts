/**
 * Who is signed in to the UI. PIN sign-in (`POST /v1/ui/sessions`) gives a token kept in
 * sessionStorage (api.ts); with no owner yet the UI first asks for one (`/v1/ui/setup`). Any 401
 * later (the sign-in expired after inactivity, or its user was removed) returns to sign-in.
 */
import { create } from 'zustand';
import { ApiError, credential, deleteJson, getJson, postJson, setCredential, whenUnauthorized } from './api.js';
import type { ApiData, SignedIn, UiSetup, UiUser } from './api-types.js';
import { i18n } from './i18n/index.js';

export type { Role } from './api-types.js';

interface AuthState {
  state: 'loading' | 'setup' | 'signed-out' | 'signed-in' | 'unreachable';
  user?: UiUser;
  /** Why the last attempt failed, or why the user is signed out (shown on the sign-in screen). */
  message?: string;
  busy: boolean;
  load(): Promise<void>;
  /** `setupCode`: the one-time code `stablepos serve` printed; not needed in the desktop app's own window. */
  setup(name: string, pin: string, setupCode?: string): Promise<void>;
  signIn(name: string, pin: string): Promise<void>;
  signOut(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useAuth = create<AuthState>()((set, get) => {
  whenUnauthorized(() => {
    if (get().state === 'signed-in') set({ state: 'signed-out', user: undefined, message: i18n.t('signIn.ended') });
  });

  const signedIn = (s: SignedIn) => {
    setCredential(s.token);
    set({ state: 'signed-in', user: s.user, message: undefined, busy: false });
  };

  const attempt = async (path: string, body: unknown) => {
    set({ busy: true, message: undefined });
    try {
      signedIn(await postJson<SignedIn>(path, body));
    } catch (error) {
      set({ busy: false, message: errorText(error) });
      // Someone else created the owner meanwhile: sign in instead.
      if (error instanceof ApiError && error.code === 'invalid_state' && path === '/v1/ui/setup') set({ state: 'signed-out' });
    }
  };

  return {
    state: 'loading',
    busy: false,
    async load() {
      try {
        if (credential()) {
          try {
            const current = await getJson<ApiData<'getCurrentUiSession'>>('/v1/ui/sessions/current');
            set({ state: 'signed-in', user: current.user, message: undefined });
            return;
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            setCredential(null);
          }
        }
        const { needs_owner } = await getJson<UiSetup>('/v1/ui/setup');
        set({ state: needs_owner ? 'setup' : 'signed-out', user: undefined });
      } catch (error) {
        set({ state: 'unreachable', message: errorText(error) });
      }
    },
    setup: (name, pin, setupCode) => attempt('/v1/ui/setup', { name, pin, ...(setupCode !== undefined && { setup_code: setupCode }) }),
    signIn: (name, pin) => attempt('/v1/ui/sessions', { user: name, pin }),
    async signOut() {
      try {
        await deleteJson('/v1/ui/sessions/current');
      } catch {
        // signed out here either way; an ended sign-in cannot be ended twice
      }
      setCredential(null);
      set({ state: 'signed-out', user: undefined, message: undefined });
    },
  };
});
