import { ApiError, invalidParam } from '../domain/errors.js';
import type { FamilyId, Network } from '../domain/networks.js';
import { rpcUrlsProblem, splitRpcUrls } from '../domain/rpc-urls.js';
import type { ChainDirectory, Clock } from './ports.js';

export interface SavedNetwork {
  rpcUrl: string | null;
  confirmations: number | null;
  /** The commitment at which a payment counts, on a network that has commitments (Solana); null: the default. */
  commitment: string | null;
  /** The endpoint's API key, sealed with the data key (never stored or shown in plain text). */
  apiKeySealed: string | null;
  /** The live switch as the owner left it; null: never touched (the network's default, `enabledByDefault`). */
  enabled: boolean | null;
}

/**
 * A network's switch in one mode: whether the next start runs it, and the start-up configuration that
 * decides it instead of Settings (a flag, an environment variable or a `networks.<mode>.<id>` key), if one does.
 */
export interface NetworkSwitch {
  enabled: boolean;
  setAtStart: string | null;
}

/** What an API key is sealed for: text sealed for another purpose never opens as one. */
const API_KEY_PURPOSE = 'rpc api key';

export interface SettingsStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown, now: number): Promise<void>;
}

const key = (network: Network) => `network.live.${network}`;
/** Test mode saves only the switch: its devnets need no endpoint, confirmations or key. */
const testKey = (network: Network) => `network.test.${network}`;

/**
 * Live-mode RPC endpoints and confirmations saved from the app's Settings, for every network of the
 * registered chain families. The core reads them when it starts (command-line flags and environment
 * variables win), so a change applies at the next start: watchers are not rebuilt under a running
 * till. Live watch-only wallets (one per family) apply at once (`setLiveWallet`): new sessions derive
 * from them.
 */
export class NetworkSettings {
  constructor(
    private readonly d: {
      store: SettingsStore;
      now: Clock;
      chains: ChainDirectory;
      /** Seals and opens API keys (the data key, docs/security.md "Secrets at rest"). */
      cipher: { seal(plain: string, purpose: string): string; open(sealed: string, purpose: string): string };
      saveWallet: (family: FamilyId, wallet: string) => Promise<void>;
      readWallet: (family: FamilyId) => Promise<string | undefined>;
      /** The flag or environment variable that set this family's live wallet at start, if one did: it wins over Settings. */
      walletFromHost: (family: FamilyId) => string | undefined;
      /**
       * What the start-up configuration says of a network in a mode, if it names it: whether it runs it,
       * and where it is said, for people. It wins over the switch, as flags win over saved endpoints.
       */
      networkFromHost: (network: Network, livemode: boolean) => { enabled: boolean; where: string } | undefined;
    },
  ) {}

  /** The networks the owner can point at an RPC endpoint: every network of every registered family. */
  get networks(): readonly Network[] {
    return this.d.chains.families.flatMap((f) => f.networks.map((n) => n.id));
  }

  async saved(network: Network): Promise<SavedNetwork> {
    const v = await this.d.store.get(key(network)) as Partial<SavedNetwork> | undefined;
    return { rpcUrl: v?.rpcUrl ?? null, confirmations: v?.confirmations ?? null, commitment: v?.commitment ?? null, apiKeySealed: v?.apiKeySealed ?? null, enabled: v?.enabled ?? null };
  }

  /** On until the shop turns it off, except the networks a shop turns on (NetworkInfo.offByDefault). */
  enabledByDefault(network: Network): boolean {
    return this.d.chains.familyOf(network)?.networks.find((n) => n.id === network)?.offByDefault !== true;
  }

  /** The switch as the owner left it in a mode; null: never touched. */
  async savedSwitch(network: Network, livemode: boolean): Promise<boolean | null> {
    if (livemode) return (await this.saved(network)).enabled;
    const v = await this.d.store.get(testKey(network)) as { enabled?: boolean } | undefined;
    return v?.enabled ?? null;
  }

  /** Whether the next start runs the network in a mode, and what decided it when not the switch. */
  async switchOf(network: Network, livemode: boolean): Promise<NetworkSwitch> {
    const host = this.d.networkFromHost(network, livemode);
    if (host) return { enabled: host.enabled, setAtStart: host.where };
    return { enabled: (await this.savedSwitch(network, livemode)) ?? this.enabledByDefault(network), setAtStart: null };
  }

