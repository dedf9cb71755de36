/**
 * Mainnet-shaped local chains for the live rehearsal (docs/development.md, "The live rehearsal"): the
 * chains a live-mode core cannot tell from mainnet by what it asks them. An EVM network is anvil with its
 * mainnet's chain id (1 Ethereum, 56 BNB Smart Chain, 8453 Base, 42161 Arbitrum One, 137 Polygon PoS),
 * with the coins it offers at their mainnet contracts and the decimals the live tokens have (6, and 18
 * on BNB Smart Chain); TRON is the stand-in (already
 * answering with mainnet's chain id) with USDT at Tether's mainnet contract.
 *
 * The token is the devnets' TestStablecoin (an ERC-20 whose `mint` anyone may call): its runtime code
 * is copied to the mainnet address with `anvil_setCode`, and its name and symbol written into their
 * storage slots. Its `decimals` is an immutable, part of the runtime code, so the copy carries the
 * decimals the devnet deployed it with; balances start empty and payers mint their own. The devnet's
 * own test token addresses are emptied, so only the mainnet contracts hold a token.
 *
 * Test tooling only: test mode's devnets (src/chains/evm/devnet, src/chains/tron/devnet) stay as they are.
 */
import { join } from 'node:path';
import { type Address, type Hex, toHex } from 'viem';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { type Devnet, DEVNET_DAI, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { EVM_NETWORKS } from '../../src/chains/evm/networks.js';
import { TRON_NETWORKS } from '../../src/chains/tron/networks.js';
import { toEvmAddress } from '../../src/chains/tron/address-format.js';
import { startTronDevnet, type TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { TRON_DEVNET_DAI } from '../../src/chains/tron/devnet/test-accounts.js';
import { TRON_ACCOUNT_PATH } from '../../src/chains/tron/addresses.js';
import type { Stablecoin } from '../../src/domain/currencies.js';
import { devnetRpc } from './evm-chain.js';
import { anvil } from './tron-chain.js';

type Rpc = <T = unknown>(method: string, params?: unknown[]) => Promise<T>;

/** The shop's live wallet in the rehearsal: account xpubs from this mnemonic (the payers' keys are others). */
export const LIVE_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const liveSeed = () => HDKey.fromMasterSeed(mnemonicToSeedSync(LIVE_MNEMONIC));
/** The EVM account xpub (m/44'/60'/0') and the TRON one (m/44'/195'/0'), as the owner gives them. */
export const LIVE_XPUBS = {
  evm: liveSeed().derive("m/44'/60'/0'").publicExtendedKey,
  tron: liveSeed().derive(TRON_ACCOUNT_PATH).publicExtendedKey,
} as const;

/**
 * Seconds between blocks of the rehearsal's chains. Faster than mainnet's (Ethereum 12, TRON 3), but
 * not by so much that a 5-block eth_getLogs cap at a live poll of one second could never keep up: at
 * 0.2 s blocks the chain outruns any watcher limited to one 5-block call a second, which no live chain does.
 */
export const BLOCK_SECONDS = 1;

const info = (network: string) => {
  const found = [...EVM_NETWORKS, ...TRON_NETWORKS].find((n) => n.id === network);
  if (!found) throw new Error(`no network ${network}`);
  return found;
};

/** A token's name and symbol as Solidity stores a short string: left-aligned bytes, length × 2 in the last byte. */
function shortString(text: string): Hex {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > 31) throw new Error(`"${text}" is not a short string`);
  const word = new Uint8Array(32);
  word.set(bytes);
  word[31] = bytes.length * 2;
  return toHex(word);
}

/**
 * Puts the token whose code is at `from` at `to` (the mainnet contract), named as the live token is,
 * and empties `from`. TestStablecoin's layout: slot 0 name, slot 1 symbol, 2 totalSupply, 3 balances.
 */
async function moveToken(rpc: Rpc, from: Address, to: Address, name: string, symbol: string): Promise<void> {
  const code = await rpc<Hex>('eth_getCode', [from, 'latest']);
  if (code === '0x') throw new Error(`no token code at ${from}`);
  await rpc('anvil_setCode', [to, code]);
  await rpc('anvil_setStorageAt', [to, toHex(0, { size: 32 }), shortString(name)]);
  await rpc('anvil_setStorageAt', [to, toHex(1, { size: 32 }), shortString(symbol)]);
  await rpc('anvil_setCode', [from, '0x']);
}

const NAMES: Readonly<Record<Stablecoin, string>> = { USDT: 'Tether USD', USDC: 'USD Coin' };

/**
 * anvil as an EVM network's mainnet (Ethereum chain id 1, BNB Smart Chain 56, Base 8453, Arbitrum One
 * 42161, Polygon PoS 137), each coin the network offers at its mainnet contract. A coin the network does
 * not offer is emptied from the devnet like the test DAI, so no token of it exists on the chain.
 * `tokens` in the answer are the mainnet contracts, so the evm-chain helpers (`TestWallet`) pay them.
 */
export async function startMainnetShapedEvm(network: string, dir: string, blockTimeSeconds = BLOCK_SECONDS): Promise<Devnet> {
  const live = info(network);
  const devnet = await startDevnet({ network, chainId: Number(live.liveChainId), stateFile: join(dir, `${network}.json`), blockTimeSeconds });
  try {
    const rpc = devnetRpc(devnet);
    const tokens = { ...devnet.tokens };
    for (const coin of ['USDT', 'USDC'] as const) {
      const contract = live.tokens[coin]?.liveContract as Address | undefined;
      if (contract === undefined) {
        await rpc('anvil_setCode', [devnet.tokens[coin], '0x']);
        continue;
      }
      await moveToken(rpc, devnet.tokens[coin], contract, NAMES[coin], coin);
      tokens[coin] = contract;
    }
    await rpc('anvil_setCode', [DEVNET_DAI.address, '0x']);
    return { ...devnet, tokens };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}

/** The TRON stand-in (mainnet's chain id already) with USDT at Tether's mainnet contract, TR7NHq…. */
export async function startMainnetShapedTron(dir: string, blockTimeSeconds = BLOCK_SECONDS): Promise<TronDevnet> {
  const devnet = await startTronDevnet({ stateFile: join(dir, 'tron.json'), blockTimeSeconds });
  try {
    const rpc: Rpc = (method, params = []) => anvil(devnet, method, params);
    const usdt = info('tron').tokens.USDT!.liveContract;
    await moveToken(rpc, toEvmAddress(devnet.tokens.USDT), toEvmAddress(usdt), NAMES.USDT, 'USDT');
    await rpc('anvil_setCode', [toEvmAddress(TRON_DEVNET_DAI.address), '0x']);
    return { ...devnet, tokens: { USDT: usdt } };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}
