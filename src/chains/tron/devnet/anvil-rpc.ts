/**
 * The stand-in's line to its anvil: plain JSON-RPC over fetch. Not viem's transport, which retries
 * failed requests by default: a retried `eth_sendTransaction` could execute a TRON transaction twice.
 */

export class AnvilRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type Hex = `0x${string}`;

export interface AnvilBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  size?: Hex;
  transactions: (Hex | AnvilTransaction)[];
}

export interface AnvilTransaction {
  hash: Hex;
  from: Hex;
  to: Hex | null;
  input: Hex;
  value: Hex;
  gas: Hex;
  nonce: Hex;
  blockHash: Hex | null;
  blockNumber: Hex | null;
  transactionIndex: Hex | null;
}

export interface AnvilLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed?: boolean;
}

export interface AnvilReceipt {
  transactionHash: Hex;
  transactionIndex: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  from: Hex;
  to: Hex | null;
  status: Hex;
  gasUsed: Hex;
  cumulativeGasUsed: Hex;
  contractAddress: Hex | null;
  logs: AnvilLog[];
  [field: string]: unknown;
}

export class AnvilRpc {
  private nextId = 1;

  constructor(readonly url: string) {}

  /** @throws AnvilRpcError with anvil's code and message; Error when anvil cannot be reached. */
  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
    if (body.error) throw new AnvilRpcError(body.error.code, body.error.message, body.error.data);
    return body.result as T;
  }

  async blockNumber(): Promise<number> {
    return Number(await this.call<Hex>('eth_blockNumber'));
  }

  block(number: number, full: true): Promise<(AnvilBlock & { transactions: AnvilTransaction[] }) | null>;
  block(number: number, full?: false): Promise<(AnvilBlock & { transactions: Hex[] }) | null>;
  block(number: number, full = false): Promise<AnvilBlock | null> {
    return this.call<AnvilBlock | null>('eth_getBlockByNumber', [hexNumber(number), full]);
  }

  latestBlock(): Promise<AnvilBlock & { transactions: Hex[] }> {
    return this.call('eth_getBlockByNumber', ['latest', false]);
  }
}

export const hexNumber = (n: number | bigint): Hex => `0x${n.toString(16)}`;
