/**
 * The one way a screen loads what it shows: `useApi(path)` reads a GET of the core (api.ts: the
 * bearer, the envelope, a 401 signing out) and gives `{ data, error, loading, reload }`. A load still
 * under way when the screen closes, or when the path changes, is aborted, and its answer never lands
 * in a screen it no longer belongs to. Actions (POST, PATCH, a search on submit) call api.ts directly,
 * then `reload()` what they changed; live feeds (server-sent events) stay in their own stores.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, getJson } from './api.js';
import { i18n } from './i18n/index.js';

export interface Loaded<T> {
  /** The last answer; undefined until the first arrives, and again when the path changes. */
  data: T | undefined;
  /** Why the last load failed, in words for the shop's staff; cleared by the next answer. */
  error: string | undefined;
  /** The last load failed without an answer from the core (not running, network down), not with an API error. */
  unreachable: boolean;
  loading: boolean;
  /** Loads again (after an action changed what is shown, or on a timer); `data` stays until the answer. */
  reload: () => void;
}

/**
 * A failed load in plain words. The core's errors are already (ApiError, plain-words.ts); a fetch that
 * never reached the core rejects with the browser's own words ("Failed to fetch"), which say nothing
 * to a cashier.
 */
export function loadError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return i18n.t('common:errors.serverUnreachable');
  return error instanceof Error ? error.message : String(error);
}

interface State<T> {
  data?: T;
  error?: string;
  unreachable?: boolean;
  loading: boolean;
}

const sameList = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((d, i) => Object.is(d, b[i]));

/**
 * Loads when `what` or `again` change, or on reload(). A change of `what` (another path, another sale)
 * is another thing: what was shown goes at once. A change of `again` (the screen's Refresh) or a
 * reload() is the same thing read again: it stays shown until the answer.
 */
function useLoader<T>(load: ((signal: AbortSignal) => Promise<T>) | null, what: DependencyList, again: DependencyList): Loaded<T> {
  const [state, setState] = useState<State<T>>({ loading: load !== null });
  const [generation, setGeneration] = useState(0);
  // The latest `load` closure, read when the deps or `generation` change (not on every render).
  const latest = useRef(load);
  latest.current = load;
  const shown = useRef<DependencyList>(undefined);

  useEffect(() => {
    const run = latest.current;
    const same = shown.current !== undefined && sameList(shown.current, what);
    shown.current = what;
    if (!run) {
      setState({ loading: false });
      return;
    }
    setState((s) => (same ? { ...s, loading: true } : { loading: true }));
    const abort = new AbortController();
    run(abort.signal).then(
      (data) => abort.signal.aborted || setState({ data, loading: false }),
      (error: unknown) =>
        abort.signal.aborted || setState((s) => ({ data: s.data, error: loadError(error), unreachable: !(error instanceof ApiError), loading: false })),
    );
    return () => abort.abort();
    // The deps are the caller's lists, spread; `generation` is bumped by reload().
  }, [...what, ...again, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: state.data, error: state.error, unreachable: state.unreachable ?? false, loading: state.loading, reload };
}

/**
 * Any load a screen shows (several GETs together, one that depends on another): `load` gets the signal
 * to pass on to getJson; `deps` say when it is another load (as useEffect's do). `null`: nothing to
 * load (yet), `data` undefined.
 */
export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList): Loaded<T> {
  return useLoader(load, deps, []);
}

/**
 * Reads `loaded` again `ms` after each answer (or failure), while the screen is open: a screen that
 * follows something moving on its own (payouts, watchers). Counted from the answer, not on a fixed
 * beat, so a slow answer is never cut short by the next read, and reads never pile up.
 */
export function useRefresh(loaded: Pick<Loaded<unknown>, 'loading' | 'reload'>, ms: number): void {
  const { loading, reload } = loaded;
  useEffect(() => {
    if (loading) return;
    const timer = setTimeout(reload, ms);
    return () => clearTimeout(timer);
  }, [loading, reload, ms]);
}

/**
 * `GET path` of the core, typed by the caller with a name of api-types.ts (`useApi<Merchant>('/v1/merchant')`);
 * `null` loads nothing (a screen that needs live mode, a detail with nothing chosen). `again`: values
 * whose change reads the same path again, as reload() does.
 */
export function useApi<T>(path: string | null, again: DependencyList = []): Loaded<T> {
  return useLoader<T>(path === null ? null : (signal) => getJson<T>(path, signal), [path], again);
}
