import { sqliteKit } from './sqlite-kit.js';
import { defineTables } from '../tables.js';

/** The SQLite store's tables, built from the one schema (tables.ts); drizzle-kit reads them here. */
export const {
  merchants, merchantDomains, apiKeys, paymentSessions, sessionQuotes, idempotencyKeys, wallets, sessionAddresses, payments, deposits, chainCursors, chainBlocks, events, webhookEndpoints, webhookDeliveries, webhookAttempts, cursors, balanceTransactions, fundsAccounts, settlements, conversions, conversionQuotes, refunds, refundWallets, users, uiSessions, signInFailures, appSettings, leases, shifts,
} = defineTables(sqliteKit);
