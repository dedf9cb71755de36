/**
 * Plain JSON-RPC to an anvil node, without viem's client layers: the bench drives mining and sends
 * pre-signed transactions, and wants each call to cost one HTTP round trip and nothing more.
 */

export class RpcError extends Error {}

let nextId = 1;

export interface Rpc {
  readonly url: string;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Mines one block now (with automine off, it takes every pending transaction). */
  mine(): Promise<void>;
  /** Mines `count` empty-or-not blocks in one call (anvil_mine). */
  mineMany(count: number): Promise<void>;
  blockNumber(): Promise<number>;
  setAutomine(on: boolean): Promise<void>;
  sendRaw(raw: string): Promise<string>;
}

export function rpcClient(url: string): Rpc {
  const call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new RpcError(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  return {
    url,
    call,
    mine: async () => {
      await call('evm_mine');
    },
    mineMany: async (count) => {
      if (count > 0) await call('anvil_mine', [`0x${count.toString(16)}`]);
    },
    blockNumber: async () => Number(await call<string>('eth_blockNumber')),
    setAutomine: async (on) => {
      await call('evm_setAutomine', [on]);
    },
    sendRaw: (raw) => call<string>('eth_sendRawTransaction', [raw]),
  };
}

interface Receipt {
  status: string;
  blockNumber: string;
}

/** The receipt of a mined transaction; fails when it reverted or is not mined. */
export async function minedReceipt(rpc: Rpc, hash: string): Promise<{ blockNumber: number }> {
  const receipt = await rpc.call<Receipt | null>('eth_getTransactionReceipt', [hash]);
  if (!receipt) throw new RpcError(`transaction ${hash} is not mined`);
  if (receipt.status !== '0x1') throw new RpcError(`transaction ${hash} reverted`);
  return { blockNumber: Number(receipt.blockNumber) };
}
