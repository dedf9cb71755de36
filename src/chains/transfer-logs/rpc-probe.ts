/**
 * Checks an Ethereum JSON-RPC endpoint (EVM's, TRON's /jsonrpc) before a shop relies on it: the chain
 * it serves, its head and how far behind the network's other endpoints it is, the largest
 * `eth_getLogs` range it serves, rate-limit headers and latency. What the transfer-log watcher needs
 * of a node, asked the way it asks.
 */
import type { ProbeFindings, ProbeTarget } from '../../domain/rpc-check.js';
import { noFindings, type ProbeAnswer, ProbeHttp } from './probe-http.js';

/** keccak256("Transfer(address,address,uint256)"), the topic the watcher asks for. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** A recipient nobody pays: the scan's answer stays empty, so only the range can be refused, not the result count. */
const NOBODY = `0x${'0'.repeat(24)}${'00000000000000000000000000000000000dead1'}`;
/** The largest range asked for: what a paid plan serves; the watcher never asks more than this. */
const WIDEST = 10_000;
/** Below this cap, catching up after downtime takes long enough to tell the shop. */
const SLOW_RANGE = 1_000;
/** Median latency above which payments show noticeably later. */
const SLOW_MS = 1_500;

export interface JsonRpcProbe extends ProbeTarget {
  /** Where the JSON-RPC is served (TRON: `<base>/jsonrpc`), for this endpoint and for `others`. */
  readonly rpcUrlOf: (url: string) => string;
  /** The contracts as the JSON-RPC writes them (TRON's /jsonrpc: 20-byte hex). */
  readonly logAddresses: readonly string[];
}

/** Runs the checks; `http` is shared so a family may add calls of its own (TRON's /wallet) to the same counts. */
export async function probeJsonRpc(target: JsonRpcProbe, http = new ProbeHttp(target.headers)): Promise<ProbeFindings> {
  const url = target.rpcUrlOf(target.url);
  const f = noFindings();
  const finish = () => {
    http.noteManners(f, '--rpc NETWORK=URL1,URL2');
    if (f.latencyMs !== null && f.latencyMs > SLOW_MS) {
      f.limits.push(`answers slowly (median ${(f.latencyMs / 1000).toFixed(1)} s)`);
      f.advice.push('Payments show that much later: an endpoint nearer to this machine answers faster.');
    }
    return f;
  };

  const chainId = await http.call(url, 'eth_chainId');
  if (!chainId.ok) {
    f.problems.push(`${chainId.message} to eth_chainId`);
    f.advice.push('Check the URL (and the API key in it, or in its header); the endpoint must serve the JSON-RPC API.');
    return finish();
  }
  f.chainId = hexNumber(chainId.result)?.toString() ?? null;
  if (f.chainId !== target.expectedChainId) {
    f.problems.push(`serves chain id ${f.chainId ?? 'unknown'}, not ${target.expectedChainId}`);
    f.advice.push(`This endpoint is another network's: give one for ${target.network}.`);
    return finish();
  }

  const head = await http.call(url, 'eth_blockNumber');
  f.head = head.ok ? hexNumber(head.result) : null;
  if (f.head === null) {
    f.problems.push(`${head.ok ? 'answered no block number' : head.message} to eth_blockNumber`);
    return finish();
  }
  await measureLag(target, f);

  if (target.logAddresses.length > 0) {
    const { range, capped, failure } = await largestLogRange(http, url, target.logAddresses, f.head);
    f.logRange = range;
    if (range === null) {
      f.problems.push(`${failure ?? 'refused'} to eth_getLogs, even for one block`);
      f.advice.push('The watcher finds payments with eth_getLogs: use an endpoint (or a plan) that serves it.');
    } else if (capped && range < SLOW_RANGE) {
      f.limits.push(`serves at most ${range.toLocaleString('en-US')} blocks of logs per request`);
      f.advice.push(`Catching up 10,000 blocks after downtime takes ${Math.ceil(WIDEST / range).toLocaleString('en-US')} requests: a paid plan (10,000 blocks) catches up in one.`);
    }
  }
  return finish();
}

/** How far this head is behind the highest of the network's other endpoints. */
async function measureLag(target: JsonRpcProbe, f: ProbeFindings): Promise<void> {
  const heads: number[] = [];
  for (const other of target.others) {
    // Their calls count for nothing here (a separate recorder): only this endpoint is judged.
    const answer = await new ProbeHttp(target.headers).call(target.rpcUrlOf(other), 'eth_blockNumber');
    const h = answer.ok ? hexNumber(answer.result) : null;
    if (h !== null) heads.push(h);
  }
  if (heads.length === 0 || f.head === null) return;
  f.lag = Math.max(0, Math.max(...heads) - f.head);
  if (f.lag > target.confirmations) {
    f.problems.push(`its head is ${f.lag.toLocaleString('en-US')} blocks behind the network's other endpoints`);
    f.advice.push('A node this far behind would show payments late or not at all: use another endpoint, or wait until it has synced.');
  }
}

/**
 * The largest range (blocks, up to 10,000) `eth_getLogs` serves, ending at `head`: halving from 10,000
 * down to 1 until one is answered (straight to a cap the refusal names, "limited to a 5 range"), then
 * bisecting between the last answered and the first refused range, so a cap of 5 reads 5, not 4.
 */
async function largestLogRange(http: ProbeHttp, url: string, addresses: readonly string[], head: number): Promise<{ range: number | null; capped: boolean; failure?: string }> {
  const widest = Math.min(WIDEST, head + 1);
  const serves = async (n: number): Promise<ProbeAnswer> =>
    http.call(url, 'eth_getLogs', [{ address: addresses, topics: [TRANSFER_TOPIC, null, NOBODY], fromBlock: hex(head - n + 1), toBlock: hex(head) }], false);
  let refused: number | null = null;
  let answered: number | null = null;
  let failure: string | undefined;
  let named: number | null = null;
  for (let n = widest; n >= 1; ) {
    const answer = await serves(n);
    if (answer.ok) {
      answered = n;
      break;
    }
    refused = n;
    failure = answer.message;
    named = namedCap(answer.said);
    n = named !== null && named < n ? named : Math.floor(n / 2);
  }
  if (answered === null) return { range: null, capped: true, ...(failure && { failure }) };
  // The cap the endpoint named was served: it is the cap, nothing to bisect.
  if (answered === named) return { range: answered, capped: true };
  let low = answered;
  while (refused !== null && refused - low > 1) {
    const mid = Math.floor((low + refused) / 2);
    if ((await serves(mid)).ok) low = mid;
    else refused = mid;
  }
  return { range: low, capped: refused !== null };
}

/** A cap the refusal names ("limited to a 5 range", "up to a 10000 block range", java-tron's "exceed max block range: 5000"); null when none. */
function namedCap(said: string): number | null {
  const m = /(?:limited to|up to) an? (\d{1,6})(?: block)? range|max block range:? (\d{1,6})/i.exec(said);
  return m ? Number(m[1] ?? m[2]) : null;
}

const hex = (n: number) => `0x${n.toString(16)}`;

function hexNumber(value: unknown): number | null {
  if (typeof value !== 'string' || !/^0x[0-9a-f]{1,15}$/i.test(value)) return null;
  return Number.parseInt(value.slice(2), 16);
}
