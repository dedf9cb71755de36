/**
 * The networks of the chain families the app has, as GET /v1/networks names them: the screens label
 * and filter networks with these, never with a list of their own, so a new family shows up by name.
 */
import { useEffect, useState } from 'react';
import { getJson } from './api.js';
import type { Page } from './types.js';

export interface NetworkFacts {
  network: string;
  family: string;
  name: string;
  token_standard: string;
  status: string;
  chain_id: number | null;
  devnet: boolean;
  rpc_url: string | null;
  confirmations: number;
}

/** The networks of the sign-in's mode; empty until loaded (or when they cannot be read). */
export function useNetworks(): NetworkFacts[] {
  const [networks, setNetworks] = useState<NetworkFacts[]>([]);
  useEffect(() => {
    let cancelled = false;
    getJson<Page<NetworkFacts>>('/v1/networks').then(
      (page) => cancelled || setNetworks(page.items),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return networks;
}

/** A network's name for people; its id while the names are loading or for one the app no longer has. */
export function networkName(networks: readonly NetworkFacts[], id: string): string {
  return networks.find((n) => n.network === id)?.name ?? id;
}
