import { Type } from '@sinclair/typebox';
import { NETWORK_IDS } from '../../chains/registry.js';
import { DEPOSIT_REASONS, DEPOSIT_STATUSES } from '../../domain/deposit.js';
import { CoinOut, DateTime, ListQueryBase, Nullable } from './common.js';

export const DepositListQuery = Type.Object(
  {
    limit: ListQueryBase.limit,
    starting_after: ListQueryBase.starting_after,
    ending_before: ListQueryBase.ending_before,
    status: Type.Optional(Type.String({ enum: [...DEPOSIT_STATUSES] })),
    network: Type.Optional(Type.String({ enum: [...NETWORK_IDS], description: 'Only deposits on this network.' })),
  },
  { additionalProperties: false },
);

export const DepositOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('deposit'),
  status: Type.String({ enum: [...DEPOSIT_STATUSES], description: '`unmatched`: recorded, paying no session, not in balances.' }),
  reason: Type.String({
    enum: [...DEPOSIT_REASONS],
    description:
      'Why it matched no session. `no_reference` (Solana): the transfer named no open session\'s reference, or more than one. ' +
      '`late` (EVM, TRON): a supported coin to a session\'s deposit address after its monitoring window. ' +
      '`wrong_asset`: a supported coin the network does not offer there (USDC on TRON) or the merchant turned off. ' +
      '`unsupported_token`: one of the network\'s other well-known tokens (`currency` null; shown as sent, never converted).',
  }),
  network: Type.String({ enum: [...NETWORK_IDS] }),
  currency: Nullable(CoinOut),
  token_contract: Type.String({ description: 'The token (Solana: the mint).' }),
  amount: Type.String({ description: 'What arrived, a decimal string at the token\'s own decimals; never converted nor added to balances.' }),
  amount_base: Type.String({ description: 'The same in token base units.' }),
  decimals: Type.Integer(),
  from: Type.String({ description: 'The sender (Solana: the owner of the source token account).' }),
  to: Type.String({ description: 'The merchant\'s account it landed in (Solana: the merchant wallet\'s token account of the mint).' }),
  tx_hash: Type.String({ description: 'The network\'s transaction id (Solana: the signature).' }),
  log_index: Type.Integer({ description: 'The transfer\'s event index in its transaction.' }),
  block_number: Type.Integer({ description: 'Block (Solana: slot).' }),
  block_time: DateTime,
  explorer_url: Nullable(Type.String({ description: 'The transaction on the network\'s public explorer (live mode; null for devnets).' })),
  livemode: Type.Boolean(),
  created_at: DateTime,
});
