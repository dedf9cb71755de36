import { Type } from '@sinclair/typebox';
import { REFUND_STATUSES } from '../../domain/refund.js';
import { CoinOut, DateTime, MoneyOut, Nullable } from './common.js';

/** `format` of GET /v1/payment/sessions/{id}/receipt. */
export const RECEIPT_FORMATS = ['json', 'html', 'escpos'] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

export const ReceiptQuery = Type.Object(
  {
    format: Type.Optional(Type.String({
      enum: [...RECEIPT_FORMATS],
      description: '`json` (default): the receipt in the envelope; `html`: a printable page 80 mm wide; `escpos`: the ESC/POS bytes for an 80 mm receipt printer (48 columns). Anything else is 400 `parameter_invalid` (`param: "format"`).',
    })),
  },
  { additionalProperties: false },
);

export const ReceiptOut = Type.Object({
  object: Type.Literal('receipt'),
  session_id: Type.String(),
  livemode: Type.Boolean(),
  receipt_url: Type.String({ description: 'The public receipt page (no credentials; the unguessable session id is the capability): what the receipt QR opens.' }),
  shop: Type.Object({
    name: Type.String(),
    domain: Nullable(Type.String({ description: 'The merchant domain the session was created for.' })),
  }),
  paid_at: DateTime,
  local_time: Type.String({ description: '`paid_at` in the shop\'s time zone, `YYYY-MM-DD HH:MM`.', examples: ['2026-11-28 14:03'] }),
  time_zone: Type.String({ description: 'The shop\'s IANA time zone.' }),
  description: Nullable(Type.String()),
  line_items: Type.Array(Type.Object({
    name: Type.String(),
    quantity: Type.Integer(),
    unit_amount: MoneyOut,
    amount: MoneyOut,
  }), { description: 'Shape B\'s line items; empty for a sale charged as one amount.' }),
  amount: MoneyOut,
  tip: MoneyOut,
  total: MoneyOut,
  payments: Type.Array(Type.Object({
    network: Type.String(),
    network_name: Type.String(),
    currency: CoinOut,
    amount: Type.String({ description: 'Decimal, the coin\'s 6 decimals.' }),
    rate: Nullable(Type.String({ description: 'Coin per unit of the session\'s currency, locked at creation (the session\'s quote); null for a stablecoin price.' })),
    tx_hash: Type.String(),
    explorer_url: Nullable(Type.String({ description: 'The transfer on the network\'s public explorer (live mode; null for devnets).' })),
  })),
  refunds: Type.Array(Type.Object({
    network: Type.String(),
    network_name: Type.String(),
    amount: MoneyOut,
    tx_hash: Nullable(Type.String()),
    explorer_url: Nullable(Type.String()),
    status: Type.String({ enum: [...REFUND_STATUSES] }),
  })),
});
