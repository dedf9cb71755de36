import { pgKit } from './pg-kit.js';
import { defineTables } from '../tables.js';

/** The PostgreSQL store's tables, built from the one schema (../tables.ts); drizzle-kit reads them here. */
export const {
  merchants, merchantDomains, apiKeys, paymentSessions, sessionQuotes, idempotencyKeys, wallets, sessionAddresses, payments, deposits, chainCursors, chainBlocks, events, webhookEndpoints, webhookDeliveries, webhookAttempts, cursors, balanceTransactions, fundsAccounts, settlements, conversions, conversionQuotes, refunds, refundWallets, users, uiSessions, signInFailures, appSettings, leases, shifts,
} = defineTables(pgKit);
