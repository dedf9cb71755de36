import type { Mode } from '../config.js';
import type { NetworkStatus } from '../domain/payment-option.js';
import type { CustomerDisplay } from '../services/customer-display.js';
import type { DepositService } from '../services/deposit-service.js';
import type { LiveFeed } from '../services/live-feed.js';
import type { NetworkSettings } from '../services/network-settings.js';
import type { ApiKeyService } from '../services/api-key-service.js';
import type { ConversionService } from '../services/conversion-service.js';
import type { LedgerService } from '../services/ledger-service.js';
import type { IdempotencyService } from '../services/idempotency-service.js';
import type { MerchantService } from '../services/merchant-service.js';
import type { EventService } from '../services/event-service.js';
import type { RateService } from '../services/rate-service.js';
import type { Readiness } from '../services/readiness.js';
import type { RpcCheckService } from '../services/rpc-check.js';
import type { ReceiptService } from '../services/receipt-service.js';
import type { RefundService } from '../services/refund-service.js';
import type { SessionService } from '../services/session-service.js';
import type { DailyReportService } from '../services/daily-report-service.js';
import type { ShiftService } from '../services/shift-service.js';
import type { WebhookEndpointService } from '../services/webhook-endpoint-service.js';
import type { UserService } from '../services/user-service.js';
import type { PrinterSettings } from '../services/printer/printer-settings.js';
import type { ReceiptPrinting } from '../services/printer/receipt-printing.js';
import type { ShiftReportPrinting } from '../services/printer/shift-report-printing.js';

/** What the HTTP layer is given by the composition root: services, never storage. */
export interface HttpServices {
  sessions: SessionService;
  merchants: MerchantService;
  apiKeys: ApiKeyService;
  users: UserService;
  /** Set in the Electron app: UI sign-in must present it (header `Stablepos-App-Token`). */
  uiAppToken?: string | undefined;
  idempotency: IdempotencyService;
  webhookEndpoints: WebhookEndpointService;
  events: EventService;
  ledger: LedgerService;
  conversions: ConversionService;
  /** Exchange rates per mode, with source and age (GET /v1/rates). */
  rates: RateService;
  refunds: RefundService;
  /** Receipts of paid sessions. */
  receipts: ReceiptService;
  /** Tills' shifts and their reports. */
  shifts: ShiftService;
  /** The shop's day: the daily Z-report (docs/reports.md). */
  dailyReports: DailyReportService;
  /** Unmatched deposits: money on the merchant's accounts that paid no session. */
  deposits: DepositService;
  /** Each network's settings and watcher health in one mode. */
  networks: (livemode: boolean) => NetworkStatus[];
  /** Notices of session changes, for the server-sent event streams. */
  live: LiveFeed;
  /** The sale on the customer-facing display. */
  display: CustomerDisplay;
  networkSettings: NetworkSettings;
  /** The shop's network receipt printer (Settings). */
  printerSettings: PrinterSettings;
  /** A session's receipt printed on request, and its last print. */
  printing: ReceiptPrinting;
  /** A shift's report printed on request (the till's "Print report"). */
  shiftPrinting: ShiftReportPrinting;
  /** POST /v1/networks/{network}/rpc_check: an endpoint checked before the shop relies on it. */
  rpcCheck: RpcCheckService;
  /** `GET /ready`: the database, and the lag of the watchers this instance leads. */
  readiness: Readiness;
  /** The mode the app's own UI works in (shown by /health, so the UI can say test or live). */
  uiMode: Mode;
  /** The core's clock (ms since the epoch). */
  now: () => number;
  /** Base URL customers reach the app at, known once the server listens. */
  publicBaseUrl: () => string;
}
