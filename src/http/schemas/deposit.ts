import { Type } from '@sinclair/typebox';
import { NETWORK_IDS } from '../../chains/registry.js';
import { STABLECOINS } from '../../domain/currencies.js';
import { DEPOSIT_REASONS, DEPOSIT_STATUSES, OTHER_TOKEN_FILTER } from '../../domain/deposit.js';
import { CoinOut, DateTime, ListQueryBase, Nullable } from './common.js';

export const DepositListQuery = Type.Object(
  {
    limit: ListQueryBase.limit,
    starting_after: ListQueryBase.starting_after,
    ending_before: ListQueryBase.ending_before,
    status: Type.Optional(Type.String({ enum: [...DEPOSIT_STATUSES] })),
    network: Type.Optional(Type.String({ enum: [...NETWORK_IDS], description: 'Only deposits on this network.' })),
    currency: Type.Optional(
      Type.String({ enum: [...STABLECOINS, OTHER_TOKEN_FILTER], description: 'Only deposits of this coin; `other`: tokens the app does not support (`currency` null).' }),
    ),
    created_gte: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: recorded at or after.' })),
    created_lt: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: recorded before.' })),
  },
  { additionalProperties: false },
);

export const DepositOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('deposit'),
  status: Type.String({
    enum: [...DEPOSIT_STATUSES],
    description:
      '`unmatched`: recorded, paying no session, not in balances. `attributed`: it pays `session_id` (as a payment of that session). ' +
      '`refunded`: sent back to the sender (`refund_id`). `dismissed`: kept out of balances for good (`note`). ' +
      '`orphaned`: a reorganisation of the chain dropped its block before it had its confirmations; the money never arrived (event `deposit.orphaned`). ' +
      'It is `unmatched` again if its transaction is mined again.',
  }),
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
  block_hash: Type.String({ description: 'The block\'s hash (Solana: the blockhash): a reorganisation that replaces it orphans the deposit.' }),
  confirmations: Type.Integer({
    minimum: 0,
    description: 'Counted as a payment\'s while the deposit is `unmatched` and not yet confirmed (Solana: against the slot at the network\'s commitment, `finalized` by default).',
  }),
  confirmed: Type.Boolean({
    description: 'It has the network\'s confirmations: final. Until then `attribute` and `refund` answer 409 `deposit_unconfirmed`.',
  }),
  block_time: DateTime,
  explorer_url: Nullable(Type.String({ description: 'The transaction on the network\'s public explorer (live mode; null for devnets).' })),
  livemode: Type.Boolean(),
  created_at: DateTime,
  session_id: Nullable(Type.String({ description: '`attributed`: the session it pays.' })),
  refund_id: Nullable(Type.String({ description: 'The refund sending it back, set as soon as the refund is made (the deposit becomes `refunded` when it succeeds; a failed or canceled one leaves it `unmatched`).' })),
  note: Nullable(Type.String({ description: '`dismissed`: the owner\'s note.' })),
  resolved_at: Nullable(DateTime),
  resolved_by: Nullable(Type.String({ description: 'Who acted: the API key\'s id, or `ui:` and the signed-in user\'s id.' })),
});

export const AttributeDepositBody = Type.Object(
  { session_id: Type.String({ minLength: 1, maxLength: 64, description: 'The payment session of the same mode the deposit pays.' }) },
  { additionalProperties: false },
);

export const RefundDepositBody = Type.Object(
  {
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Why, for your records.' })),
    destination_address: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Pay here instead of the deposit\'s sender (e.g. it came from an exchange). Validated for the deposit\'s network.' }),
    ),
  },
  { additionalProperties: false },
);

export const DismissDepositBody = Type.Object(
  { note: Type.String({ minLength: 1, maxLength: 500, description: 'Why it is dismissed (kept with the deposit).' }) },
  { additionalProperties: false },
);
