// @vitest-environment happy-dom
/**
 * The refund form's warning when the refund wallet lacks the payment's network's coin for the fee
 * (renderer/src/refund-wallet-gas.ts): said only when the wallet pays by itself (a key is stored) and
 * its balance there is known and short; "no ETH" and "only 0.00001 ETH" told apart; in Spanish too.
 */
import { afterAll, expect, test } from 'vitest';
import type { RefundWallet } from '../../renderer/src/api-types.js';
import { i18n } from '../../renderer/src/i18n/index.js';
import { gasAmount, gasShortage } from '../../renderer/src/refund-wallet-gas.js';

const ADDRESS = '0x1066dA87B908132A96B76Bd83AA3E7910cdA9954';
const network = (over: Partial<RefundWallet['networks'][number]>): RefundWallet['networks'][number] => ({
  network: 'ethereum',
  gas_coin: 'ETH',
  status: 'ok',
  gas_balance: '0.000000000000000000',
  gas_per_refund: '0.000200000000000000',
  enough_gas: false,
  coins: [{ currency: 'USDT', balance: '93.000000' }],
  error: null,
  ...over,
});
const wallet = (networks: RefundWallet['networks'], address: string | null = ADDRESS): RefundWallet => ({ object: 'refund_wallet', family: 'evm', livemode: false, address, protection: 'passphrase', networks });

afterAll(() => i18n.changeLanguage('en'));

test('no gas coin, too little, enough, unknown, another network, no key', async () => {
  await i18n.changeLanguage('en');
  expect(gasShortage(wallet([network({})]), 'ethereum', 'Ethereum')).toBe(
    `The refund wallet has no ETH on Ethereum to pay the fee: this refund would fail. Send ETH on Ethereum (about 0.0002 ETH per refund) to ${ADDRESS} first.`,
  );
  expect(gasShortage(wallet([network({ gas_balance: '0.000010000000000000' })]), 'ethereum', 'Ethereum')).toBe(
    `The refund wallet has only 0.00001 ETH on Ethereum, not enough for the fee (about 0.0002 ETH): this refund would fail. Send ETH on Ethereum to ${ADDRESS} first.`,
  );
  expect(gasShortage(wallet([network({ gas_balance: '1.000000000000000000', enough_gas: true })]), 'ethereum', 'Ethereum')).toBeUndefined();
  expect(gasShortage(wallet([network({ status: 'unavailable', gas_balance: null, gas_per_refund: null, enough_gas: null, coins: [], error: 'down' })]), 'ethereum', 'Ethereum')).toBeUndefined();
  expect(gasShortage(wallet([network({})]), 'bsc', 'BNB Smart Chain')).toBeUndefined();
  // No key: refunds are paid by hand, from the owner's own wallet.
  expect(gasShortage(wallet([network({})], null), 'ethereum', 'Ethereum')).toBeUndefined();
  expect(gasShortage(undefined, 'ethereum', 'Ethereum')).toBeUndefined();
});

test('in Spanish, with the amounts as Latin America writes them', async () => {
  await i18n.changeLanguage('es');
  expect(gasAmount('10000.000000000000000000')).toBe('10,000');
  expect(gasShortage(wallet([network({})]), 'ethereum', 'Ethereum')).toBe(
    `La billetera de reembolsos no tiene ETH en Ethereum para pagar la comisión: este reembolso fallaría. Primero envía ETH en Ethereum (unos 0.0002 ETH por reembolso) a ${ADDRESS}.`,
  );
});
