import { scaleOf } from '../../domain/currencies.js';
import { formatDecimal } from '../../domain/money.js';
import type { NetworkFunds } from '../../services/refund-wallet-funds.js';

/** One network's funds of the refund wallet, as GET /v1/refund_wallets/{family} shows them (schemas/refund-wallet.ts). */
export function presentWalletNetwork(f: NetworkFunds) {
  const gas = (units: bigint) => formatDecimal(units, f.gasCoin.decimals);
  if (f.status === 'unavailable') {
    return { network: f.network, gas_coin: f.gasCoin.symbol, status: f.status, gas_balance: null, gas_per_refund: null, enough_gas: null, coins: [], error: f.error };
  }
  return {
    network: f.network,
    gas_coin: f.gasCoin.symbol,
    status: f.status,
    gas_balance: gas(f.gas),
    gas_per_refund: gas(f.gasPerPayout),
    enough_gas: f.enoughGas,
    coins: f.coins.map((c) => ({ currency: c.currency, balance: formatDecimal(c.balanceMinor, scaleOf(c.currency)) })),
    error: null,
  };
}
