/**
 * The OpenAPI document's tags, in the order Swagger UI shows them. Every route's `tags` must name one
 * of these: the document test (test/integration/openapi-document.test.ts) refuses an undeclared tag.
 */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: 'Payment sessions', description: 'Create sessions with a decimal amount (shape A), read, list, export, cancel and resolve them, and follow one live.' },
  { name: 'Checkout sessions (shape B)', description: 'The same sessions created with integer minor units and line items.' },
  { name: 'Hosted checkout', description: 'The customer\'s public page for one session and its status feeds (no key: the session id is the capability).' },
  { name: 'Shifts', description: 'A till\'s shift: opened and closed by its staff member, its sales, and its report (what was charged against what arrived on chain).' },
  { name: 'Reports', description: 'The shop\'s day: the Z-report over every till and shift of one day (owner).' },
  { name: 'Refunds', description: 'Pay a session back on chain, in full or in part, and the refund wallet that signs the payouts.' },
  { name: 'Deposits', description: 'Money that reached the merchant\'s accounts without paying a session (unmatched deposits): shown, never in balances.' },
  { name: 'Balance', description: 'Funds accounts (available and pending) and the ledger of balance transactions.' },
  { name: 'Conversions', description: 'Moving funds between currency accounts at a quoted rate.' },
  { name: 'Rates', description: 'Exchange rates between the fiat currencies and the stablecoins, with source and age.' },
  { name: 'Webhook endpoints', description: 'Where events are delivered, their signing secrets and their delivery attempts.' },
  { name: 'Events', description: 'Everything that happened, as webhooks deliver it; resending.' },
  { name: 'Merchant', description: 'The shop: its name, domains and settings (time zone, currencies, fees, expiry).' },
  { name: 'Networks', description: 'The chains the app watches in the key\'s mode: tokens, confirmations, health.' },
  { name: 'Settings', description: 'Live RPC endpoints, confirmations and watch-only wallets (owner).' },
  { name: 'API keys', description: 'The merchant\'s secret keys in the caller\'s mode.' },
  { name: 'Staff users', description: 'Who may sign in to the app with a PIN, as owner or cashier.' },
  { name: 'UI sign-in', description: 'The app\'s own screens: first-owner setup, PIN sign-in, the current sign-in.' },
  { name: 'Customer display', description: 'The sale shown on the customer-facing screen.' },
  { name: 'Operations', description: 'Liveness of the running app.' },
];
