/** Test or live: what the signed-in credential works in, read from the API (shown on every screen). */
import type { Merchant } from './api-types.js';
import { useApi } from './use-api.js';

/** Undefined while signed out, loading, or when it cannot be read. */
export function useMode(signedIn: boolean): boolean | undefined {
  const { data, error } = useApi<Merchant>(signedIn ? '/v1/merchant' : null);
  return error ? undefined : data?.livemode;
}
