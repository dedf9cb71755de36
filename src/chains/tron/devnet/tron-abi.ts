/**
 * A Solidity ABI (solc's JSON) in the shape java-tron prints a contract's ABI (`SmartContract.ABI`):
 * `{ entrys: [...] }`, entry and mutability types as the proto enum names (`Function`, `View`), fields
 * at their default (false, empty) left out, no `internalType`. TronWeb's `contract().at()` loads this.
 */

interface SolcParam {
  name: string;
  type: string;
  indexed?: boolean;
}

interface SolcEntry {
  type: string;
  name?: string;
  inputs?: readonly SolcParam[];
  outputs?: readonly SolcParam[];
  stateMutability?: string;
  anonymous?: boolean;
}

const ENTRY_TYPES: Readonly<Record<string, string>> = {
  constructor: 'Constructor',
  function: 'Function',
  event: 'Event',
  fallback: 'Fallback',
  receive: 'Receive',
  error: 'Error',
};

const MUTABILITY: Readonly<Record<string, string>> = { pure: 'Pure', view: 'View', nonpayable: 'Nonpayable', payable: 'Payable' };

export function toTronAbi(abi: readonly SolcEntry[]): { entrys: Record<string, unknown>[] } {
  const params = (list: readonly SolcParam[] | undefined) =>
    list && list.length > 0 ? list.map((p) => ({ ...(p.indexed && { indexed: true }), ...(p.name && { name: p.name }), type: p.type })) : undefined;
  return {
    entrys: abi.map((entry) => {
      const mutability = entry.stateMutability ?? 'nonpayable';
      return {
        ...(entry.anonymous && { anonymous: true }),
        ...((mutability === 'view' || mutability === 'pure') && { constant: true }),
        ...(entry.name && { name: entry.name }),
        ...(params(entry.inputs) && { inputs: params(entry.inputs) }),
        ...(params(entry.outputs) && { outputs: params(entry.outputs) }),
        type: ENTRY_TYPES[entry.type] ?? 'UnknownEntryType',
        ...(mutability === 'payable' && { payable: true }),
        ...(entry.type !== 'event' && entry.type !== 'error' && { stateMutability: MUTABILITY[mutability] ?? 'UnknownMutabilityType' }),
      };
    }),
  };
}
