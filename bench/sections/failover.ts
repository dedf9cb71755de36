import { join } from 'node:path';
import pg from 'pg';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { type CoreConfig, resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { type Instance, onlyEthereumOn, sharedDataKey, startInstance } from '../../test/helpers/instances.js';
import { startPostgres } from '../../test/helpers/postgres.js';
import { percentile, round, sleep } from '../chain/stats.js';
import { atMost } from '../goals.js';
import { BenchFailure, type Figure, type Section, type SectionReport } from '../section.js';

/** The goal of issue 18: from the leader's SIGKILL to the next block scanned by another instance. */
const MAX_FAILOVER_MS = 5_000;
const FAILOVERS = 10;
/** Sales paid per failover: before the kill (the leader may be scanning them), and while no one leads. */
const PAID_BEFORE = 2;
const PAID_DURING = 1;
const WATCHER_ROLE = 'watcher:ethereum:test';
const LEASE = { ttlMs: 3_000, renewMs: 1_000 };
const BLOCK_SECONDS = 0.5;

interface Sale {
  id: string;
  address: `0x${string}`;
  value: bigint;
}

/**
 * Ten failovers of the ethereum watcher between two instances on one PostgreSQL database: each time
 * the leader is killed with SIGKILL while payments are being mined, the time until the other instance
 * has scanned a block past the killed one's cursor is measured, and the killed instance comes back as
 * standby. Afterwards every sale must be paid exactly once: none missed, none recorded twice.
 */
export const failoverSection: Section = {
  name: 'failover',
  summary: `watcher failover between two instances on PostgreSQL: leader SIGKILL → next block scanned (goal ≤ ${MAX_FAILOVER_MS / 1000} s), payments missed or doubled over ${FAILOVERS} failovers`,
  async run(context): Promise<SectionReport> {
    const pgServer = await startPostgres();
    const keys = sharedDataKey();
    const db = new pg.Pool({ connectionString: pgServer.url, max: 2 });
    let devnet: Devnet | undefined;
    const instances: Instance[] = [];
    try {
      devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(keys.dir, 'devnet', 'ethereum.json'), blockTimeSeconds: BLOCK_SECONDS });
      const chain = devnet;
      const setup = await createServices(resolveConfig({ dataDir: keys.dataDirFor('setup'), databaseUrl: pgServer.url, rateFeed: { source: 'off' } }));
      const merchantId = (await setup.merchants.defaultMerchant()).id;
      const apiKey = (await setup.apiKeys.create(merchantId, 'test')).secret;
      await setup.close();
      let started = 0;
      const config = (): CoreConfig => ({
        dataDir: keys.dataDirFor(`i${++started}`),
        databaseUrl: pgServer.url,
        logger: false,
        networks: onlyEthereumOn(chain),
        confirmations: { ethereum: 1 },
        chainPollMs: 200,
        leaderLease: LEASE,
      });
      const launch = async () => {
        const instance = await startInstance(`i${started + 1}`, config());
        instances.push(instance);
        return instance;
      };
      await launch();
      await launch();

      const lease = async () => (await db.query<{ holder: string }>('SELECT holder FROM leases WHERE name = $1 AND expires_at > $2', [WATCHER_ROLE, Date.now()])).rows[0]?.holder;
      const cursor = async () => Number((await db.query<{ position: string }>("SELECT position FROM chain_cursors WHERE network = 'ethereum' AND livemode = false")).rows[0]?.position ?? -1);
      const leaderNow = async (): Promise<Instance> => {
        for (;;) {
          const holder = await lease();
          const found = holder && instances.find((i) => holder.includes(String(i.pid)));
          if (found) return found;
          await sleep(50);
        }
      };
      const sell = async (on: Instance, n: number): Promise<Sale> => {
        const value = `1.${String(n).padStart(2, '0')}`;
        const res = await fetch(`${on.url}/v1/payment/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': `failover-${n}` },
          body: JSON.stringify({ merchant_id: merchantId, amount: { value, currency: 'USD' } }),
        });
        const body = (await res.json()) as { data: { session_id: string; payment_options: { network: string; currency: string; address: `0x${string}` }[] } };
        if (res.status !== 200) throw new Error(`creating a session: ${res.status} ${JSON.stringify(body)}`);
        const option = body.data.payment_options.find((o) => o.network === 'ethereum' && o.currency === 'USDT');
        if (!option) throw new Error('the session offers no USDT on ethereum');
        return { id: body.data.session_id, address: option.address, value: BigInt(Math.round(Number(value) * 1e6)) };
      };
      let payer = 0;
      const pay = (sale: Sale) => mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[payer++ % DEVNET_PAYER_KEYS.length]!, token: 'USDT', to: sale.address, amountBaseUnits: sale.value });

      const sales: Sale[] = [];
      const failovers: number[] = [];
      let n = 0;
      for (let round = 1; round <= FAILOVERS; round++) {
        const leader = await leaderNow();
        const standby = instances.find((i) => i !== leader)!;
        const before = [];
        for (let k = 0; k < PAID_BEFORE + PAID_DURING; k++) before.push(await sell(k % 2 ? standby : leader, ++n));
        sales.push(...before);
        await Promise.all(before.slice(0, PAID_BEFORE).map(pay));
        const cursorAtKill = await cursor();
        const killedAt = Date.now();
        await leader.kill();
        instances.splice(instances.indexOf(leader), 1);
        await Promise.all(before.slice(PAID_BEFORE).map(pay));
        // The next block scanned: the cursor moved past where the killed leader left it, by the new leader.
        for (;;) {
          if ((await lease())?.includes(String(standby.pid)) && (await cursor()) > cursorAtKill) break;
          if (Date.now() - killedAt > 60_000) throw new Error(`round ${round}: no block scanned within 60 s of the leader's SIGKILL`);
          await sleep(20);
        }
        failovers.push(Date.now() - killedAt);
        context.log(`failover: round ${round}: ${failovers.at(-1)} ms`);
        await launch(); // the killed machine comes back, as standby
      }

      // Every sale paid exactly once, whoever led when it was mined.
      const ids = sales.map((s) => s.id);
      const deadline = Date.now() + 60_000;
      let counts = new Map<string, number>();
      for (;;) {
        const { rows } = await db.query<{ session_id: string; n: number }>('SELECT session_id, count(*)::int AS n FROM payments WHERE session_id = ANY($1) GROUP BY session_id', [ids]);
        counts = new Map(rows.map((r) => [r.session_id, r.n]));
        if (counts.size === ids.length || Date.now() > deadline) break;
        await sleep(200);
      }
      const missed = ids.filter((id) => !counts.has(id)).length;
      const doubled = [...counts.values()].filter((c) => c > 1).length;
      const { rows: succeeded } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_sessions WHERE id = ANY($1) AND status = 'SUCCEEDED'", [ids]);
      const sorted = [...failovers].sort((a, b) => a - b);
      const max = sorted.at(-1) ?? 0;
      const figures: Figure[] = [
        { key: 'failovers', label: 'failovers (leader SIGKILL)', value: failovers.length },
        { key: 'failover_p50_ms', label: 'SIGKILL → next block scanned, p50', value: round(percentile(sorted, 50)), unit: 'ms' },
        { key: 'failover_max_ms', label: 'SIGKILL → next block scanned, max', value: max, unit: 'ms', goal: atMost(max, MAX_FAILOVER_MS, 'ms') },
        { key: 'sales', label: 'sales paid around the failovers', value: ids.length },
        { key: 'succeeded', label: 'sales SUCCEEDED', value: succeeded[0]!.n },
        { key: 'missed', label: 'payments missed', value: missed, goal: atMost(missed, 0) },
        { key: 'doubled', label: 'payments recorded twice', value: doubled, goal: atMost(doubled, 0) },
      ];
      const report: SectionReport = {
        figures,
        notes: [
          `two instances (processes) on one PostgreSQL database, one anvil devnet (${BLOCK_SECONDS} s blocks, 1 confirmation), watcher poll 200 ms`,
          `lease TTL ${LEASE.ttlMs} ms renewed every ${LEASE.renewMs} ms; per failover ${PAID_BEFORE} payments mined before the SIGKILL and ${PAID_DURING} while no instance leads`,
          'failover time: from the SIGKILL until the chain cursor in the database moved past the killed leader\'s, with the lease held by the other instance',
        ],
      };
      if (missed + doubled > 0) throw new BenchFailure(`${missed} payments missed, ${doubled} recorded twice`, report);
      return report;
    } finally {
      for (const i of instances) await i.stop().catch(() => undefined);
      await devnet?.stop();
      await db.end();
      await pgServer.stop();
      keys.remove();
    }
  },
};
