/**
 * Checks a TRON node before a shop relies on it: its Ethereum-compatible `/jsonrpc` (what the watcher
 * reads: chain id, head, log ranges, the same checks as EVM's) and its `/wallet` HTTP API (what refund
 * payouts use), which must both answer: TronGrid serves both, a java-tron full node only with
 * `node.jsonrpc.httpFullNodeEnable = true`.
 */
import type { ProbeFindings, ProbeTarget } from '../../domain/rpc-check.js';
import { ProbeHttp } from '../transfer-logs/probe-http.js';
import { probeJsonRpc } from '../transfer-logs/rpc-probe.js';
import { toEvmAddress } from './address-format.js';

/** `nodeBase`: the node's base URL from the URL as the owner gives it (index.ts, tronNodeBase). */
export async function probeTronNode(target: ProbeTarget, nodeBase: (url: string) => string): Promise<ProbeFindings> {
  const http = new ProbeHttp(target.headers);
  const findings = await probeJsonRpc(
    { ...target, rpcUrlOf: (url) => `${nodeBase(url)}/jsonrpc`, logAddresses: target.contracts.map((c) => toEvmAddress(c)) },
    http,
  );
  const wallet = await http.post(`${nodeBase(target.url)}/wallet/getnowblock`, {});
  const block = wallet.json as { block_header?: unknown } | undefined;
  if (wallet.status !== 200 || typeof block !== 'object' || block === null || block.block_header === undefined) {
    findings.problems.push(`its /wallet API ${wallet.status === 200 ? 'answered no block' : wallet.message} to /wallet/getnowblock`);
    findings.advice.push('Refunds are paid through the node\'s /wallet API: give the node\'s base URL (TronGrid serves both /jsonrpc and /wallet).');
  }
  if (findings.problems.some((p) => p.includes('to eth_chainId'))) {
    findings.advice.push('A java-tron full node serves /jsonrpc only with node.jsonrpc.httpFullNodeEnable = true in its config; TronGrid needs the TRON-PRO-API-KEY header (Settings).');
  }
  return findings;
}
