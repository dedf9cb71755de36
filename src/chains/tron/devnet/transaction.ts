import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { toTronBase58, toTronHex, type TronHexAddress } from '../address-format.js';
import { ProtobufWriter } from './protobuf-writer.js';

/**
 * A TRON transaction as java-tron reads it from JSON (`Util.packTransaction`: the `raw_data` object;
 * `raw_data_hex` and `txID` sent along are ignored, as java-tron ignores them) and prints it back
 * (`Util.printTransactionToJSON`). Its id is sha256 of the protobuf bytes of `raw_data`, computed here
 * from the fields, so a client library that serialised them wrongly is caught rather than trusted.
 *
 * Only the two contract types a payment app sends are modelled: TriggerSmartContract (a TRC-20 call)
 * and TransferContract (TRX).
 */

export type TronContract =
  | {
      type: 'TriggerSmartContract';
      ownerAddress: TronHexAddress;
      contractAddress: TronHexAddress;
      /** Call data, lower-case hex without 0x. */
      data: string;
      callValue: bigint;
      callTokenValue: bigint;
      tokenId: bigint;
      permissionId: number;
    }
  | {
      type: 'TransferContract';
      ownerAddress: TronHexAddress;
      toAddress: TronHexAddress;
      amount: bigint;
      permissionId: number;
    };

export interface TronRawData {
  contract: TronContract[];
  /** Bytes 6–7 of the reference block's number (TAPOS), hex. */
  refBlockBytes: string;
  refBlockNum: bigint;
  /** Bytes 8–15 of the reference block's id, hex. */
  refBlockHash: string;
  /** Milliseconds since the epoch. */
  expiration: bigint;
  /** The memo, hex. */
  data: string;
  timestamp: bigint;
  /** Sun the sender allows to be burnt for energy. */
  feeLimit: bigint;
}

export interface TronTransaction {
  raw: TronRawData;
  /** 65-byte secp256k1 signatures over the id (r ‖ s ‖ v), hex. */
  signatures: string[];
}

/** A transaction that cannot be read: java-tron would not parse it either. */
export class InvalidTransactionError extends Error {}

// ContractType enum values in java-tron's Tron.proto.
const CONTRACT_TYPE_NUMBER = { TransferContract: 1, TriggerSmartContract: 31 } as const;

/**
 * Reads a transaction from java-tron's JSON form. Addresses may be hex (`41…`) or base58 whatever
 * `visible` says (java-tron insists on the one `visible` names; being lenient here costs nothing).
 * @throws InvalidTransactionError naming the field that is missing or malformed.
 */
export function parseTransaction(json: unknown): TronTransaction {
  const tx = object(json, 'transaction');
  const raw = object(tx.raw_data, 'raw_data');
  if (!Array.isArray(raw.contract) || raw.contract.length === 0) {
    throw new InvalidTransactionError('raw_data.contract must be a non-empty array');
  }
  const signatures = tx.signature === undefined ? [] : tx.signature;
  if (!Array.isArray(signatures)) throw new InvalidTransactionError('signature must be an array of hex strings');
  return {
    raw: {
      contract: raw.contract.map((c, i) => parseContract(c, `raw_data.contract[${i}]`)),
      refBlockBytes: hex(raw.ref_block_bytes ?? '', 'raw_data.ref_block_bytes'),
      refBlockNum: int64(raw.ref_block_num ?? 0, 'raw_data.ref_block_num'),
      refBlockHash: hex(raw.ref_block_hash ?? '', 'raw_data.ref_block_hash'),
      expiration: int64(raw.expiration ?? 0, 'raw_data.expiration'),
      data: hex(raw.data ?? '', 'raw_data.data'),
      timestamp: int64(raw.timestamp ?? 0, 'raw_data.timestamp'),
      feeLimit: int64(raw.fee_limit ?? 0, 'raw_data.fee_limit'),
    },
    signatures: signatures.map((s, i) => hex(s, `signature[${i}]`)),
  };
}

function parseContract(json: unknown, path: string): TronContract {
  const contract = object(json, path);
  const parameter = object(contract.parameter, `${path}.parameter`);
  const value = object(parameter.value, `${path}.parameter.value`);
  const permissionId = Number(int64(contract.Permission_id ?? 0, `${path}.Permission_id`));
  switch (contract.type) {
    case 'TriggerSmartContract':
      return {
        type: 'TriggerSmartContract',
        ownerAddress: address(value.owner_address, `${path}.parameter.value.owner_address`),
        contractAddress: address(value.contract_address, `${path}.parameter.value.contract_address`),
        data: hex(value.data ?? '', `${path}.parameter.value.data`),
        callValue: int64(value.call_value ?? 0, `${path}.parameter.value.call_value`),
        callTokenValue: int64(value.call_token_value ?? 0, `${path}.parameter.value.call_token_value`),
        tokenId: int64(value.token_id ?? 0, `${path}.parameter.value.token_id`),
        permissionId,
      };
    case 'TransferContract':
      return {
        type: 'TransferContract',
        ownerAddress: address(value.owner_address, `${path}.parameter.value.owner_address`),
        toAddress: address(value.to_address, `${path}.parameter.value.to_address`),
        amount: int64(value.amount ?? 0, `${path}.parameter.value.amount`),
        permissionId,
      };
    default:
      throw new InvalidTransactionError(
        `${path}.type ${JSON.stringify(contract.type)} is not supported by the TRON devnet stand-in ` +
          '(only TriggerSmartContract and TransferContract)',
      );
  }
}

