import { Type } from '@sinclair/typebox';
import { SESSION_EXCEPTIONS, SESSION_STATUSES } from '../../domain/session-state.js';
import { NETWORK_IDS } from '../../chains/registry.js';
import { CoinOut, CsvFormat, CurrencyCode, CurrencyOut, DateTime, DecimalString, IdParams, ListQueryBase, Metadata, MoneyOut, Nullable, QrOut } from './common.js';

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'Absolute http(s) URL.' });

const CommonCreateFields = {
  merchant_domain_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One of the merchant\'s domains; default: its first domain.' })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  client_reference_id: Type.Optional(Type.String({ maxLength: 200, description: 'Your own reference (order number), returned as given.' })),
  metadata: Type.Optional(Metadata),
  expires_at: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO 8601 with a time zone; 1 minute to 24 hours from now. Default: the merchant\'s expiry (15 minutes).' }),
  ),
  success_url: Type.Optional(Url),
  cancel_url: Type.Optional(Url),
  till: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9-]{1,32}$',
      description: 'The till charging the sale (its id, as `POST /v1/shifts` takes it): the sale then belongs to the till\'s open shift (`shift_id`); none open, to no shift. See docs/shifts.md.',
    }),
  ),
};

/** A tip as shape A and the tip route take it: a money object in the session's currency. */
const TipIn = (description: string) =>
  Type.Object(
    {
      value: DecimalString({ description: 'Decimal string, at most the currency\'s decimals; "0" is no tip.', examples: ['1.50', '0'] }),
      currency: CurrencyCode,
    },
    { additionalProperties: false, description },
  );

export const ShapeABody = Type.Object(
  {
    merchant_id: Type.String({ minLength: 1, maxLength: 64, description: 'Must be the API key\'s merchant (`GET /v1/merchant`).' }),
    amount: Type.Object(
      {
        value: DecimalString({
          description: 'Decimal string, digits and at most one ".", no more decimals than the currency has (USD 2, JPY 0, USDT 6).',
          examples: ['12.50'],
        }),
        currency: CurrencyCode,
      },
      { additionalProperties: false },
    ),
    tip: Type.Optional(TipIn('The customer\'s tip on top of `amount`, in the same currency (else 400). Default: no tip. It can be set later with `POST /v1/payment/sessions/{id}/tip`.')),
    ...CommonCreateFields,
  },
  { additionalProperties: false },
);

/** `POST /v1/payment/sessions/{id}/tip`. */
export const TipBody = Type.Object(
  { tip: TipIn('The tip, in the session\'s currency; `{"value":"0",…}` is "no tip".') },
  { additionalProperties: false },
);

/** JSON numbers above 2^53 lose digits before we see them, so integers are capped well below that. */
const MinorInteger = (description: string, minimum: number) => Type.Integer({ minimum, maximum: 1e15, description });

