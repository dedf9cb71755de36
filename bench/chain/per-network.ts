import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchFailure, type BenchContext, type Figure, type SectionReport } from '../section.js';
import { type ChainBenchSettings, type NetworkBenchSettings, readChainSettings } from './env.js';

/** What a chain section measured on one network: keys and notes without the network in front. */
export interface NetworkReport {
  figures: Figure[];
  notes: string[];
}

/** What a section's measurement of one network gets: its settings, the section's, and a folder of its own. */
export interface NetworkRun {
  net: NetworkBenchSettings;
  chain: ChainBenchSettings;
  context: BenchContext;
  /** Emptied and removed when the measurement ends. */
  dir: string;
}

/**
 * Runs `measure` on each network of BENCH_CHAIN_NETWORKS in turn (never two at once: they would share
 * the two cores) and lays their figures side by side, a column per network (keys `<network>.…`). A
 * network that fails does not keep the next from running; the section then fails with the figures
 * of those that ran, and what a failed one had measured before it failed (a BenchFailure's partial
 * report). `networks` narrows BENCH_CHAIN_NETWORKS to those the section covers.
 */
export async function onEachNetwork(
  context: BenchContext,
  section: string,
  blockMsOf: (net: NetworkBenchSettings) => number,
  measure: (run: NetworkRun) => Promise<NetworkReport>,
  /** Notes that hold for every network, printed after theirs. */
  commonNotes: (chain: ChainBenchSettings) => string[] = () => [],
  networks?: readonly NetworkBenchSettings['network'][],
): Promise<SectionReport> {
  const all = readChainSettings();
  const chain = networks ? { ...all, networks: all.networks.filter((n) => networks.includes(n.network)) } : all;
  if (!chain.networks.length) throw new BenchFailure(`${section} runs on ${networks?.join(' and ')}, none of which BENCH_CHAIN_NETWORKS lists`);
  const report: SectionReport = {
    figures: [],
    notes: [],
    columns: chain.networks.map((net) => ({ key: net.network, heading: `${net.network} (${blockMsOf(net) / 1000} s blocks)` })),
  };
  const failures: string[] = [];
  for (const net of chain.networks) {
    const dir = mkdtempSync(join(tmpdir(), `stablepos-bench-${section}-${net.network}-`));
    try {
      const measured = await measure({ net, chain, context, dir });
      report.figures.push(...measured.figures.map((f) => ({ ...f, key: `${net.network}.${f.key}` })));
      report.notes.push(...measured.notes.map((n) => `${net.network}: ${n}`));
    } catch (err) {
      if (!(err instanceof BenchFailure) && err instanceof Error && err.stack) context.log(err.stack);
      const partial = err instanceof BenchFailure ? err.partial : undefined;
      report.figures.push(...(partial?.figures ?? []).map((f) => ({ ...f, key: `${net.network}.${f.key}` })));
      report.notes.push(...(partial?.notes ?? []).map((n) => `${net.network}: ${n}`));
      failures.push(`${net.network}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  report.notes.push(...commonNotes(chain));
  if (failures.length) throw new BenchFailure(failures.join('; '), report);
  return report;
}
