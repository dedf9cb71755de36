import type { FamilyId, Network, NetworkInfo } from '../domain/networks.js';
import { evmFamily } from './evm/index.js';
import type { ChainFamily } from './family.js';
import { solanaFamily } from './solana/index.js';
import { tronFamily } from './tron/index.js';

/**
 * The chain families this app has: the only place that names them all. Everything else (config, CLI
 * flags, routes, schemas, the payment options, the UI) takes its list of families and networks from
 * here, so adding a family is adding it to this list (docs/architecture.md, "Adding a chain family").
 */
export const FAMILIES = [evmFamily, tronFamily, solanaFamily] as const;

/** The devnet type of each family of a union (distributive: one member per family). */
type DevnetOf<F> = F extends ChainFamily<infer D> ? D : never;

/** A running devnet of any registered family, as its family's own type (tests narrow it by network). */
export type AnyDevnet = DevnetOf<(typeof FAMILIES)[number]>;

/** Every network of the registered families, in registry order. */
export const NETWORKS: readonly NetworkInfo[] = FAMILIES.flatMap((f) => f.networks);

/** Ids of the registered families and of their networks (for schemas and flags). */
export const FAMILY_IDS: readonly FamilyId[] = FAMILIES.map((f) => f.id);
export const NETWORK_IDS: readonly Network[] = NETWORKS.map((n) => n.id);

/** The wallet URI schemes of every registered family (links the checkout page may open). */
export const WALLET_URI_SCHEMES: readonly string[] = FAMILIES.flatMap((f) => f.uriSchemes);

const familiesById = new Map<FamilyId, ChainFamily<AnyDevnet>>(FAMILIES.map((f) => [f.id, f]));
const networksById = new Map<Network, NetworkInfo>(NETWORKS.map((n) => [n.id, n]));

/** The family of this id; undefined when none is registered. */
export function familyById(id: string): ChainFamily<AnyDevnet> | undefined {
  return familiesById.get(id);
}

/** A registered network's facts; undefined for any other id. */
export function networkInfo(id: string): NetworkInfo | undefined {
  return networksById.get(id);
}

/** The family a registered network belongs to. */
export function familyOf(network: string): ChainFamily<AnyDevnet> | undefined {
  const info = networksById.get(network);
  return info && familiesById.get(info.family);
}

/** A network's name for people; the id itself for one no registered family has (data from elsewhere). */
export function networkName(id: string): string {
  return networksById.get(id)?.name ?? id;
}

/** The networks of one family. */
export function networksOf(family: FamilyId): readonly NetworkInfo[] {
  return familiesById.get(family)?.networks ?? [];
}
