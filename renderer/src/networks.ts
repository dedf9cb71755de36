/**
 * The networks of the chain families the app has, as GET /v1/networks names them: the screens label
 * and filter networks with these, never with a list of their own, so a new family shows up by name.
 */
import type { Network, ApiData } from './api-types.js';
import { useApi } from './use-api.js';

/** The networks of the sign-in's mode; empty until loaded (or when they cannot be read). */
export function useNetworks(): Network[] {
  return useApi<ApiData<'listNetworks'>>('/v1/networks').data?.items ?? [];
}

/** A network's name for people; its id while the names are loading or for one the app no longer has. */
export function networkName(networks: readonly Network[], id: string): string {
  return networks.find((n) => n.network === id)?.name ?? id;
}
