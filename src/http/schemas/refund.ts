import { Type } from '@sinclair/typebox';
import { REFUND_STATUSES } from '../../domain/refund.js';
import { CurrencyCode, DateTime, DecimalString, ListQueryBase, MoneyOut, Nullable, QrOut } from './common.js';

const Address = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'A wallet address on the refund\'s network, in its family\'s form (EVM: `0x` + 40 hex digits; mixed case must carry a valid EIP-55 checksum).',
});

export const RefundBody = Type.Object(
  {
    session_id: Type.String({ minLength: 1, maxLength: 64, description: 'The payment session to refund.' }),
    amount: Type.Optional(
      Type.Object(
        {
          value: DecimalString({ description: 'Decimal string in the currency\'s scale.', examples: ['5.00'] }),
          currency: CurrencyCode,
        },
        {
          additionalProperties: false,
          description:
            'Leave out for a full refund (everything left on the payment refunded). In the session\'s currency (converted at the session\'s locked rate for the coin paid) or in the coin paid (USDT/USDC).',
        },
      ),
    ),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Why, for your records.' })),
    destination_address: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Pay here instead of the payment\'s sender (e.g. the customer paid from an exchange). Validated for the refund\'s network.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ConfirmDestinationBody = Type.Object({ destination_address: Address }, { additionalProperties: false });

export const RefundListQuery = Type.Object(
  {
    limit: ListQueryBase.limit,
    starting_after: ListQueryBase.starting_after,
    ending_before: ListQueryBase.ending_before,
    session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this session\'s refunds.' })),
    status: Type.Optional(Type.String({ enum: [...REFUND_STATUSES] })),
  },
  { additionalProperties: false },
);

export const RefundOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('refund'),
  status: Type.String({ enum: [...REFUND_STATUSES] }),
  session_id: Nullable(Type.String({ description: 'The session refunded; null for an unmatched deposit\'s refund (`deposit_id`).' })),
  deposit_id: Nullable(Type.String({ description: 'The unmatched deposit sent back (POST /v1/deposits/{id}/refund); null for a session\'s refund.' })),
  amount: Type.Object(MoneyOut.properties, { description: 'What is paid back, in the coin of the route.' }),
  session_amount: Type.Object(MoneyOut.properties, { description: 'The same in the session\'s currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit\'s refund: the same as `amount`.' }),
  network: Type.String(),
  token_contract: Type.String(),
  destination_address: Nullable(Type.String({ description: 'Where the refund goes; null until confirmed (REQUIRES_ACTION).' })),
  destination_source: Type.String({ enum: ['payer', 'owner'], description: '`payer`: the payment\'s sender; `owner`: given or confirmed by the owner.' }),
  payment: Nullable(Type.Object({ tx_hash: Type.String(), log_index: Type.Integer(), from: Type.String() }, { description: 'The payment whose route the refund follows (`tx_hash`: its transaction id; `log_index`: its event index).' })),
  reason: Nullable(Type.String()),
  failure_reason: Nullable(Type.String({ description: 'Why it FAILED: a code (`insufficient_token_balance`, `insufficient_gas_balance`, `payout_reverted`, EVM\'s `nonce_taken`, TRON\'s `payout_expired`, Solana\'s `blockhash_expired`), a colon, and an explanation.' })),
  next_action: Nullable(
    Type.Object({ type: Type.Literal('confirm_destination'), message: Type.String() }, { description: 'REQUIRES_ACTION: what to do (POST /v1/refunds/{id}/confirm_destination).' }),
  ),
  payout: Type.Object({
    method: Type.String({ enum: ['wallet', 'manual'], description: '`wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.' }),
    from: Nullable(Type.String({ description: 'The refund wallet that signed it.' })),
    uri: Nullable(Type.String({ description: 'Manual payouts: the transfer request for a wallet QR code (EVM: EIP-681; TRON: the bare `T…` address, which carries neither coin nor amount: send exactly `amount`).' })),
    qr: Nullable(Type.Object(QrOut.properties, { description: 'Manual payouts: what the QR code carries (`content`: `uri`, or `address` where the network has no URI that wallets scan: then show `amount` beside it and send exactly that).' })),
    amount_base: Type.String({ description: 'Token base units sent.' }),
    nonce: Nullable(Type.Integer({ description: 'The account nonce the payout was signed with, on families that have one (EVM); null before signing.' })),
    tx_hash: Nullable(Type.String({ description: 'The payout\'s transaction id.' })),
    explorer_url: Nullable(Type.String({ description: 'The payout\'s transaction on the network\'s public explorer (live mode; null for devnets and before it is signed).' })),
    block_number: Nullable(Type.Integer()),
    confirmations: Type.Integer(),
    confirmations_required: Nullable(Type.Integer()),
    broadcasts: Type.Integer({ description: 'Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it).' }),
    last_error: Nullable(Type.String()),
  }),
  livemode: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
});

export { MoneyOut };
