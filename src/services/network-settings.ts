import { ApiError, invalidParam } from '../domain/errors.js';
import type { Clock } from './ports.js';

/** The live EVM networks the owner can point at an RPC endpoint from the app. */
export const CONFIGURABLE_NETWORKS = ['ethereum', 'bsc'] as const;
export type ConfigurableNetwork = (typeof CONFIGURABLE_NETWORKS)[number];

export interface SavedNetwork {
  rpcUrl: string | null;
  confirmations: number | null;
}

export interface SettingsStore {
  get(key: string): unknown;
  put(key: string, value: unknown, now: number): void;
}

const key = (network: ConfigurableNetwork) => `network.live.${network}`;

/**
 * Live-mode RPC endpoints and confirmations saved from the app's Settings. The core reads them when it
 * starts (command-line flags and environment variables win), so a change applies at the next start:
 * watchers are not rebuilt under a running till. Live watch-only wallets (xpubs) apply at once
 * (`setLiveXpub`): new sessions derive from them.
 */
export class NetworkSettings {
  constructor(
    private readonly d: {
      store: SettingsStore;
      now: Clock;
      /** @throws Error when the xpub is not a usable account-level extended public key */
      checkXpub: (family: 'evm', xpub: string) => void;
      saveXpub: (family: 'evm', xpub: string) => void;
      readXpub: (family: 'evm') => string | undefined;
      /** Whether the host set this family's live xpub at start (flag or environment): it wins over Settings. */
      xpubFromHost: (family: 'evm') => boolean;
    },
  ) {}

  saved(network: ConfigurableNetwork): SavedNetwork {
    const v = this.d.store.get(key(network)) as Partial<SavedNetwork> | undefined;
    return { rpcUrl: v?.rpcUrl ?? null, confirmations: v?.confirmations ?? null };
  }

  /** @throws ApiError parameter_invalid (rpc_url, confirmations) */
  save(network: ConfigurableNetwork, patch: { rpcUrl?: string | null; confirmations?: number | null }): SavedNetwork {
    const next = { ...this.saved(network) };
    if (patch.rpcUrl !== undefined) {
      if (patch.rpcUrl !== null) {
        let url: URL;
        try {
          url = new URL(patch.rpcUrl);
        } catch {
          throw invalidParam('rpc_url', 'must be an absolute http or https URL');
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidParam('rpc_url', 'must be an absolute http or https URL');
      }
      next.rpcUrl = patch.rpcUrl;
    }
    if (patch.confirmations !== undefined) next.confirmations = patch.confirmations;
    this.d.store.put(key(network), next, this.d.now());
    return next;
  }

  liveXpub(family: 'evm'): string | null {
    return this.d.readXpub(family) ?? null;
  }

  /** @throws ApiError parameter_invalid (xpub); invalid_state when the host set the xpub at start */
  setLiveXpub(family: 'evm', xpub: string): void {
    if (this.d.xpubFromHost(family)) {
      // Like RPC endpoints, what the deployment says wins: a screen never overrides a start-up flag.
      throw new ApiError('invalid_state', 'The live wallet was set when the app started (--xpub-evm or STABLEPOS_XPUB_EVM); change it there.', 'xpub');
    }
    try {
      this.d.checkXpub(family, xpub.trim());
    } catch (err) {
      throw new ApiError('parameter_invalid', `is not a usable account xpub (m/44'/60'/0'): ${(err as Error).message}`, 'xpub', { cause: err });
    }
    this.d.saveXpub(family, xpub.trim());
  }
}