  /**
   * Turns a network on or off in one mode, from the next start (like every network setting: a running
   * till's watchers are not rebuilt under it).
   * @throws ApiError invalid_state when the start-up configuration decides the network, or when a live
   *   network is turned on with no RPC endpoint saved (a switch that says "on" would then take no payment)
   */
  async setEnabled(network: Network, livemode: boolean, enabled: boolean): Promise<void> {
    const name = this.d.chains.networkName(network);
    const host = this.d.networkFromHost(network, livemode);
    if (host) {
      throw new ApiError('invalid_state', `${name} is turned ${host.enabled ? 'on' : 'off'} where the app is started (${host.where}); change it there.`, 'enabled');
    }
    if (livemode) {
      const saved = await this.saved(network);
      if (enabled && saved.rpcUrl === null) {
        throw new ApiError('invalid_state', `${name} needs an RPC endpoint before it can take live payments: save one (rpc_url) first, then turn it on.`, 'enabled');
      }
      await this.d.store.put(key(network), { ...saved, enabled }, this.d.now());
      return;
    }
    await this.d.store.put(testKey(network), { enabled }, this.d.now());
  }

  /** The header a network's endpoint takes an API key in (TronGrid: `TRON-PRO-API-KEY`); null when it takes none. */
  apiKeyHeader(network: Network): string | null {
    return this.d.chains.familyOf(network)?.networks.find((n) => n.id === network)?.apiKeyHeader ?? null;
  }

  /**
   * The saved API key in plain text, for the watcher's requests; undefined when none is saved.
   * @throws Error when it cannot be opened (the data dir's data key was replaced)
   */
  async apiKey(network: Network): Promise<string | undefined> {
    const sealed = (await this.saved(network)).apiKeySealed;
    return sealed === null ? undefined : this.d.cipher.open(sealed, API_KEY_PURPOSE);
  }

  /** The commitment levels a network's payments may count at, the default first; empty where it counts confirmations. */
  commitments(network: Network): readonly string[] {
    return this.d.chains.familyOf(network)?.networks.find((n) => n.id === network)?.commitments ?? [];
  }

  /** @throws ApiError parameter_invalid (rpc_url, confirmations, commitment, api_key) */
  async save(network: Network, patch: { rpcUrl?: string | null; confirmations?: number | null; commitment?: string | null; apiKey?: string | null }): Promise<SavedNetwork> {
    const next = { ...(await this.saved(network)) };
    if (patch.rpcUrl !== undefined) {
      // One URL, or several separated by commas, the first preferred (domain/rpc-urls.ts: the Decision).
      const problem = patch.rpcUrl === null ? null : rpcUrlsProblem(patch.rpcUrl);
      if (problem !== null) throw invalidParam('rpc_url', problem);
      next.rpcUrl = patch.rpcUrl === null ? null : splitRpcUrls(patch.rpcUrl).join(',');
    }
    if (patch.confirmations !== undefined) next.confirmations = patch.confirmations;
    if (patch.commitment !== undefined) {
      const levels = this.commitments(network);
      if (patch.commitment !== null && levels.length === 0) {
        throw invalidParam('commitment', `${this.d.chains.networkName(network)} counts confirmations, not commitments: set confirmations instead`);
      }
      if (patch.commitment !== null && !levels.includes(patch.commitment)) throw invalidParam('commitment', `must be ${levels.map((l) => `"${l}"`).join(' or ')}`);
      next.commitment = patch.commitment;
    }
    if (patch.apiKey !== undefined) {
      const header = this.apiKeyHeader(network);
      if (patch.apiKey !== null && header === null) {
        throw invalidParam('api_key', `${this.d.chains.networkName(network)} endpoints take no API key header; put a provider's key in the RPC URL`);
      }
      if (patch.apiKey !== null && !/^[\x21-\x7e]+$/.test(patch.apiKey)) {
        throw invalidParam('api_key', 'must be printable characters without spaces, as the provider shows it');
      }
      next.apiKeySealed = patch.apiKey === null ? null : this.d.cipher.seal(patch.apiKey, API_KEY_PURPOSE);
    }
    await this.d.store.put(key(network), next, this.d.now());
    return next;
  }

  async liveWallet(family: FamilyId): Promise<string | null> {
    return (await this.d.readWallet(family)) ?? null;
  }

  /** @throws ApiError parameter_invalid (family, xpub); invalid_state when the host set the wallet at start */
  async setLiveWallet(family: FamilyId, wallet: string): Promise<void> {
    const facts = this.d.chains.family(family);
    if (!facts) throw invalidParam('family', `must be one of ${this.d.chains.families.map((f) => `"${f.id}"`).join(', ')}`);
    const fromHost = this.d.walletFromHost(family);
    if (fromHost) {
      // Like RPC endpoints, what the deployment says wins: a screen never overrides a start-up flag.
      throw new ApiError('invalid_state', `The live wallet was set when the app started (${fromHost}); change it there.`, 'xpub');
    }
    try {
      facts.wallet.check(wallet.trim());
    } catch (err) {
      throw new ApiError('parameter_invalid', `is not a usable ${facts.wallet.label}: ${(err as Error).message}`, 'xpub', { cause: err });
    }
    await this.d.saveWallet(family, wallet.trim());
  }
}
