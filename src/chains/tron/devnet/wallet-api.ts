import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { toEvmAddress, toTronHex, type TronHexAddress } from '../address-format.js';
import type { AccountResources } from './account-resources.js';
import type { AnvilRpc, Hex } from './anvil-rpc.js';
import { blockNumberOfId, tronBlockId } from './block-id.js';
import type { Broadcaster } from './broadcast.js';
import { MAINNET_CHAIN_PARAMETERS } from './chain-parameters.js';
import { REVERT_MESSAGE, type TronChainView, utf8Hex } from './chain-view.js';
import { printTransaction, type TronTransaction } from './transaction.js';

/**
 * The java-tron HTTP API the stand-in serves: `/wallet/*` sees the head, `/walletsolidity/*` the
 * solidified block. Each handler takes the request's parameters (the POST body's JSON object, or the
 * query string of a GET) and answers the JSON java-tron would: `{}` for "not found", `{ "Error": … }`
 * for a request it cannot read, always with status 200.
 */

export interface ApiRequest {
  params: Record<string, unknown>;
  /** java-tron's `visible`: addresses in base58, messages as text. */
  visible: boolean;
}

export type ApiHandler = (request: ApiRequest) => Promise<unknown>;

/** A parameter java-tron could not read: answered `{ "Error": message }`. */
export class BadRequestError extends Error {}

/** How long a transaction built by the node stays valid (java-tron's trx.expiration.timeInMilliseconds). */
const EXPIRATION_MS = 60_000;

export function walletApi(rpc: AnvilRpc, view: TronChainView, broadcaster: Broadcaster, resources: AccountResources): ReadonlyMap<string, ApiHandler> {
  const routes = new Map<string, ApiHandler>();
  // Most reads exist on both nodes; `solid` picks which block they stop at.
  const both = (name: string, handler: (request: ApiRequest, solid: boolean) => Promise<unknown>) => {
    routes.set(`/wallet/${name}`, (request) => handler(request, false));
    routes.set(`/walletsolidity/${name}`, (request) => handler(request, true));
  };

  both('getnowblock', async ({ visible }, solid) =>
    (await view.block(await view.topBlock(solid), { detail: true, visible, solid })) ?? {},
  );
  both('getblockbynum', async ({ params, visible }, solid) =>
    (await view.block(integer(params.num ?? 0, 'num'), { detail: true, visible, solid })) ?? {},
  );
  both('getblockbyid', async ({ params, visible }, solid) => (await blockById(string(params.value, 'value'), visible, solid)) ?? {});
  // Wallet.getBlock: `id_or_num` is a number when it reads as one, else a block id; no transactions
  // unless `detail`.
  both('getblock', async ({ params, visible }, solid) => {
    const detail = params.detail === true || params.detail === 'true';
    const idOrNum = params.id_or_num === undefined || params.id_or_num === '' ? undefined : String(params.id_or_num);
    if (idOrNum === undefined) return (await view.block(await view.topBlock(solid), { detail, visible, solid })) ?? {};
    if (/^-?\d{1,18}$/.test(idOrNum)) {
      if (Number(idOrNum) < 0) throw new BadRequestError('num must be non-positive number.');
      return (await view.block(Number(idOrNum), { detail, visible, solid })) ?? {};
    }
    if (blockNumberOfId(idOrNum) === null || idOrNum.startsWith('0x')) throw new BadRequestError('id must be legal block hash.');
    return (await blockById(idOrNum, visible, solid, detail)) ?? {};
  });

  async function blockById(id: string, visible: boolean, solid: boolean, detail = true) {
    const number = blockNumberOfId(id);
    if (number === null) return null;
    const block = await view.block(number, { detail, visible, solid });
    return block && block.blockID === (id.startsWith('0x') ? id.slice(2) : id).toLowerCase() ? block : null;
  }

  both('gettransactionbyid', async ({ params, visible }, solid) => (await view.transaction(txId(params.value), { visible, solid })) ?? {});
  both('gettransactioninfobyid', async ({ params, visible }, solid) =>
    (await view.transactionInfo(txId(params.value), { visible, solid })) ?? {},
  );
  // The node's pool: broadcast, not yet in a block.
  routes.set('/wallet/gettransactionfrompending', async ({ params, visible }) => (await view.pendingTransaction(txId(params.value), visible)) ?? {});
  both('getaccount', async ({ params, visible }, solid) => (await view.account(address(params.address, 'address'), { visible, solid })) ?? {});
  routes.set('/wallet/getaccountresource', async ({ params }) => resources.of(address(params.address, 'address')));
  routes.set('/wallet/getchainparameters', async () => ({ chainParameter: MAINNET_CHAIN_PARAMETERS }));
  routes.set('/wallet/getcontract', async ({ params, visible }) => (await view.contract(address(params.value, 'value'), visible)) ?? {});

  both('triggerconstantcontract', async ({ params, visible }, solid) => {
    const call = contractCall(params);
    const result = await view.call(call, solid);
    const tx = await buildTransaction(call, 0n);
    return {
      result: { result: true, ...(result.reverted && { message: message(REVERT_MESSAGE, visible) }) },
      energy_used: result.energyUsed,
      constant_result: [result.output],
      transaction: { ret: [result.reverted ? { ret: 'FAILED' } : {}], visible, ...printTransaction(tx, { visible }) },
    };
  });
  both('estimateenergy', async ({ params, visible }, solid) => {
    const result = await view.call(contractCall(params), solid);
    if (result.reverted) {
      return { result: { code: 'CONTRACT_EXE_ERROR', message: message(REVERT_MESSAGE, visible) } };
    }
    return { result: { result: true }, energy_required: result.energyUsed };
  });
  routes.set('/wallet/triggersmartcontract', async ({ params, visible }) => {
    const call = contractCall(params);
    const code = await rpc.call<Hex>('eth_getCode', [toEvmAddress(call.contract), 'latest']);
    if (code === '0x') {
      return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: message('No contract or not a valid smart contract', visible) } };
    }
    const tx = await buildTransaction(call, integerBig(params.fee_limit ?? 0, 'fee_limit'), integer(params.Permission_id ?? 0, 'Permission_id'));
    return { result: { result: true }, transaction: { visible, ...printTransaction(tx, { visible }) } };
  });
  routes.set('/wallet/broadcasttransaction', ({ params, visible }) => broadcaster.broadcast(params, visible));

  /**
   * A transaction as the node builds one (`Wallet.createTransactionCapsule`): referencing the head
   * block, expiring 60 s after it, stamped now. Unsigned: the caller signs and broadcasts it.
   */
  async function buildTransaction(call: ReturnType<typeof contractCall>, feeLimit: bigint, permissionId = 0): Promise<TronTransaction> {
    const head = await rpc.latestBlock();
    const number = Number(head.number);
    const id = tronBlockId(number, head.hash);
    return {
      raw: {
        contract: [
          {
            type: 'TriggerSmartContract',
            ownerAddress: call.owner,
            contractAddress: call.contract,
            data: call.data,
            callValue: call.callValue,
            callTokenValue: 0n,
            tokenId: 0n,
            permissionId,
          },
        ],
        refBlockBytes: id.slice(12, 16),
        refBlockNum: 0n,
        refBlockHash: id.slice(16, 32),
        expiration: BigInt(head.timestamp) * 1000n + BigInt(EXPIRATION_MS),
        data: '',
        timestamp: BigInt(Date.now()),
        feeLimit,
      },
      signatures: [],
    };
  }

  return routes;
}

