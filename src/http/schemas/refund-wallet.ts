import { Type } from '@sinclair/typebox';
import { FAMILY_IDS, NETWORK_IDS } from '../../chains/registry.js';
import { CoinOut, Nullable } from './common.js';

const Amount = (description: string, example: string) => Type.String({ pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$', description, examples: [example] });

/** What the refund wallet holds on one running network of its family (docs/refunds.md, "Funding the refund wallet"). */
export const WalletNetworkOut = Type.Object({
  network: Type.String({ enum: [...NETWORK_IDS], description: 'A network of the family that runs in the caller\'s mode.' }),
  gas_coin: Type.String({ description: 'The network\'s own coin, which pays its fees (ETH, BNB, POL, TRX, SOL).', examples: ['ETH'] }),
  status: Type.String({ enum: ['ok', 'unavailable'], description: '`unavailable`: the network\'s node could not be read within a few seconds (`error` says why); the balances are then null.' }),
  gas_balance: Nullable(Amount('The wallet\'s balance of the gas coin, with all its decimals (18 for ETH, 6 for TRX, 9 for SOL).', '0.012000000000000000')),
  gas_per_refund: Nullable(Amount('The gas coin one refund payout needs now at the most (a customer who holds none of the coin yet), as the payout itself checks it.', '0.000200000000000000')),
  enough_gas: Nullable(Type.Boolean({ description: 'Whether `gas_balance` covers at least one refund payout (`gas_per_refund`).' })),
  coins: Type.Array(
    Type.Object({ currency: CoinOut, balance: Amount('The wallet\'s balance of the coin, 6 decimals.', '93.000000') }),
    { description: 'Each coin the network offers, with the wallet\'s balance; empty when `unavailable`.' },
  ),
  error: Nullable(Type.String({ description: 'Why the network could not be read; null when `ok`.' })),
});

export const RefundWalletOut = Type.Object({
  object: Type.Literal('refund_wallet'),
  family: Type.String({ enum: [...FAMILY_IDS], description: 'The chain family whose refunds it pays (`family` in GET /v1/networks).' }),
  livemode: Type.Boolean(),
  address: Nullable(Type.String({ description: 'The wallet refunds are paid from; null while no key is stored (refunds then show a QR to pay by hand).' })),
  protection: Nullable(Type.String({ description: 'What seals the key at rest: the OS keychain (desktop app) or a passphrase (headless); null when neither is available.' })),
  networks: Type.Array(WalletNetworkOut, {
    description:
      'Per network of the family running in the caller\'s mode, what the wallet holds there: a refund is paid on its payment\'s network, with that network\'s gas coin. ' +
      'Read live from each network\'s node, all at once, each within 3 s. Empty while no key is stored.',
  }),
});
