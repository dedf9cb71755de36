/**
 * Checks a Solana RPC endpoint before a shop relies on it: its genesis hash against the network's (a
 * devnet or testnet endpoint is another cluster), its slot at `confirmed` and how far behind the
 * network's other endpoints it is, rate-limit headers and latency. Solana has no log ranges: the
 * watcher lists signatures per account instead.
 */
import type { ProbeFindings, ProbeTarget } from '../../domain/rpc-check.js';
import { noFindings, ProbeHttp } from '../transfer-logs/probe-http.js';

/** Slots (400 ms each) behind the others beyond which an endpoint shows payments a minute late or more. */
const FAR_BEHIND_SLOTS = 150;

export async function probeSolanaEndpoint(target: ProbeTarget): Promise<ProbeFindings> {
  const http = new ProbeHttp(target.headers);
  const f = noFindings();
  const finish = () => {
    http.noteManners(f, '--rpc solana=URL1,URL2');
    return f;
  };
  const genesis = await http.call(target.url, 'getGenesisHash');
  if (!genesis.ok) {
    f.problems.push(`${genesis.message} to getGenesisHash`);
    f.advice.push('Check the URL (and the API key in it); the endpoint must serve Solana\'s JSON-RPC API.');
    return finish();
  }
  f.chainId = typeof genesis.result === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(genesis.result) ? genesis.result : null;
  if (f.chainId !== target.expectedChainId) {
    f.problems.push(`serves genesis hash ${f.chainId ?? 'unknown'}, not ${target.expectedChainId}`);
    f.advice.push(`This endpoint is another cluster's (devnet or testnet): give one for ${target.network} (mainnet-beta).`);
    return finish();
  }
  const slotOf = async (recorder: ProbeHttp, url: string) => {
    const answer = await recorder.call(url, 'getSlot', [{ commitment: 'confirmed' }]);
    return answer.ok && typeof answer.result === 'number' && Number.isSafeInteger(answer.result) ? answer.result : null;
  };
  f.head = await slotOf(http, target.url);
  if (f.head === null) {
    f.problems.push('answered no slot to getSlot');
    return finish();
  }
  const others: number[] = [];
  for (const other of target.others) {
    const slot = await slotOf(new ProbeHttp(target.headers), other);
    if (slot !== null) others.push(slot);
  }
  if (others.length > 0) {
    f.lag = Math.max(0, Math.max(...others) - f.head);
    if (f.lag > FAR_BEHIND_SLOTS) {
      f.problems.push(`its slot is ${f.lag.toLocaleString('en-US')} slots behind the network's other endpoints`);
      f.advice.push('A node this far behind would show payments late: use another endpoint, or wait until it has caught up.');
    }
  }
  return finish();
}