/** The call of a trigger request: `function_selector` + `parameter`, or `data` (Util.parseMethod). */
function contractCall(params: Record<string, unknown>): { owner: TronHexAddress; contract: TronHexAddress; data: string; callValue: bigint } {
  if (params.owner_address === undefined || params.owner_address === '') throw new BadRequestError('owner_address isn\'t set.');
  if (params.contract_address === undefined || params.contract_address === '') {
    throw new BadRequestError('contract_address isn\'t set (deploying is not modelled by the TRON devnet stand-in)');
  }
  let data: string;
  if (typeof params.function_selector === 'string' && params.function_selector !== '') {
    const selector = bytesToHex(keccak_256(new TextEncoder().encode(params.function_selector.replace(/\s+/g, '')))).slice(0, 8);
    data = selector + hexParam(params.parameter ?? '', 'parameter');
  } else {
    data = hexParam(params.data ?? '', 'data');
  }
  return {
    owner: address(params.owner_address, 'owner_address'),
    contract: address(params.contract_address, 'contract_address'),
    data,
    callValue: integerBig(params.call_value ?? 0, 'call_value'),
  };
}

function message(text: string, visible: boolean): string {
  return visible ? text : utf8Hex(text);
}

function address(value: unknown, name: string): TronHexAddress {
  if (typeof value !== 'string' || value === '') throw new BadRequestError(`${name} isn't set.`);
  try {
    return toTronHex(value);
  } catch (error) {
    throw new BadRequestError(`${name}: ${(error as Error).message}`);
  }
}

function txId(value: unknown): string {
  const id = string(value, 'value').replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(id)) throw new BadRequestError(`value must be a 32-byte transaction id in hex, got ${JSON.stringify(value)}`);
  return id.toLowerCase();
}

function string(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new BadRequestError(`${name} must be a string`);
  return value;
}

function hexParam(value: unknown, name: string): string {
  const text = string(value, name).replace(/^0x/, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(text)) throw new BadRequestError(`${name} must be hex, got ${JSON.stringify(value)}`);
  return text.toLowerCase();
}

function integer(value: unknown, name: string): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new BadRequestError(`${name} must be an integer, got ${JSON.stringify(value)}`);
  return n;
}

function integerBig(value: unknown, name: string): bigint {
  if (typeof value === 'string' && /^-?\d{1,19}$/.test(value)) return BigInt(value);
  return BigInt(integer(value, name));
}