export const ShapeBBody = Type.Object(
  {
    currency: CurrencyCode,
    mode: Type.Literal('payment'),
    amount: Type.Optional(MinorInteger('Total in the currency\'s minor units (1999 = 19.99 USD; 500 = ¥500). Must equal the line items\' total; may be left out.', 1)),
    tip_amount: Type.Optional(MinorInteger('The customer\'s tip on top of `amount`, in the same currency\'s minor units (150 = 1.50 USD). Default 0: no tip.', 0)),
    line_items: Type.Array(
      Type.Object(
        {
          quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
          price_data: Type.Object(
            {
              currency: CurrencyCode,
              unit_amount: MinorInteger('Price of one unit in minor units.', 0),
              product_data: Type.Object(
                {
                  name: Type.String({ minLength: 1, maxLength: 250 }),
                  description: Type.Optional(Type.String({ maxLength: 500 })),
                },
                { additionalProperties: false },
              ),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    ...CommonCreateFields,
  },
  { additionalProperties: false },
);

const LineItemOut = Type.Object({
  quantity: Type.Integer(),
  price_data: Type.Object({
    currency: CurrencyOut(),
    unit_amount: Type.Integer(),
    product_data: Type.Object({ name: Type.String(), description: Nullable(Type.String()) }),
  }),
  amount_total: Type.Integer({ description: 'quantity × unit_amount, minor units.' }),
});

/** The networks of the registered chain families (src/chains/registry.ts): adding a family adds its networks here. */
const NetworkOut = () => Type.String({ enum: [...NETWORK_IDS] });

const PaymentOption = Type.Object({
  network: NetworkOut(),
  token_standard: Type.String({ examples: ['ERC-20', 'BEP-20'] }),
  currency: CoinOut,
  amount_due: Type.String({ description: 'Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01.' }),
  address: Type.String({
    description:
      'Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). ' +
      'Solana: the merchant\'s wallet, the same for every session; the payment is told apart by `reference`.',
  }),
  reference: Nullable(Type.String({ description: 'Solana: the session\'s Solana Pay reference key, which the wallet adds to the transfer (the QR\'s request carries it); a payment sent to `address` without it names no session. null on other networks.' })),
  token_contract: Type.String({ description: 'The token\'s contract (Solana: its mint).' }),
  uri: Type.String({ description: 'Wallet request for exactly amount_due (EVM: EIP-681 in the token\'s base units, with the network\'s chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`).' }),
  qr: QrOut,
  rate: Nullable(Type.String({ description: 'Coin per unit of the pricing currency, locked at creation; null when priced in a stablecoin.' })),
  delayed: Nullable(Type.String({ description: 'Why a payment on this option will show late ("Ethereum is catching up: payments on it will show late"): its network\'s watcher is further behind than a payment\'s confirmations (docs/payments.md, "Payments on a network that fell behind"). The payment still counts; the cashier says so before the customer pays. null when the network is up to date.' })),
});

const Payment = Type.Object({
  network: Type.String(),
  currency: CoinOut,
  tx_hash: Type.String({ description: 'The network\'s transaction id (EVM: the transaction hash).' }),
  log_index: Type.Integer({ description: 'The transfer\'s event index (EVM: the log index).' }),
  block_number: Type.Integer(),
  from: Type.String(),
  amount: Type.String({ description: 'Amount of the coin received (6 decimals; 18-decimal dust below that is not counted).' }),
  confirmations: Type.Integer(),
  status: Type.String({ enum: ['detected', 'confirmed', 'orphaned'], description: 'orphaned: dropped by a chain reorganisation; counts for nothing.' }),
  explorer_url: Nullable(Type.String({ description: 'The transaction on the network\'s public explorer (live mode; null for devnets).' })),
  created_at: DateTime,
});

export const SessionOut = Type.Object(
  {
    session_id: Type.String(),
    object: Type.Literal('payment_session'),
    status: Type.String({
      enum: [...SESSION_STATUSES],
      description:
        'PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); ' +
        'EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.',
    }),
    exception: Nullable(
      Type.String({
        enum: [...SESSION_EXCEPTIONS],
        description: 'UNDERPAID: part received (the options ask for the rest); OVERPAID: more than the amount; PAID_LATE: a payment arrived after expiry or cancel, within the monitoring window.',
      }),
    ),
    payment_url: Type.String({ description: 'Hosted checkout page for the customer (public; the id is unguessable).' }),
    merchant_id: Type.String(),
    merchant_domain_id: Type.String(),
    livemode: Type.Boolean(),
    amount: MoneyOut,
    // The tip on top of `amount` (0 when none) and what the customer pays: `amount` + `tip`, which every
    // option's `amount_due` and the state (UNDERPAID, OVERPAID, SUCCEEDED) are judged against.
    tip: MoneyOut,
    amount_total: MoneyOut,
    amount_received: MoneyOut,
    amount_refunded: MoneyOut,
    description: Nullable(Type.String()),
    client_reference_id: Nullable(Type.String()),
    metadata: Type.Record(Type.String(), Type.String()),
    line_items: Type.Array(LineItemOut),
    success_url: Nullable(Type.String()),
    cancel_url: Nullable(Type.String()),
    payment_options: Type.Array(PaymentOption, { description: 'One per enabled network × stablecoin (filled in by the chain integrations).' }),
    payments: Type.Array(Payment),
    booked: Type.Array(
      Type.Object({
        currency: CoinOut,
        gross: Type.String({ description: 'Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").', examples: ['12.500000'] }),
        tip: Type.String({ description: 'The customer\'s tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.', examples: ['0.000000'] }),
        fee: Type.String({ description: 'Fees taken from it (the percentage and the fixed fee; docs/balances.md).', examples: ['0.287500'] }),
        refunded: Type.String({ description: 'Refunds paid back from it once the session had succeeded, less those that failed or were canceled.', examples: ['0.000000'] }),
        net: Type.String({ description: 'gross − fee − refunded: what the session leaves in the balance.', examples: ['12.212500'] }),
      }),
      { description: 'What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then).' },
    ),
    shift_id: Nullable(Type.String({ description: 'The till\'s shift the sale belongs to (`till` at creation, with a shift open on it); else null. See docs/shifts.md.' })),
    resolved_by: Nullable(Type.String({ enum: ['owner'], description: '`owner` when an UNDERPAID or PAID_LATE session was marked SUCCEEDED by hand (POST …/resolve).' })),
    created_at: DateTime,
    expires_at: DateTime,
    updated_at: DateTime,
  },
);

/** One search box for a sale: id prefix, description words or amount (docs/api.md, "Session lists and exports"). */
const SessionSearch = Type.String({
  minLength: 1,
  maxLength: 200,
  description:
    'What a person remembers of a sale: sessions whose id starts with it (`ps_3kT`), whose description contains it (A–Z in any case), or, when it is a decimal, whose amount it is in any currency (as `amount`).',
  examples: ['12.50', 'table 4', 'ps_3kT'],
});

export const SessionListQuery = Type.Object(
  {
    ...ListQueryBase,
    status: Type.Optional(Type.String({ enum: [...SESSION_STATUSES] })),
    currency: Type.Optional(CurrencyCode),
    network: Type.Optional(Type.String({ enum: [...NETWORK_IDS], description: 'Sessions with a payment on this network.' })),
    amount: Type.Optional(Type.String({ pattern: '^(0|[1-9][0-9]{0,15})(\\.[0-9]{1,6})?$', maxLength: 24, description: 'Sessions of exactly this amount, in any currency (e.g. `12.50`).' })),
    search: Type.Optional(SessionSearch),
  },
  { additionalProperties: false },
);

/** The same filters for the CSV export (no paging: every match). */
export const SessionCsvQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ enum: [...SESSION_STATUSES] })),
    currency: Type.Optional(CurrencyCode),
    network: Type.Optional(NetworkOut()),
    amount: Type.Optional(Type.String({ pattern: '^(0|[1-9][0-9]{0,15})(\\.[0-9]{1,6})?$', maxLength: 24 })),
    search: Type.Optional(SessionSearch),
    created_gte: ListQueryBase.created_gte,
    created_lt: ListQueryBase.created_lt,
    format: CsvFormat,
  },
  { additionalProperties: false },
);

export const SessionIdParams = IdParams;
