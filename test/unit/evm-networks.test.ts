/**
 * The EVM networks' data (src/chains/evm/networks.ts), checked as data: contracts written with their
 * EIP-55 checksum, devnet chain ids that no live chain of the app uses and no two devnets share, the
 * existing devnets' ids unchanged (their state files), and no contract both offered and watched as a
 * mistake.
 */
import { getAddress } from 'viem';
import { expect, test } from 'vitest';
import { EVM_NETWORKS } from '../../src/chains/evm/networks.js';
import { NETWORKS } from '../../src/chains/registry.js';

test('every contract is checksummed, and none is both offered and watched as a mistake', () => {
  for (const n of EVM_NETWORKS) {
    const offered = Object.values(n.tokens).map((t) => t.liveContract);
    const extra = (n.liveExtraTokens ?? []).map((t) => t.contract);
    for (const c of [...offered, ...extra]) expect(getAddress(c), `${n.id} ${c}`).toBe(c);
    expect(offered.filter((c) => extra.includes(c)), n.id).toEqual([]);
  }
});

test('devnet chain ids: ethereum 1337 and bsc 1338 as before, all distinct, none a live chain id of the app', () => {
  const ids = EVM_NETWORKS.map((n) => n.devnetChainId);
  expect(Object.fromEntries(EVM_NETWORKS.map((n) => [n.id, n.devnetChainId]))).toMatchObject({ ethereum: 1337, bsc: 1338 });
  expect(new Set(ids).size).toBe(ids.length);
  const live = new Set(NETWORKS.map((n) => n.liveChainId));
  for (const id of ids) expect(live.has(String(id)), String(id)).toBe(false);
});

test('bridged dollars are watched as unsupported tokens, never as the coin they stand for', () => {
  for (const n of EVM_NETWORKS) {
    for (const t of n.liveExtraTokens ?? []) expect(t.currency, `${n.id} ${t.symbol}`).toBeNull();
  }
});