/** The protobuf bytes of `raw_data`, as java-tron serialises them. */
export function rawDataBytes(raw: TronRawData): Uint8Array {
  const w = new ProtobufWriter()
    .bytes(1, hexToBytes(raw.refBlockBytes))
    .varint(3, raw.refBlockNum)
    .bytes(4, hexToBytes(raw.refBlockHash))
    .varint(8, raw.expiration)
    .bytes(10, hexToBytes(raw.data));
  for (const contract of raw.contract) w.message(11, contractBytes(contract));
  return w.varint(14, raw.timestamp).varint(18, raw.feeLimit).finish();
}

function contractBytes(contract: TronContract): Uint8Array {
  const value =
    contract.type === 'TriggerSmartContract'
      ? new ProtobufWriter()
          .bytes(1, hexToBytes(contract.ownerAddress))
          .bytes(2, hexToBytes(contract.contractAddress))
          .varint(3, contract.callValue)
          .bytes(4, hexToBytes(contract.data))
          .varint(5, contract.callTokenValue)
          .varint(6, contract.tokenId)
          .finish()
      : new ProtobufWriter()
          .bytes(1, hexToBytes(contract.ownerAddress))
          .bytes(2, hexToBytes(contract.toAddress))
          .varint(3, contract.amount)
          .finish();
  const any = new ProtobufWriter().string(1, typeUrl(contract.type)).bytes(2, value).finish();
  return new ProtobufWriter()
    .varint(1, CONTRACT_TYPE_NUMBER[contract.type])
    .message(2, any)
    .varint(5, contract.permissionId)
    .finish();
}

/** The transaction id: sha256 of raw_data's protobuf bytes, hex. */
export function transactionId(raw: TronRawData): string {
  return bytesToHex(sha256(rawDataBytes(raw)));
}

/**
 * Bytes the transaction occupies, as java-tron charges bandwidth for it: the serialised transaction
 * without its results, plus 64 bytes reserved for the result.
 */
export function bandwidthBytes(tx: TronTransaction): number {
  const w = new ProtobufWriter().message(1, rawDataBytes(tx.raw));
  for (const s of tx.signatures) w.bytes(2, hexToBytes(s));
  return w.finish().length + 64;
}

export interface PrintOptions {
  /** java-tron's `visible`: addresses in base58 instead of `41…` hex. */
  visible: boolean;
  /** The execution result, once the transaction is in a block. */
  contractRet?: 'SUCCESS' | 'REVERT';
}

/** java-tron's JSON form of the transaction (`Util.printTransactionToJSON`). */
export function printTransaction(tx: TronTransaction, options: PrintOptions): Record<string, unknown> {
  const addr = (a: TronHexAddress) => (options.visible ? toTronBase58(a) : a);
  const raw = tx.raw;
  return {
    ...(options.contractRet && { ret: [{ contractRet: options.contractRet }] }),
    ...(tx.signatures.length > 0 && { signature: tx.signatures }),
    txID: transactionId(raw),
    raw_data: {
      contract: raw.contract.map((c) => ({
        parameter: {
          value:
            c.type === 'TriggerSmartContract'
              ? {
                  owner_address: addr(c.ownerAddress),
                  contract_address: addr(c.contractAddress),
                  ...(c.callValue !== 0n && { call_value: c.callValue }),
                  ...(c.data && { data: c.data }),
                  ...(c.callTokenValue !== 0n && { call_token_value: c.callTokenValue }),
                  ...(c.tokenId !== 0n && { token_id: c.tokenId }),
                }
              : { owner_address: addr(c.ownerAddress), to_address: addr(c.toAddress), ...(c.amount !== 0n && { amount: c.amount }) },
          type_url: typeUrl(c.type),
        },
        type: c.type,
        ...(c.permissionId > 0 && { Permission_id: c.permissionId }),
      })),
      ...(raw.refBlockBytes && { ref_block_bytes: raw.refBlockBytes }),
      ...(raw.refBlockNum !== 0n && { ref_block_num: raw.refBlockNum }),
      ...(raw.refBlockHash && { ref_block_hash: raw.refBlockHash }),
      ...(raw.expiration !== 0n && { expiration: raw.expiration }),
      ...(raw.data && { data: raw.data }),
      ...(raw.timestamp !== 0n && { timestamp: raw.timestamp }),
      ...(raw.feeLimit !== 0n && { fee_limit: raw.feeLimit }),
    },
    raw_data_hex: bytesToHex(rawDataBytes(raw)),
  };
}

const typeUrl = (type: TronContract['type']) => `type.googleapis.com/protocol.${type}`;

function object(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidTransactionError(`${path} must be an object`);
  }
  return value as Record<string, unknown>;
}

function hex(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new InvalidTransactionError(`${path} must be a hex string`);
  const digits = value.startsWith('0x') ? value.slice(2) : value;
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) throw new InvalidTransactionError(`${path} is not hex: ${JSON.stringify(value)}`);
  return digits.toLowerCase();
}

/** An int64 from a JSON number or a decimal string (java-tron's parser takes both), or a bigint. */
function int64(value: unknown, path: string): bigint {
  const ok =
    typeof value === 'bigint' ||
    (typeof value === 'number' && Number.isSafeInteger(value)) ||
    (typeof value === 'string' && /^-?\d{1,19}$/.test(value));
  const n = ok ? BigInt(value as bigint | number | string) : undefined;
  if (n === undefined || n < -(1n << 63n) || n >= 1n << 63n) {
    throw new InvalidTransactionError(`${path} must be an int64, got ${typeof value === 'bigint' ? value : JSON.stringify(value)}`);
  }
  return n;
}

function address(value: unknown, path: string): TronHexAddress {
  if (typeof value !== 'string') throw new InvalidTransactionError(`${path} must be an address`);
  try {
    return toTronHex(value);
  } catch (error) {
    throw new InvalidTransactionError(`${path}: ${(error as Error).message}`);
  }
}
