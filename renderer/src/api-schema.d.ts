/**
 * GENERATED from the core's OpenAPI document (/docs/json) by `npm run api:types`: do not edit.
 * test/integration/renderer-api-types.test.ts fails when it no longer matches the core's schemas.
 * The screens read these types through renderer/src/api-types.ts (docs/architecture.md, "The UI's API types").
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the API is up and its database answers */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers and every watcher this instance leads is on time
         * @description 200 lists every check: the database, the timers and each network's watcher, with `standby` for those another instance leads. 503 `not_ready` when the database does not answer or a watcher led here has not completed a pass in time; its message names each failing check.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted checkout page (HTML) */
        get: operations["getPay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status feed of the checkout page */
        get: operations["getPayStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live status of the checkout page (server-sent events) */
        get: operations["getPayStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The receipt page of a paid session (HTML)
         * @description What the receipt QR on the customer display and the payment page opens on the customer's phone: the receipt of a SUCCEEDED session, with a QR of each transfer on its network's explorer (live mode). Public like the payment page: the unguessable session id is the capability; not indexed (`noindex`).
         */
        get: operations["getPayReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/display/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sale on the customer display (server-sent events: now and on every change) */
        get: operations["getCurrentDisplay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ui/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the app still needs its first owner
         * @description Public. While `needs_owner` is true the UI asks for the first owner's name and PIN.
         */
        get: operations["getUiSetup"];
        put?: never;
        /**
         * Create the first owner and sign in (only while there is no owner)
         * @description Public, but only with the one-time `setup_code` that `stablepos serve` prints when it starts on a shop without an owner (400 `parameter_missing` / `parameter_invalid`, `param: "setup_code"`, without the current one), or from the desktop app's own window (its per-launch token; 401 without it there): nobody else who reaches the app, through a proxy or not, can claim the shop. 409 `invalid_state` once an owner exists.
         */
        post: operations["setupUi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ui/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The staff who may sign in, for the sign-in screen's picker (names and roles only), to known devices only
         * @description Public, like the sign-in itself, but the list is given only to a device that has signed in before (it holds a known-device cookie for one of the staff, set by a sign-in) and to the desktop app's own window; anybody else gets an empty list and types a name. It lists first names and roles, never ids or anything else; a PIN is still needed (docs/security.md, "Staff names on the sign-in screen").
         */
        get: operations["getUiStaff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ui/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the UI with a name and a PIN
         * @description Public. A wrong PIN and an unknown name get the same 401 `api_key_invalid` ("Wrong name or PIN."). Failures are counted per user on a device that signed in as them before (its known-device cookie), which strangers cannot lock; elsewhere per name and address (5 in a row lock for 30 s, doubling up to 1 h), per address (10) and per name across all such devices (20, doubling up to 24 h): 429 `rate_limited` with `Retry-After` (docs/security.md, "PIN sign-in lockout"). A success sets the cookie `stablepos_known_<user id>` (HttpOnly, SameSite=Strict, Path=/v1/ui, a year).
         */
        post: operations["createUiSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment sessions, newest first
         * @description A cashier (UI sign-in) sees today's sessions only: `created_gte` is raised to the start of today in the merchant's time zone.
         */
        get: operations["listPaymentSessions"];
        put?: never;
        /** Create a payment session (shape A: decimal amount) */
        post: operations["createPaymentSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment sessions as CSV (all that match the filters, newest first)
         * @description Columns: session_id, created_at, status, exception, amount, currency, amount_received, amount_refunded, coin, gross, fee, refunded, net, description, client_reference_id, payments, tip, amount_total, coin_tip. One row per session and coin it put in the balance (`booked`: coin, gross, fee, refunded, net in that coin), or one row with those five empty when nothing is booked (a session not SUCCEEDED); `payments` lists network:currency:amount:tx_hash for each payment; `tip` and `amount_total` are the session's (pricing currency), `coin_tip` the tip inside that row's `gross` (docs/balances.md, "Tips"). `format=excel`: a UTF-8 byte order mark first and amounts as text cells.
         */
        get: operations["exportPaymentSessionsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a payment session */
        get: operations["getPaymentSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a PENDING session that has received nothing */
        post: operations["cancelPaymentSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}/tip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set or replace the tip of a session nothing has been paid on
         * @description The customer's tip, in the session's currency (another currency: 400 with `param` `tip.currency`); `"0"` is "no tip". Allowed while the session is PENDING and no payment has been detected at all, else 409 `invalid_state`. The session then shows `tip` and `amount_total`, and every option's `amount_due` (and its wallet request and QR) asks for the total at the rates locked at creation. The session's live feed (`…/stream`, the customer display, the payment page) updates. No event is written (the contract has no such type); the next event carries the tip. See docs/payments.md, "Tips".
         */
        post: operations["tipPaymentSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark an UNDERPAID or PAID_LATE session SUCCEEDED by hand (owner)
         * @description For when the shop accepts what arrived. `resolved_by` becomes `owner`; the exception stays on record. It books what the session kept: its confirmed payments less the refunds already made of them (docs/balances.md, "Refunds before success").
         */
        post: operations["resolvePaymentSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live feed of one session (server-sent events)
         * @description A `session` event with the whole session object now and after every change; a comment line every 15 s keeps proxies from closing it.
         */
        get: operations["getPaymentSessionStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checkout/sessions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a payment session (shape B: minor units and line items) */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checkout/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a payment session */
        get: operations["getCheckoutSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Shifts, newest first (filter by `till`, `date`); a cashier sees their own */
        get: operations["listShifts"];
        put?: never;
        /**
         * Open a shift on a till for the signed-in staff member
         * @description Sales created with this `till` (`till` on `POST /v1/payment/sessions` and on checkout sessions) while the shift is open belong to it. One open shift per till: a till with one open already is 409 `invalid_state` (the message names it). Sends `shift.opened`. See docs/shifts.md.
         */
        post: operations["createShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shifts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a shift and its report (a cashier: their own)
         * @description An open shift shows its report so far (computed at each read: what closing it now would freeze); a closed one the report kept at close. Another staff member's shift is 403 `role_forbidden` to a cashier.
         */
        get: operations["getShift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shifts/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a shift; returns it with its report
         * @description The report is frozen at close; payments still unconfirmed then are reconciled as they confirm or drop, the report updated, and `shift.reconciled` sent when the last settles (at once when none is left). A cashier closes only a shift they opened (403 `role_forbidden`); a closed shift is 409 `invalid_state`. Sends `shift.closed`. See docs/shifts.md.
         */
        post: operations["closeShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shifts/{id}/print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Print a shift's report on the network printer (the till's "Print report")
         * @description Prints the report as `GET /v1/shifts/{id}` shows it (an open shift: the figures so far) on the shop's network printer, and answers once the printer took all of it. 503 `printer_unavailable` when the printer is off, unreachable or does not take the report within seconds (retry); 409 `invalid_state` when no printer is set up; a cashier printing another staff member's shift is 403 `role_forbidden`. Nothing is recorded: print it as often as needed. See docs/shifts.md.
         */
        post: operations["printShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shop's day: the Z-report over every till and shift of one day in the shop's time zone
         * @description The shift report's figures over every sale created that day (in a shift or not: `outside_shifts` counts those in none), sales by local hour and by network, and the day's shifts with their charged-against-arrived differences. `format=csv` answers the same lines as CSV, `format=html` a printable page that loads nothing. See docs/reports.md.
         */
        get: operations["getReportsDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API key's merchant, its domains and settings */
        get: operations["getMerchant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the merchant's name and settings (time zone, currencies, fees, settlement currency, tips)
         * @description Fields left out stay as they are. Fees apply to payments booked from now on; a session's fixed fee is the one in force when it was created.
         */
        patch: operations["updateMerchant"];
        trace?: never;
    };
    "/v1/merchant/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a domain sessions may be created for */
        post: operations["createMerchantDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Networks in the key's mode: chain id, tokens, decimals, confirmations, health */
        get: operations["listNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/networks/{network}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn a network on or off in the caller's mode (applied at the next start)
         * @description On: in test mode the network's devnet starts, in live mode its saved RPC endpoint is watched; off: no payment options, no watcher, even with an endpoint saved. Applied when the app next starts, like every network setting. 409 `invalid_state` when the start-up configuration decides the network (`set_at_start`), or when a live network without a saved RPC endpoint is turned on (save `rpc_url` first, PATCH /v1/settings/networks/{network}).
         */
        patch: operations["updateNetwork"];
        trace?: never;
    };
    "/v1/networks/{network}/rpc_check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an RPC endpoint for a live network before relying on it: chain, head and lag, log ranges, rate limits, latency
         * @description Asks the endpoint what the watcher would ask (EVM and TRON: eth_chainId, eth_blockNumber, eth_getLogs over 10,000 blocks halving down to 1; TRON also /wallet/getnowblock; Solana: getGenesisHash, getSlot) and answers the verdict with what to change. The endpoint's own answers are never returned. Owner only, live credentials; one check at a time and at most 6 a minute per instance (429 `rate_limited` with Retry-After). A check takes seconds (up to a minute for an endpoint that does not answer).
         */
        post: operations["rpcNetworkCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints, newest first */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description The answer holds the signing `secret` (`whsec_…`); it is never shown again (rotate it to get a new one).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a webhook endpoint (without its secret) */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its pending deliveries are dropped and nothing more is sent to it. Answers `{"id","object","deleted":true}`.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /** Change a webhook endpoint's url, enabled_events, description or status */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description Answers with the new `secret`. For 24 hours every delivery is signed with both the new and the previous secret (two `v1,…` entries in `webhook-signature`), so receivers can switch without missing one.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the endpoint as the owner's: log what its address answers in full
         * @description Until an endpoint is confirmed, what a non-public address (loopback, private, link-local: judged by the address connected to) answers is logged with its status code and duration only, and every failure reads the same. Confirming shows it in full from then on. **Only the owner signed in to the app**, typing their `pin` again (400 `parameter_missing` / `parameter_invalid` with `param: "pin"`; wrong PINs count towards the sign-in lockout, 429 `rate_limited`); API keys, live ones too, get 403 `role_forbidden`. Any later change of `url` drops the confirmation. The body names the `url` the owner was shown: 409 `invalid_state` (`param: "url"`) if the endpoint has another one now, so a URL changed meanwhile is never confirmed.
         */
        post: operations["confirmWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to this endpoint
         * @description Writes a `webhook_endpoint.test` event (`data.object`: the endpoint, without secret) and delivers it to this endpoint only. Answers with the delivery; follow it in `…/deliveries`.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an endpoint's deliveries with every attempt, newest first */
        get: operations["listWebhookEndpointDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events, newest first */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description `data` is exactly the JSON body its webhook deliveries carry.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description Queues new deliveries (same `webhook-id`: the event id) to every enabled endpoint subscribed to the event, or only to `webhook_endpoint_id`. The body is optional. Answers with the deliveries queued.
         */
        post: operations["resendEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Funds accounts with available and pending amounts, and their total in the reporting currency */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What pending and available are made of (gross, fees, refunds, conversions), and daily sales
         * @description Each account's pending and available money in parts, and per day of the last `days` (merchant's time zone) and currency: gross, fees, refunds and net sales (docs/balances.md).
         */
        get: operations["getBalanceSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ledger entries, newest first */
        get: operations["listBalanceTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance/transactions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ledger entries as CSV (all that match the filters, newest first)
         * @description Columns: id, created_at, type, currency, amount, fee, net, status, available_on, source, description, tip. `amount` is the gross, `fee` the fees taken from it, `net` = amount − fee, `tip` the customers' tip inside `amount` (docs/balances.md, "Tips"); decimal strings in the entry's currency. `format=excel`: a UTF-8 byte order mark first and amounts as text cells.
         */
        get: operations["exportBalanceTransactionsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a ledger entry */
        get: operations["getBalanceTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversions/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Quote a conversion: the rate, fee and amount received, valid for 60 seconds */
        post: operations["quoteConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Conversions, newest first */
        get: operations["listConversions"];
        put?: never;
        /**
         * Convert available funds from one account to another
         * @description At the rate of `quote_id` when given (same from and to, not expired), else at the current rate. Writes a `conversion` debit, a `conversion` credit and a `fee` entry. Only available funds convert: more than that is 409 `amount_too_large`.
         */
        post: operations["createConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a conversion */
        get: operations["getConversion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The merchant's API keys in this mode, active and revoked */
        get: operations["listApiKeys"];
        put?: never;
        /** Create a key in the caller's mode; the answer is the only time it is shown */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a key (effective at once) */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/display": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Show a sale on the customer display (or clear it with null)
         * @description Each till has a display of its own: name it in `till` (the display page follows `/display/current?till=…`); without one, the shop's shared display. Each mode has its own displays: a test credential changes only the test display of the till (followed with `&mode=test`), never what a customer sees for a live sale.
         */
        put: operations["setDisplay"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Staff who can sign in to the app */
        get: operations["listUsers"];
        put?: never;
        /** Add a cashier or an owner with a PIN (4–12 digits, not one digit repeated nor a straight run) */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a user's new PIN without the old one (owner): all their sign-ins end at once
         * @description **Decision:** like Square and Shopify POS, an owner sets a staff member's new PIN without knowing the old one (a forgotten PIN is the usual reason), and is not asked for their own PIN again: the route is live-only, and entering live mode asked for it. The user is signed out everywhere. An owner's own PIN is changed with `POST /v1/ui/pin` (it asks for the current PIN): here it is 409 `invalid_state`.
         */
        post: operations["pinUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a user: they can no longer sign in, and their sign-ins end at once (never the last owner) */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live RPC endpoints, confirmations and watch-only wallets */
        get: operations["listSettingsNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings/networks/{network}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Save a live network's RPC endpoint, API key, confirmations and commitment (applied at the next start)
         * @description What endpoint each network takes is its `rpc_hint` (GET /v1/settings/networks); `api_key` only where `api_key_header` is not null.
         */
        patch: operations["updateSettingsNetwork"];
        trace?: never;
    };
    "/v1/settings/wallets/{family}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a chain family's live watch-only wallet (EVM: the account xpub): new live sessions derive their deposit addresses from it at once
         * @description 409 `invalid_state` when the wallet was given at start (`--xpub FAMILY=…`, `--xpub-evm`, `STABLEPOS_XPUB_EVM`): what the deployment says wins. `/v1/settings/wallets/evm` is the EVM family's (Ethereum, BNB Smart Chain).
         */
        put: operations["setSettingsWallet"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings/printer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The network receipt printer */
        get: operations["getSettingsPrinter"];
        /** Set the network receipt printer (raw TCP, port 9100) and whether sales print when paid; null turns printing off */
        put: operations["setSettingsPrinter"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}/print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a session's receipt was printed, and why not */
        get: operations["getPaymentSessionPrint"];
        put?: never;
        /**
         * Print a paid session's receipt now on the network printer (the till's Print button and its retry)
         * @description Answers once the printer took the whole receipt (`status` `printed`). 503 `printer_unavailable` when the printer is off, unreachable or does not take the receipt within seconds (the attempt is recorded as `failed`: retry); 409 `invalid_state` when the session is not SUCCEEDED or no printer is set up.
         */
        post: operations["printPaymentSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current exchange rates against a base currency, with source and age
         * @description Rates between `base` and every other currency the app prices in, in the key's mode: test mode shows the fixed test table; live mode the owner's manual rates, the ECB's daily reference rates and USDT/USDC at 1:1. A pair with no usable rate has `rate: null` and an `unavailable_reason` (`missing`, or `stale` when the rate held is too old); a session priced in such a currency is refused with 503 `rate_unavailable`. See docs/rates.md.
         */
        get: operations["listRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Refunds, newest first (filter by `session_id`, `status`) */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Refund a session, in full (no amount) or in part
         * @description Pays back by the route of one confirmed payment (its network and coin) to its sender, or to `destination_address`. A sender that is a contract makes the refund REQUIRES_ACTION until a destination is confirmed. The refunds of a session that hold money (all but FAILED and CANCELED) never add up to more than it received: more is 409 `amount_too_large`; a session with no money to refund is 409 `invalid_state`. See docs/refunds.md.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a refund */
        get: operations["getRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a PENDING or REQUIRES_ACTION refund (its money is released) */
        post: operations["cancelRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/confirm_destination": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm where a REQUIRES_ACTION refund goes; it becomes PENDING */
        post: operations["confirmRefundDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refund_wallets/{family}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A chain family's refund wallet in the caller's mode
         * @description One wallet pays the refunds of every network of its family (`/v1/refund_wallets/evm` is every EVM network's), each refund on its payment's network. `networks` says, per network running in the caller's mode, how much of that network's gas coin and of each coin the wallet holds there, and whether that pays for a refund. See docs/refunds.md.
         */
        get: operations["getRefundWallet"];
        /**
         * Store a chain family's refund wallet private key, sealed at rest (never shown again)
         * @description Refunds created afterwards on the family's networks are signed and sent by this wallet; fund it with the coins and, on each network, that network's own coin for fees (`gas_coin` in `networks`). Refunds created before keep their payout method.
         */
        put: operations["setRefundWallet"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment/sessions/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The receipt of a paid session (JSON, a printable page, or ESC/POS bytes)
         * @description Only a SUCCEEDED session has a receipt: any other is 409 `invalid_state`. The receipt names the shop, the time in the shop's time zone, the lines or the amount, the tip and total, each payment (coin, network, amount, the rate locked at creation, transaction id and, in live mode, its explorer link) and the session's refunds. `format=html` answers a page 80 mm wide to print (no scripts, nothing fetched); `format=escpos` the ESC/POS bytes of the same receipt for an 80 mm thermal printer (docs/receipts.md).
         */
        get: operations["getPaymentSessionReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unmatched deposits, newest first (filter by `status`, `network`, `currency`, `created_gte`/`created_lt`)
         * @description Transfers into the merchant's accounts that paid no session. They are never in balances nor the ledger unless attributed. See docs/payments.md, "Unmatched deposits".
         */
        get: operations["listDeposits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve an unmatched deposit */
        get: operations["getDeposit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposits/{id}/attribute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attribute an unmatched deposit to a payment session: it counts toward the session as a payment
         * @description The deposit becomes a payment of the session (same mode, a coin the session takes), which the session's state machine counts as if the customer had paid it to the session when it arrived: it may complete a PENDING session, make a SUCCEEDED one OVERPAID, or an EXPIRED one PAID_LATE (then `resolve` it). Its confirmations are counted as any payment's. A deposit without the network's confirmations yet (`confirmed` false) is 409 `deposit_unconfirmed`: retry once it is confirmed. A deposit already attributed, refunded, dismissed, orphaned or with a refund under way is 409 `invalid_state`, as is a token the app does not support and a `wrong_asset` deposit (a contract the network does not offer: refund or dismiss it). The payment it makes is confirmed by the network's watcher on its next pass, never at once. See docs/payments.md, "Unmatched deposits".
         */
        post: operations["attributeDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposits/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an unmatched deposit to its sender, the exact amount by the route it came; returns the refund
         * @description Made through the refund machinery (docs/refunds.md): paid by the refund wallet or by hand, confirmed, retried, and never twice. The deposit shows `refund_id` at once and becomes `refunded` when the refund SUCCEEDS. A deposit without the network's confirmations yet is 409 `deposit_unconfirmed` (retry once `confirmed`); an orphaned one is 409 `invalid_state`. A token the app does not support cannot be paid out by the app: 409 `invalid_state` (send it back by hand, then dismiss the deposit). A `wrong_asset` deposit goes back by its own contract and decimals.
         */
        post: operations["refundDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposits/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dismiss an unmatched deposit with a note: kept out of balances for good */
        post: operations["dismissDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ui/sessions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user and when the sign-in ends if unused */
        get: operations["getCurrentUiSession"];
        put?: never;
        post?: never;
        /** Sign out: the token stops working at once */
        delete: operations["deleteCurrentUiSession"];
        options?: never;
        head?: never;
        /**
         * Switch this sign-in between test and live mode (owner)
         * @description Everything this sign-in reads and creates afterwards is of that mode; the app shows a banner in test mode. Switching to live asks for the signed-in owner's `pin` again (400 `parameter_missing` / `parameter_invalid` with `param: "pin"`; wrong PINs count towards the sign-in lockout, 429 `rate_limited`). Switching to test needs no PIN.
         */
        patch: operations["updateCurrentUiSession"];
        trace?: never;
    };
    "/v1/ui/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the signed-in user's own PIN (current PIN + new PIN); their other sign-ins end
         * @description Any signed-in user, owner or cashier, in either mode: the current PIN proves it is them, as a new sign-in would. A wrong `current_pin` is 400 `parameter_invalid` and counts towards the sign-in lockout (429 `rate_limited`); a weak `new_pin`, or the current one again, is 400 `parameter_invalid` (`param: "new_pin"`). Every other sign-in of the user ends at once (401 there); this one stays. An API key has no PIN: 409 `invalid_state`.
         */
        post: operations["pinUi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ui/live-readiness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether live mode can take payments, and what each live network still needs (owner, either mode) */
        get: operations["getUiLiveReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error400: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error";
                /** @enum {string} */
                code: "parameter_invalid" | "parameter_missing" | "parameter_unknown" | "invalid_json";
                message: string;
                param: string | null;
            };
        };
        Error401: {
            error: {
                /** @enum {string} */
                type: "authentication_error";
                /** @enum {string} */
                code: "api_key_missing" | "api_key_invalid";
                message: string;
                param: string | null;
            };
        };
        Error403: {
            error: {
                /** @enum {string} */
                type: "permission_error";
                /** @enum {string} */
                code: "merchant_mismatch" | "livemode_mismatch" | "role_forbidden" | "host_not_allowed" | "origin_not_allowed";
                message: string;
                param: string | null;
            };
        };
        Error404: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error";
                /** @enum {string} */
                code: "resource_missing" | "route_not_found";
                message: string;
                param: string | null;
            };
        };
        Error408: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error";
                /** @enum {string} */
                code: "request_timeout";
                message: string;
                param: string | null;
            };
        };
        Error409: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error" | "idempotency_error";
                /** @enum {string} */
                code: "invalid_state" | "amount_too_large" | "deposit_unconfirmed" | "idempotency_key_reused" | "idempotency_key_in_use";
                message: string;
                param: string | null;
            };
        };
        Error413: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error";
                /** @enum {string} */
                code: "payload_too_large";
                message: string;
                param: string | null;
            };
        };
        Error415: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error";
                /** @enum {string} */
                code: "content_type_invalid";
                message: string;
                param: string | null;
            };
        };
        Error429: {
            error: {
                /** @enum {string} */
                type: "rate_limit_error";
                /** @enum {string} */
                code: "rate_limited";
                message: string;
                param: string | null;
            };
        };
        Error431: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error";
                /** @enum {string} */
                code: "headers_too_large";
                message: string;
                param: string | null;
            };
        };
        Error500: {
            error: {
                /** @enum {string} */
                type: "api_error";
                /** @enum {string} */
                code: "internal_error";
                message: string;
                param: string | null;
            };
        };
        Error503: {
            error: {
                /** @enum {string} */
                type: "api_error";
                /** @enum {string} */
                code: "network_unavailable" | "rate_unavailable" | "printer_unavailable" | "service_unavailable" | "outcome_unknown" | "not_ready";
                message: string;
                param: string | null;
            };
        };
    };
    responses: {
        /** @description `parameter_invalid`, `parameter_missing`, `parameter_unknown`, `invalid_json`. The body is the contract's error object. */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error400"];
            };
        };
        /** @description `api_key_missing`, `api_key_invalid`. The body is the contract's error object. */
        Unauthorized: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error401"];
            };
        };
        /** @description `merchant_mismatch`, `livemode_mismatch`, `role_forbidden`, `host_not_allowed`, `origin_not_allowed`. The body is the contract's error object. */
        Forbidden: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error403"];
            };
        };
        /** @description `resource_missing`, `route_not_found`. The body is the contract's error object. */
        NotFound: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error404"];
            };
        };
        /** @description `request_timeout`. The body is the contract's error object. */
        RequestTimeout: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error408"];
            };
        };
        /** @description `invalid_state`, `amount_too_large`, `deposit_unconfirmed`, `idempotency_key_reused`, `idempotency_key_in_use`. The body is the contract's error object. */
        Conflict: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error409"];
            };
        };
        /** @description `payload_too_large`. The body is the contract's error object. */
        PayloadTooLarge: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error413"];
            };
        };
        /** @description `content_type_invalid`. The body is the contract's error object. */
        UnsupportedMediaType: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error415"];
            };
        };
        /** @description `rate_limited`. The body is the contract's error object. */
        TooManyRequests: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error429"];
            };
        };
        /** @description `headers_too_large`. The body is the contract's error object. */
        RequestHeaderFieldsTooLarge: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error431"];
            };
        };
        /** @description `internal_error`. The body is the contract's error object. */
        InternalServerError: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error500"];
            };
        };
        /** @description `network_unavailable`, `rate_unavailable`, `printer_unavailable`, `service_unavailable`, `outcome_unknown`, `not_ready`. The body is the contract's error object. */
        ServiceUnavailable: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error503"];
            };
        };
    };
    parameters: {
        /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description Names this request (`req_…`); on every response, success or failure. Quote it when reporting a problem. */
        RequestId: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: string;
        /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
        IdempotentReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            status: "ok";
                            /**
                             * @description The mode of the app's own UI.
                             * @enum {string}
                             */
                            mode: "test" | "live";
                            uptime_seconds: number;
                            /** @description Where customers' phones open the hosted checkout page: the base of every `payment_url` (`--public-url`, else the address the app listens on). The UI shows the page's QR code only when this is not a loopback address (docs/ui.md). */
                            payment_page_url: string;
                        };
                    };
                };
            };
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            status: "ready";
                            /** @description This instance (host:pid:random): the `leader` other instances show for what it leads. */
                            instance: string;
                            checks: {
                                /**
                                 * @description What is checked: the database, the timers, or one network's watcher in one mode.
                                 * @enum {string}
                                 */
                                name: "database" | "timers" | "watcher";
                                /** @description Watchers: the network. */
                                network?: string;
                                /**
                                 * @description Watchers: the mode.
                                 * @enum {string}
                                 */
                                mode?: "test" | "live";
                                /**
                                 * @description `ok`; `failing` (the database does not answer); `lagging` (a watcher led here has not completed a pass in time); `standby` (another instance leads it, or none this moment: never fails readiness).
                                 * @enum {string}
                                 */
                                status: "ok" | "failing" | "lagging" | "standby";
                                /** @description The status in words. */
                                detail: string;
                                leader?: string | null;
                                last_pass_at?: string | null;
                                last_head?: number | null;
                                last_error?: string | null;
                                /** @description Watchers led here, on networks scanned block by block (EVM, TRON): blocks between the last one applied and the head; above 0 while catching up. */
                                blocks_behind?: number;
                            }[];
                        };
                    };
                };
            };
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            /** @description A page saying the payment was not found. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            status: string;
                            status_text: string;
                            detail: string | null;
                            exception: string | null;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            expires_at: string;
                            success_url: string | null;
                            cancel_url: string | null;
                            payment_options: {
                                network: string;
                                network_name: string;
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin, decimal */
                                amount_due: string;
                                address: string;
                                reference: string | null;
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                network_name: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                amount: string;
                                confirmations: number;
                                status: string;
                                tx_hash: string;
                                explorer_url: string | null;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events: `session` with the status feed's answer (`GET /pay/{id}/status`, in the envelope) now and after every change. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            /** @description A page saying the receipt was not found. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description A page saying the payment is not complete yet, so there is no receipt. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCurrentDisplay: {
        parameters: {
            query?: {
                /** @description Which till (up to 32 of a–z, 0–9 and -): each till has a display of its own. */
                till?: string;
                /** @description Which mode's display to follow: `live` (the default: what customers see) or `test` (a till rehearsing in test mode, or a test key's). */
                mode?: "live" | "test";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events: `display` with `{session_id, payment_url, livemode}` in the envelope, now and on every change, for the till named in `till` (else the shared display), in live mode unless `mode=test`. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUiSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            needs_owner: boolean;
                        };
                    };
                };
            };
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setupUi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description 4–12 digits. */
                    pin: string;
                    /**
                     * @description The one-time code `stablepos serve` prints when it starts on a shop without an owner (or `stablepos users setup-code`); case, spaces and dashes do not count. Not needed from the desktop app's own window.
                     * @example 7KQ2-M9XD-4RTB
                     */
                    setup_code?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "ui_session";
                            /** @description Bearer token of this sign-in (`uit_…`): send it as `Authorization: Bearer …`. Shown once. */
                            token: string;
                            user: {
                                /** @example usr_… */
                                id: string;
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "cashier";
                            };
                            /** @description When the sign-in ends if unused; each use moves it on (owner 8 h, cashier 12 h by default). */
                            expires_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUiStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "cashier";
                            }[];
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createUiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user's name (any case) or id. */
                    user: string;
                    /** @description 4–12 digits. */
                    pin: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "ui_session";
                            /** @description Bearer token of this sign-in (`uit_…`): send it as `Authorization: Bearer …`. Shown once. */
                            token: string;
                            user: {
                                /** @example usr_… */
                                id: string;
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "cashier";
                            };
                            /** @description When the sign-in ends if unused; each use moves it on (owner 8 h, cashier 12 h by default). */
                            expires_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPaymentSessions: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                /** @description ISO 8601: created at or after. */
                created_gte?: string;
                /** @description ISO 8601: created before. */
                created_lt?: string;
                status?: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                /** @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC. */
                currency?: string;
                /** @description Sessions with a payment on this network. */
                network?: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                /** @description Sessions of exactly this amount, in any currency (e.g. `12.50`). */
                amount?: string;
                /** @description What a person remembers of a sale: sessions whose id starts with it (`ps_3kT`), whose description contains it (A–Z in any case), or, when it is a decimal, whose amount it is in any currency (as `amount`). */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                session_id: string;
                                /** @constant */
                                object: "payment_session";
                                /**
                                 * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                                 * @enum {string}
                                 */
                                status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                                exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                                /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                                payment_url: string;
                                merchant_id: string;
                                merchant_domain_id: string;
                                livemode: boolean;
                                amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                tip: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                amount_total: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                amount_received: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                amount_refunded: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                description: string | null;
                                client_reference_id: string | null;
                                metadata: {
                                    [key: string]: string;
                                };
                                line_items: {
                                    quantity: number;
                                    price_data: {
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        unit_amount: number;
                                        product_data: {
                                            name: string;
                                            description: string | null;
                                        };
                                    };
                                    /** @description quantity × unit_amount, minor units. */
                                    amount_total: number;
                                }[];
                                success_url: string | null;
                                cancel_url: string | null;
                                /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                                payment_options: {
                                    /** @enum {string} */
                                    network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                    /**
                                     * @example ERC-20
                                     * @example BEP-20
                                     */
                                    token_standard: string;
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                    amount_due: string;
                                    /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                    address: string;
                                    reference: string | null;
                                    /** @description The token's contract (Solana: its mint). */
                                    token_contract: string;
                                    /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                    uri: string;
                                    /** @description What the QR code of this option encodes: draw `payload`. */
                                    qr: {
                                        /**
                                         * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                         * @enum {string}
                                         */
                                        content: "uri" | "address";
                                        /** @description Exactly what to encode in the QR code. */
                                        payload: string;
                                    };
                                    rate: string | null;
                                    delayed: string | null;
                                }[];
                                payments: {
                                    network: string;
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    /** @description The network's transaction id (EVM: the transaction hash). */
                                    tx_hash: string;
                                    /** @description The transfer's event index (EVM: the log index). */
                                    log_index: number;
                                    block_number: number;
                                    from: string;
                                    /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                    amount: string;
                                    confirmations: number;
                                    /**
                                     * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                     * @enum {string}
                                     */
                                    status: "detected" | "confirmed" | "orphaned";
                                    explorer_url: string | null;
                                    /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                    created_at: string;
                                }[];
                                /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                                booked: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    /**
                                     * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                     * @example 12.500000
                                     */
                                    gross: string;
                                    /**
                                     * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                     * @example 0.000000
                                     */
                                    tip: string;
                                    /**
                                     * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                     * @example 0.287500
                                     */
                                    fee: string;
                                    /**
                                     * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                     * @example 0.000000
                                     */
                                    refunded: string;
                                    /**
                                     * @description gross − fee − refunded: what the session leaves in the balance.
                                     * @example 12.212500
                                     */
                                    net: string;
                                }[];
                                shift_id: string | null;
                                resolved_by: "owner" | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                expires_at: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPaymentSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Must be the API key's merchant (`GET /v1/merchant`). */
                    merchant_id: string;
                    amount: {
                        /**
                         * @description Decimal string, digits and at most one ".", no more decimals than the currency has (USD 2, JPY 0, USDT 6).
                         * @example 12.50
                         */
                        value: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        currency: string;
                    };
                    /** @description The customer's tip on top of `amount`, in the same currency (else 400). Default: no tip. It can be set later with `POST /v1/payment/sessions/{id}/tip`. */
                    tip?: {
                        /**
                         * @description Decimal string, at most the currency's decimals; "0" is no tip.
                         * @example 1.50
                         * @example 0
                         */
                        value: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        currency: string;
                    };
                    /** @description One of the merchant's domains; default: its first domain. */
                    merchant_domain_id?: string;
                    description?: string;
                    /** @description Your own reference (order number), returned as given. */
                    client_reference_id?: string;
                    /** @description Your own key-value pairs (up to 50 keys of ≤ 40 characters, values ≤ 500 characters), returned as given. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description ISO 8601 with a time zone; 1 minute to 24 hours from now. Default: the merchant's expiry (15 minutes). */
                    expires_at?: string;
                    /** @description Absolute http(s) URL. */
                    success_url?: string;
                    /** @description Absolute http(s) URL. */
                    cancel_url?: string;
                    /** @description The till charging the sale (its id, as `POST /v1/shifts` takes it): the sale then belongs to the till's open shift (`shift_id`); none open, to no shift. See docs/shifts.md. */
                    till?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportPaymentSessionsCsv: {
        parameters: {
            query?: {
                status?: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                /** @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC. */
                currency?: string;
                network?: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                amount?: string;
                /** @description What a person remembers of a sale: sessions whose id starts with it (`ps_3kT`), whose description contains it (A–Z in any case), or, when it is a decimal, whose amount it is in any currency (as `amount`). */
                search?: string;
                /** @description ISO 8601: created at or after. */
                created_gte?: string;
                /** @description ISO 8601: created before. */
                created_lt?: string;
                /** @description `plain` (default): RFC 4180, amounts as plain decimals. `excel`: the same columns, starting with a UTF-8 byte order mark (so Excel reads the file as UTF-8) and with every amount written as a text cell (`="12.50"`), which Excel shows exactly as written in every locale. */
                format?: "plain" | "excel";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8, CRLF line ends): the header line, then one row per session. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPaymentSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelPaymentSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    tipPaymentSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The tip, in the session's currency; `{"value":"0",…}` is "no tip". */
                    tip: {
                        /**
                         * @description Decimal string, at most the currency's decimals; "0" is no tip.
                         * @example 1.50
                         * @example 0
                         */
                        value: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        currency: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resolvePaymentSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPaymentSessionStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events: `session` with the session object (as `GET /v1/payment/sessions/{id}` has it, without the envelope). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                     * @example USD
                     * @example EUR
                     * @example USDT
                     */
                    currency: string;
                    /** @constant */
                    mode: "payment";
                    /** @description Total in the currency's minor units (1999 = 19.99 USD; 500 = ¥500). Must equal the line items' total; may be left out. */
                    amount?: number;
                    /** @description The customer's tip on top of `amount`, in the same currency's minor units (150 = 1.50 USD). Default 0: no tip. */
                    tip_amount?: number;
                    line_items: {
                        quantity: number;
                        price_data: {
                            /**
                             * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                             * @example USD
                             * @example EUR
                             * @example USDT
                             */
                            currency: string;
                            /** @description Price of one unit in minor units. */
                            unit_amount: number;
                            product_data: {
                                name: string;
                                description?: string;
                            };
                        };
                    }[];
                    /** @description One of the merchant's domains; default: its first domain. */
                    merchant_domain_id?: string;
                    description?: string;
                    /** @description Your own reference (order number), returned as given. */
                    client_reference_id?: string;
                    /** @description Your own key-value pairs (up to 50 keys of ≤ 40 characters, values ≤ 500 characters), returned as given. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description ISO 8601 with a time zone; 1 minute to 24 hours from now. Default: the merchant's expiry (15 minutes). */
                    expires_at?: string;
                    /** @description Absolute http(s) URL. */
                    success_url?: string;
                    /** @description Absolute http(s) URL. */
                    cancel_url?: string;
                    /** @description The till charging the sale (its id, as `POST /v1/shifts` takes it): the sale then belongs to the till's open shift (`shift_id`); none open, to no shift. See docs/shifts.md. */
                    till?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCheckoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string;
                            /** @constant */
                            object: "payment_session";
                            /**
                             * @description PENDING: nothing (enough) received; PROCESSING: payments cover the amount, confirming; SUCCEEDED: covered by confirmed payments (or resolved by the owner); EXPIRED: expires_at passed without full payment; CANCELED: canceled before any payment. PROCESSING returns to PENDING if a reorganisation drops a payment. See docs/payments.md.
                             * @enum {string}
                             */
                            status: "PENDING" | "PROCESSING" | "SUCCEEDED" | "EXPIRED" | "CANCELED";
                            exception: ("UNDERPAID" | "OVERPAID" | "PAID_LATE") | null;
                            /** @description Hosted checkout page for the customer (public; the id is unguessable). */
                            payment_url: string;
                            merchant_id: string;
                            merchant_domain_id: string;
                            livemode: boolean;
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_received: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            amount_refunded: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            description: string | null;
                            client_reference_id: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            line_items: {
                                quantity: number;
                                price_data: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    unit_amount: number;
                                    product_data: {
                                        name: string;
                                        description: string | null;
                                    };
                                };
                                /** @description quantity × unit_amount, minor units. */
                                amount_total: number;
                            }[];
                            success_url: string | null;
                            cancel_url: string | null;
                            /** @description One per enabled network × stablecoin (filled in by the chain integrations). */
                            payment_options: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @example ERC-20
                                 * @example BEP-20
                                 */
                                token_standard: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Still due in this coin (6 decimals); 0 once covered. Fiat-priced: the locked rate, rounded up to 0.01. */
                                amount_due: string;
                                /** @description Where the money is sent. EVM and TRON: the deposit address of this session (one per chain family: the same on every EVM network, so a payment sent on another EVM network the shop has on is found too). Solana: the merchant's wallet, the same for every session; the payment is told apart by `reference`. */
                                address: string;
                                reference: string | null;
                                /** @description The token's contract (Solana: its mint). */
                                token_contract: string;
                                /** @description Wallet request for exactly amount_due (EVM: EIP-681 in the token's base units, with the network's chain id and decimals (`decimals` in GET /v1/networks: 18 on BNB Smart Chain); TRON: `tron:`; Solana: a Solana Pay transfer request with `reference`, `label` and `message`). */
                                uri: string;
                                /** @description What the QR code of this option encodes: draw `payload`. */
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                };
                                rate: string | null;
                                delayed: string | null;
                            }[];
                            payments: {
                                network: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description The network's transaction id (EVM: the transaction hash). */
                                tx_hash: string;
                                /** @description The transfer's event index (EVM: the log index). */
                                log_index: number;
                                block_number: number;
                                from: string;
                                /** @description Amount of the coin received (6 decimals; 18-decimal dust below that is not counted). */
                                amount: string;
                                confirmations: number;
                                /**
                                 * @description orphaned: dropped by a chain reorganisation; counts for nothing.
                                 * @enum {string}
                                 */
                                status: "detected" | "confirmed" | "orphaned";
                                explorer_url: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            /** @description What the session put in the balance, per coin it was paid in. Empty until the session is SUCCEEDED (money is booked then). */
                            booked: {
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /**
                                 * @description Confirmed money booked in the balance (6 decimals), less refunds made before the session succeeded (they paid back money never booked; docs/balances.md, "Refunds before success").
                                 * @example 12.500000
                                 */
                                gross: string;
                                /**
                                 * @description The customer's tip inside `gross`, in this coin (docs/balances.md, "Tips"); 0 without a tip.
                                 * @example 0.000000
                                 */
                                tip: string;
                                /**
                                 * @description Fees taken from it (the percentage and the fixed fee; docs/balances.md).
                                 * @example 0.287500
                                 */
                                fee: string;
                                /**
                                 * @description Refunds paid back from it once the session had succeeded, less those that failed or were canceled.
                                 * @example 0.000000
                                 */
                                refunded: string;
                                /**
                                 * @description gross − fee − refunded: what the session leaves in the balance.
                                 * @example 12.212500
                                 */
                                net: string;
                            }[];
                            shift_id: string | null;
                            resolved_by: "owner" | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listShifts: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                /** @description The till's id (the till screen's own, 1 to 32 characters `a-z`, `0-9`, `-`). */
                till?: string;
                /** @description Shifts opened on this day (`YYYY-MM-DD`) in the shop's time zone. */
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "shift";
                                /**
                                 * @description `closed`: payments unconfirmed at close still settling; `reconciled`: all settled.
                                 * @enum {string}
                                 */
                                status: "open" | "closed" | "reconciled";
                                till: string;
                                livemode: boolean;
                                /** @description `ui:<user id>`, or the API key's id. */
                                opened_by: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                opened_at: string;
                                closed_by: string | null;
                                closed_at: string | null;
                                reconciled_at: string | null;
                                report: {
                                    /** @constant */
                                    object: "shift_report";
                                    /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                    generated_at: string;
                                    /** @enum {string} */
                                    reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                    sales: {
                                        /** @description Sessions charged on the till during the shift. */
                                        count: number;
                                        by_status: {
                                            PENDING: number;
                                            PROCESSING: number;
                                            SUCCEEDED: number;
                                            EXPIRED: number;
                                            CANCELED: number;
                                        };
                                        by_exception: {
                                            UNDERPAID: number;
                                            OVERPAID: number;
                                            PAID_LATE: number;
                                        };
                                    };
                                    /** @description Money per coin × network, in the coin. */
                                    by_coin_network: {
                                        /** @enum {string} */
                                        currency: "USDT" | "USDC";
                                        network: string;
                                        /** @description SUCCEEDED sales booked in this coin on this network. */
                                        sales: number;
                                        /** @description Payments booked (SUCCEEDED sales), tips included. */
                                        gross: string;
                                        /** @description The tips' share of `gross`. */
                                        tips: string;
                                        /** @description Refunds made that hold money (not failed or canceled). */
                                        refunds: string;
                                        /** @description Fees taken. */
                                        fees: string;
                                        /** @description gross − fees − refunds. Signed: `-` when negative. */
                                        net: string;
                                    }[];
                                    /** @description The same added up in the merchant's reporting currency. */
                                    reporting: {
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                        /** @description Payments booked (SUCCEEDED sales), tips included. */
                                        gross: string;
                                        /** @description The tips' share of `gross`. */
                                        tips: string;
                                        /** @description Refunds made that hold money (not failed or canceled). */
                                        refunds: string;
                                        /** @description Fees taken. */
                                        fees: string;
                                        /** @description gross − fees − refunds. Signed: `-` when negative. */
                                        net: string;
                                        /** @description The rate of each coin into the reporting currency used (the balance's rates at the report's time). */
                                        rates: {
                                            [key: string]: string;
                                        };
                                        /** @description Coins without a usable rate: left out of these sums. */
                                        missing_rates: ("USDT" | "USDC")[];
                                    };
                                    /** @description Per staff member who charged, in the reporting currency. */
                                    staff: {
                                        /** @description `ui:<user id>` for a staff member signed in to the app, else the API key's id. */
                                        staff: string;
                                        name: string;
                                        sessions: number;
                                        succeeded: number;
                                        /** @description Payments booked (SUCCEEDED sales), tips included. */
                                        gross: string;
                                        /** @description The tips' share of `gross`. */
                                        tips: string;
                                        /** @description Refunds made that hold money (not failed or canceled). */
                                        refunds: string;
                                        /** @description Fees taken. */
                                        fees: string;
                                        /** @description gross − fees − refunds. Signed: `-` when negative. */
                                        net: string;
                                    }[];
                                    /** @description What the till charged against what arrived on chain. */
                                    reconciliation: {
                                        charged: {
                                            /** @enum {string} */
                                            currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                            /** @description Totals asked (not canceled, not expired unpaid). */
                                            charged: string;
                                            /** @description What arrived. */
                                            received: string;
                                            /** @description received − charged. Signed: `-` when negative. */
                                            difference: string;
                                        }[];
                                        underpaid: {
                                            session_id: string;
                                            /** @enum {string} */
                                            currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                            /** @description What the session asked for: amount + tip. */
                                            amount_total: string;
                                            /** @description What arrived, in the session's currency. */
                                            amount_received: string;
                                            /** @description received − total. Signed: `-` when negative. */
                                            difference: string;
                                        }[];
                                        overpaid: {
                                            session_id: string;
                                            /** @enum {string} */
                                            currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                            /** @description What the session asked for: amount + tip. */
                                            amount_total: string;
                                            /** @description What arrived, in the session's currency. */
                                            amount_received: string;
                                            /** @description received − total. Signed: `-` when negative. */
                                            difference: string;
                                        }[];
                                        late: {
                                            session_id: string;
                                            /** @enum {string} */
                                            currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                            /** @description What the session asked for: amount + tip. */
                                            amount_total: string;
                                            /** @description What arrived, in the session's currency. */
                                            amount_received: string;
                                            /** @description received − total. Signed: `-` when negative. */
                                            difference: string;
                                        }[];
                                        /** @description Payments still short of their confirmations (at close; then as the report is updated). */
                                        unconfirmed: {
                                            payment_id: string;
                                            session_id: string;
                                            network: string;
                                            /** @enum {string} */
                                            currency: "USDT" | "USDC";
                                            amount: string;
                                            tx_id: string;
                                            confirmations: number;
                                        }[];
                                        /** @description Deposits that reached the shift's sales' addresses without paying them (GET /v1/deposits). */
                                        unmatched_deposits: {
                                            deposit_id: string;
                                            network: string;
                                            currency: ("USDT" | "USDC") | null;
                                            amount_base: string;
                                            decimals: number;
                                            to: string;
                                            tx_id: string;
                                            reason: string;
                                            status: string;
                                        }[];
                                    };
                                } | null;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createShift: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The till's id (the till screen's own, 1 to 32 characters `a-z`, `0-9`, `-`). */
                    till: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "shift";
                            /**
                             * @description `closed`: payments unconfirmed at close still settling; `reconciled`: all settled.
                             * @enum {string}
                             */
                            status: "open" | "closed" | "reconciled";
                            till: string;
                            livemode: boolean;
                            /** @description `ui:<user id>`, or the API key's id. */
                            opened_by: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            opened_at: string;
                            closed_by: string | null;
                            closed_at: string | null;
                            reconciled_at: string | null;
                            report: {
                                /** @constant */
                                object: "shift_report";
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                generated_at: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                sales: {
                                    /** @description Sessions charged on the till during the shift. */
                                    count: number;
                                    by_status: {
                                        PENDING: number;
                                        PROCESSING: number;
                                        SUCCEEDED: number;
                                        EXPIRED: number;
                                        CANCELED: number;
                                    };
                                    by_exception: {
                                        UNDERPAID: number;
                                        OVERPAID: number;
                                        PAID_LATE: number;
                                    };
                                };
                                /** @description Money per coin × network, in the coin. */
                                by_coin_network: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    network: string;
                                    /** @description SUCCEEDED sales booked in this coin on this network. */
                                    sales: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description The same added up in the merchant's reporting currency. */
                                reporting: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                    /** @description The rate of each coin into the reporting currency used (the balance's rates at the report's time). */
                                    rates: {
                                        [key: string]: string;
                                    };
                                    /** @description Coins without a usable rate: left out of these sums. */
                                    missing_rates: ("USDT" | "USDC")[];
                                };
                                /** @description Per staff member who charged, in the reporting currency. */
                                staff: {
                                    /** @description `ui:<user id>` for a staff member signed in to the app, else the API key's id. */
                                    staff: string;
                                    name: string;
                                    sessions: number;
                                    succeeded: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description What the till charged against what arrived on chain. */
                                reconciliation: {
                                    charged: {
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description Totals asked (not canceled, not expired unpaid). */
                                        charged: string;
                                        /** @description What arrived. */
                                        received: string;
                                        /** @description received − charged. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    underpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    overpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    late: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    /** @description Payments still short of their confirmations (at close; then as the report is updated). */
                                    unconfirmed: {
                                        payment_id: string;
                                        session_id: string;
                                        network: string;
                                        /** @enum {string} */
                                        currency: "USDT" | "USDC";
                                        amount: string;
                                        tx_id: string;
                                        confirmations: number;
                                    }[];
                                    /** @description Deposits that reached the shift's sales' addresses without paying them (GET /v1/deposits). */
                                    unmatched_deposits: {
                                        deposit_id: string;
                                        network: string;
                                        currency: ("USDT" | "USDC") | null;
                                        amount_base: string;
                                        decimals: number;
                                        to: string;
                                        tx_id: string;
                                        reason: string;
                                        status: string;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getShift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "shift";
                            /**
                             * @description `closed`: payments unconfirmed at close still settling; `reconciled`: all settled.
                             * @enum {string}
                             */
                            status: "open" | "closed" | "reconciled";
                            till: string;
                            livemode: boolean;
                            /** @description `ui:<user id>`, or the API key's id. */
                            opened_by: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            opened_at: string;
                            closed_by: string | null;
                            closed_at: string | null;
                            reconciled_at: string | null;
                            report: {
                                /** @constant */
                                object: "shift_report";
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                generated_at: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                sales: {
                                    /** @description Sessions charged on the till during the shift. */
                                    count: number;
                                    by_status: {
                                        PENDING: number;
                                        PROCESSING: number;
                                        SUCCEEDED: number;
                                        EXPIRED: number;
                                        CANCELED: number;
                                    };
                                    by_exception: {
                                        UNDERPAID: number;
                                        OVERPAID: number;
                                        PAID_LATE: number;
                                    };
                                };
                                /** @description Money per coin × network, in the coin. */
                                by_coin_network: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    network: string;
                                    /** @description SUCCEEDED sales booked in this coin on this network. */
                                    sales: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description The same added up in the merchant's reporting currency. */
                                reporting: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                    /** @description The rate of each coin into the reporting currency used (the balance's rates at the report's time). */
                                    rates: {
                                        [key: string]: string;
                                    };
                                    /** @description Coins without a usable rate: left out of these sums. */
                                    missing_rates: ("USDT" | "USDC")[];
                                };
                                /** @description Per staff member who charged, in the reporting currency. */
                                staff: {
                                    /** @description `ui:<user id>` for a staff member signed in to the app, else the API key's id. */
                                    staff: string;
                                    name: string;
                                    sessions: number;
                                    succeeded: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description What the till charged against what arrived on chain. */
                                reconciliation: {
                                    charged: {
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description Totals asked (not canceled, not expired unpaid). */
                                        charged: string;
                                        /** @description What arrived. */
                                        received: string;
                                        /** @description received − charged. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    underpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    overpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    late: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    /** @description Payments still short of their confirmations (at close; then as the report is updated). */
                                    unconfirmed: {
                                        payment_id: string;
                                        session_id: string;
                                        network: string;
                                        /** @enum {string} */
                                        currency: "USDT" | "USDC";
                                        amount: string;
                                        tx_id: string;
                                        confirmations: number;
                                    }[];
                                    /** @description Deposits that reached the shift's sales' addresses without paying them (GET /v1/deposits). */
                                    unmatched_deposits: {
                                        deposit_id: string;
                                        network: string;
                                        currency: ("USDT" | "USDC") | null;
                                        amount_base: string;
                                        decimals: number;
                                        to: string;
                                        tx_id: string;
                                        reason: string;
                                        status: string;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    closeShift: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "shift";
                            /**
                             * @description `closed`: payments unconfirmed at close still settling; `reconciled`: all settled.
                             * @enum {string}
                             */
                            status: "open" | "closed" | "reconciled";
                            till: string;
                            livemode: boolean;
                            /** @description `ui:<user id>`, or the API key's id. */
                            opened_by: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            opened_at: string;
                            closed_by: string | null;
                            closed_at: string | null;
                            reconciled_at: string | null;
                            report: {
                                /** @constant */
                                object: "shift_report";
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                generated_at: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                sales: {
                                    /** @description Sessions charged on the till during the shift. */
                                    count: number;
                                    by_status: {
                                        PENDING: number;
                                        PROCESSING: number;
                                        SUCCEEDED: number;
                                        EXPIRED: number;
                                        CANCELED: number;
                                    };
                                    by_exception: {
                                        UNDERPAID: number;
                                        OVERPAID: number;
                                        PAID_LATE: number;
                                    };
                                };
                                /** @description Money per coin × network, in the coin. */
                                by_coin_network: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    network: string;
                                    /** @description SUCCEEDED sales booked in this coin on this network. */
                                    sales: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description The same added up in the merchant's reporting currency. */
                                reporting: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                    /** @description The rate of each coin into the reporting currency used (the balance's rates at the report's time). */
                                    rates: {
                                        [key: string]: string;
                                    };
                                    /** @description Coins without a usable rate: left out of these sums. */
                                    missing_rates: ("USDT" | "USDC")[];
                                };
                                /** @description Per staff member who charged, in the reporting currency. */
                                staff: {
                                    /** @description `ui:<user id>` for a staff member signed in to the app, else the API key's id. */
                                    staff: string;
                                    name: string;
                                    sessions: number;
                                    succeeded: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description What the till charged against what arrived on chain. */
                                reconciliation: {
                                    charged: {
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description Totals asked (not canceled, not expired unpaid). */
                                        charged: string;
                                        /** @description What arrived. */
                                        received: string;
                                        /** @description received − charged. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    underpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    overpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    late: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    /** @description Payments still short of their confirmations (at close; then as the report is updated). */
                                    unconfirmed: {
                                        payment_id: string;
                                        session_id: string;
                                        network: string;
                                        /** @enum {string} */
                                        currency: "USDT" | "USDC";
                                        amount: string;
                                        tx_id: string;
                                        confirmations: number;
                                    }[];
                                    /** @description Deposits that reached the shift's sales' addresses without paying them (GET /v1/deposits). */
                                    unmatched_deposits: {
                                        deposit_id: string;
                                        network: string;
                                        currency: ("USDT" | "USDC") | null;
                                        amount_base: string;
                                        decimals: number;
                                        to: string;
                                        tx_id: string;
                                        reason: string;
                                        status: string;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    printShift: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "shift_report_print";
                            shift_id: string;
                            livemode: boolean;
                            /**
                             * @description The printer took the whole report (a failure is 503 `printer_unavailable` instead).
                             * @constant
                             */
                            status: "printed";
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            printed_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReportsDaily: {
        parameters: {
            query?: {
                /** @description The day (`YYYY-MM-DD`) in the shop's time zone; default today there. A date the calendar does not have is 400 `parameter_invalid` (`param: "date"`). */
                date?: string;
                /** @description `json` (default); `csv`: the report's lines as CSV (docs/reports.md, "CSV"); `html`: a printable page that loads nothing. */
                format?: "json" | "csv" | "html";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report: JSON in the envelope (default), CSV (`format=csv`) or an HTML page (`format=html`). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        /** @description The shop's Z-report for one day (docs/reports.md). */
                        data: {
                            /** @constant */
                            object: "daily_report";
                            /** @description `YYYY-MM-DD` in `time_zone`. */
                            date: string;
                            /** @description The shop's time zone (`PATCH /v1/merchant`). */
                            time_zone: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            starts_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            ends_at: string;
                            /** @enum {string} */
                            reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                            /** @description The shift's report (docs/shifts.md): frozen at close, updated until the shift is reconciled; an open shift's `GET` shows it so far (null in lists and in `shift.opened`). */
                            totals: {
                                /** @constant */
                                object: "shift_report";
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                generated_at: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                sales: {
                                    /** @description Sessions charged on the till during the shift. */
                                    count: number;
                                    by_status: {
                                        PENDING: number;
                                        PROCESSING: number;
                                        SUCCEEDED: number;
                                        EXPIRED: number;
                                        CANCELED: number;
                                    };
                                    by_exception: {
                                        UNDERPAID: number;
                                        OVERPAID: number;
                                        PAID_LATE: number;
                                    };
                                };
                                /** @description Money per coin × network, in the coin. */
                                by_coin_network: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    network: string;
                                    /** @description SUCCEEDED sales booked in this coin on this network. */
                                    sales: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description The same added up in the merchant's reporting currency. */
                                reporting: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL";
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                    /** @description The rate of each coin into the reporting currency used (the balance's rates at the report's time). */
                                    rates: {
                                        [key: string]: string;
                                    };
                                    /** @description Coins without a usable rate: left out of these sums. */
                                    missing_rates: ("USDT" | "USDC")[];
                                };
                                /** @description Per staff member who charged, in the reporting currency. */
                                staff: {
                                    /** @description `ui:<user id>` for a staff member signed in to the app, else the API key's id. */
                                    staff: string;
                                    name: string;
                                    sessions: number;
                                    succeeded: number;
                                    /** @description Payments booked (SUCCEEDED sales), tips included. */
                                    gross: string;
                                    /** @description The tips' share of `gross`. */
                                    tips: string;
                                    /** @description Refunds made that hold money (not failed or canceled). */
                                    refunds: string;
                                    /** @description Fees taken. */
                                    fees: string;
                                    /** @description gross − fees − refunds. Signed: `-` when negative. */
                                    net: string;
                                }[];
                                /** @description What the till charged against what arrived on chain. */
                                reconciliation: {
                                    charged: {
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description Totals asked (not canceled, not expired unpaid). */
                                        charged: string;
                                        /** @description What arrived. */
                                        received: string;
                                        /** @description received − charged. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    underpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    overpaid: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    late: {
                                        session_id: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                        /** @description What the session asked for: amount + tip. */
                                        amount_total: string;
                                        /** @description What arrived, in the session's currency. */
                                        amount_received: string;
                                        /** @description received − total. Signed: `-` when negative. */
                                        difference: string;
                                    }[];
                                    /** @description Payments still short of their confirmations (at close; then as the report is updated). */
                                    unconfirmed: {
                                        payment_id: string;
                                        session_id: string;
                                        network: string;
                                        /** @enum {string} */
                                        currency: "USDT" | "USDC";
                                        amount: string;
                                        tx_id: string;
                                        confirmations: number;
                                    }[];
                                    /** @description Deposits that reached the shift's sales' addresses without paying them (GET /v1/deposits). */
                                    unmatched_deposits: {
                                        deposit_id: string;
                                        network: string;
                                        currency: ("USDT" | "USDC") | null;
                                        amount_base: string;
                                        decimals: number;
                                        to: string;
                                        tx_id: string;
                                        reason: string;
                                        status: string;
                                    }[];
                                };
                            };
                            /** @description 24 buckets, 00 to 23 local time (on a day a daylight-saving change repeats an hour, both land in one bucket). */
                            by_hour: {
                                /** @description Local hour of the sessions' creation. */
                                hour: number;
                                sessions: number;
                                succeeded: number;
                                /** @description Booked money of the hour's sales, in the reporting currency. */
                                gross: string;
                                tips: string;
                            }[];
                            /** @description Money per network, in the reporting currency. */
                            by_network: {
                                network: string;
                                sales: number;
                                gross: string;
                                tips: string;
                                refunds: string;
                                fees: string;
                                /** @description gross − fees − refunds, signed. */
                                net: string;
                            }[];
                            /** @description Sales charged outside any shift. */
                            outside_shifts: {
                                /** @description Sessions created that day in no shift: counted in `totals` too. */
                                sales: number;
                                /** @description Per pricing currency: what was asked against what arrived. */
                                charged: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    charged: string;
                                    received: string;
                                    /** @description received − charged, signed. */
                                    difference: string;
                                }[];
                            };
                            /** @description The shifts open at some time that day, with their own report's differences (a shift spanning midnight: its whole report). */
                            shifts: {
                                id: string;
                                till: string;
                                /** @enum {string} */
                                status: "open" | "closed" | "reconciled";
                                opened_by: string;
                                /** @description The staff member's name, or the API key's id. */
                                name: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                opened_at: string;
                                closed_at: string | null;
                                /** @description The shift's sessions created that day. */
                                sales_today: number;
                                /** @description Per pricing currency: what was asked against what arrived. */
                                charged: {
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    charged: string;
                                    received: string;
                                    /** @description received − charged, signed. */
                                    difference: string;
                                }[];
                                underpaid: number;
                                overpaid: number;
                                late: number;
                                unconfirmed: number;
                                unmatched_deposits: number;
                            }[];
                        };
                    };
                    "text/csv": string;
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            merchant_id: string;
                            /** @constant */
                            object: "merchant";
                            name: string;
                            /** @description The mode of the key that asked. */
                            livemode: boolean;
                            domains: {
                                merchant_domain_id: string;
                                domain: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            settings: {
                                time_zone: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                /** @enum {string} */
                                default_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                fee: {
                                    /** @example 1.5 */
                                    percent: string;
                                    fixed: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                };
                                session_expiry_seconds: number;
                                monitoring_window_seconds: number;
                                settlement_currency: ("USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC") | null;
                                conversion_fee: {
                                    /** @example 0.5 */
                                    percent: string;
                                };
                                /** @description docs/payments.md, "Tips". "No tip" is always offered. */
                                tips: {
                                    /** @description The till offers tips after the cashier charges. */
                                    enabled: boolean;
                                    /** @description Preset percentages of the amount the till offers, in this order. */
                                    percentages: number[];
                                    /** @description The customer may also type an amount of their own. */
                                    custom: boolean;
                                };
                            };
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    settings?: {
                        /** @description IANA time zone (e.g. `Europe/Berlin`): settlement is at 00:00 of the next day there. */
                        time_zone?: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        reporting_currency?: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        default_currency?: string;
                        fee?: {
                            /** @description Decimal percentage with up to 2 decimals, 0–100 (e.g. "1.5"). */
                            percent?: string;
                            fixed?: {
                                /**
                                 * @description USD per payment, e.g. "0.10".
                                 * @example 0.10
                                 */
                                value: string;
                                /** @constant */
                                currency: "USD";
                            };
                        };
                        settlement_currency?: string | null;
                        conversion_fee?: {
                            /** @description Decimal percentage with up to 2 decimals, 0–100 (e.g. "1.5"). */
                            percent: string;
                        };
                        /** @description Default lifetime of a new session, 1 minute to 24 hours. */
                        session_expiry_seconds?: number;
                        /** @description How long after expiry payments are still watched for (PAID_LATE), up to 7 days. */
                        monitoring_window_seconds?: number;
                        tips?: {
                            enabled?: boolean;
                            /** @description Up to 3 preset percentages, all different (e.g. [10, 15, 20]); [] offers none. */
                            percentages?: number[];
                            custom?: boolean;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            merchant_id: string;
                            /** @constant */
                            object: "merchant";
                            name: string;
                            /** @description The mode of the key that asked. */
                            livemode: boolean;
                            domains: {
                                merchant_domain_id: string;
                                domain: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            settings: {
                                time_zone: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                /** @enum {string} */
                                default_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                fee: {
                                    /** @example 1.5 */
                                    percent: string;
                                    fixed: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                };
                                session_expiry_seconds: number;
                                monitoring_window_seconds: number;
                                settlement_currency: ("USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC") | null;
                                conversion_fee: {
                                    /** @example 0.5 */
                                    percent: string;
                                };
                                /** @description docs/payments.md, "Tips". "No tip" is always offered. */
                                tips: {
                                    /** @description The till offers tips after the cashier charges. */
                                    enabled: boolean;
                                    /** @description Preset percentages of the amount the till offers, in this order. */
                                    percentages: number[];
                                    /** @description The customer may also type an amount of their own. */
                                    custom: boolean;
                                };
                            };
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMerchantDomain: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example shop.example */
                    domain: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            merchant_id: string;
                            /** @constant */
                            object: "merchant";
                            name: string;
                            /** @description The mode of the key that asked. */
                            livemode: boolean;
                            domains: {
                                merchant_domain_id: string;
                                domain: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            settings: {
                                time_zone: string;
                                /** @enum {string} */
                                reporting_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                /** @enum {string} */
                                default_currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                fee: {
                                    /** @example 1.5 */
                                    percent: string;
                                    fixed: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                };
                                session_expiry_seconds: number;
                                monitoring_window_seconds: number;
                                settlement_currency: ("USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC") | null;
                                conversion_fee: {
                                    /** @example 0.5 */
                                    percent: string;
                                };
                                /** @description docs/payments.md, "Tips". "No tip" is always offered. */
                                tips: {
                                    /** @description The till offers tips after the cashier charges. */
                                    enabled: boolean;
                                    /** @description Preset percentages of the amount the till offers, in this order. */
                                    percentages: number[];
                                    /** @description The customer may also type an amount of their own. */
                                    custom: boolean;
                                };
                            };
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNetworks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                /**
                                 * @description Every network of the chain families this app has (docs/architecture.md).
                                 * @enum {string}
                                 */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @description Its chain family: networks of one family share the wallet, the deposit addresses and the refund wallet.
                                 * @enum {string}
                                 */
                                family: "evm" | "tron" | "solana";
                                name: string;
                                token_standard: string;
                                /**
                                 * @description not_configured: no RPC URL is set for this mode (live: the network needs an RPC endpoint); unreachable: the RPC did not answer lately; off: the network is switched off in this mode: never offered, never watched (`enabled`).
                                 * @enum {string}
                                 */
                                status: "ready" | "not_configured" | "unreachable" | "off";
                                /** @description Whether the network runs in this mode from the next start: in test mode its devnet, in live mode its RPC endpoint's watcher. Off: no payment options, no watcher, even with an endpoint saved. */
                                enabled: boolean;
                                set_at_start: string | null;
                                /** @description `enabled` differs from what runs now: restart the app to apply it. */
                                applies_at_next_start: boolean;
                                chain_id: number | null;
                                /** @description A local test chain the app runs itself (test mode). */
                                devnet: boolean;
                                rpc_url: string | null;
                                /** @description Confirmations a payment needs (Solana: 1, counted at `commitment`). */
                                confirmations: number;
                                commitment: string | null;
                                /** @description The coins offered on the network in this mode (USDC is not offered on TRON: Circle ended it there in February 2025). */
                                tokens: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    /** @description The token's contract (Solana: its mint). */
                                    contract: string;
                                    decimals: number;
                                    /** @description Whether sessions offer the coin now. False on Solana while the merchant's wallet has no token account for it (wallets cannot pay into a missing one). */
                                    payable: boolean;
                                    unpayable_reason: string | null;
                                }[];
                                last_block: number | null;
                                last_checked_at: string | null;
                                last_error: string | null;
                                behind: number | null;
                                /** @description The watcher is further behind than `confirmations`: payments on this network show late until it catches up, and its payment options say so (`payment_options[].delayed`). */
                                delayed: boolean;
                                /** @description Each RPC endpoint the watcher uses, with the limits it met; empty before the watcher reports them, and for the app's own test chains. */
                                endpoints: {
                                    url: string | null;
                                    /**
                                     * @description `backing_off`: it refused or failed lately and the app waits before asking again; `set_aside`: not used (another chain, a head far behind the others), see `reason`.
                                     * @enum {string}
                                     */
                                    state: "ok" | "backing_off" | "set_aside";
                                    reason: string | null;
                                    requests: number;
                                    /** @description Requests answered 429 Too Many Requests. */
                                    rate_limited: number;
                                    /** @description Requests that failed otherwise (5xx, dropped, refused). */
                                    failures: number;
                                    requests_per_second: number | null;
                                    log_range: number | null;
                                    /** @description It refused larger ranges: `log_range` is its cap. */
                                    log_range_capped: boolean;
                                    head: number | null;
                                    latency_ms: number | null;
                                }[];
                                advice: string | null;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "network_switch";
                            /** @enum {string} */
                            network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                            livemode: boolean;
                            /** @description Whether the network runs in this mode from the next start: in test mode its devnet, in live mode its RPC endpoint's watcher. Off: no payment options, no watcher, even with an endpoint saved. */
                            enabled: boolean;
                            set_at_start: string | null;
                            /** @description `enabled` differs from what runs now: restart the app to apply it. */
                            applies_at_next_start: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rpcNetworkCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The endpoint, as it would be saved in Settings (TRON: the node's base URL). http or https. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "rpc_check";
                            /** @enum {string} */
                            network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                            /** @enum {string} */
                            verdict: "usable" | "usable_with_limits" | "not_usable";
                            /** @description The verdict in words: "not usable: serves chain id 31337, not 1", "usable with limits: serves at most 5 blocks of logs per request". */
                            summary: string;
                            chain_id: string | null;
                            head: number | null;
                            lag: number | null;
                            log_range: number | null;
                            latency_ms: number | null;
                            /** @description Rate-limit headers it sent (`x-ratelimit-*`, `ratelimit-*`, `retry-after`), as "name: value". */
                            rate_limit_headers: string[];
                            /** @description What makes it unusable, in words. */
                            problems: string[];
                            /** @description What makes it slower without losing payments. */
                            limits: string[];
                            /** @description What to change. */
                            advice: string[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                /** @example we_4f9QeXz0aBcDeFgHiJkLmNoP */
                                id: string;
                                /** @constant */
                                object: "webhook_endpoint";
                                url: string;
                                description: string | null;
                                enabled_events: string[];
                                /** @enum {string} */
                                status: "enabled" | "disabled";
                                disabled_reason: ("gone" | "manual") | null;
                                livemode: boolean;
                                secret_rotated_until: string | null;
                                owner_confirmed_at?: string | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Absolute URL: https anywhere; plain http only for loopback, private network addresses (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10) and `.local` names. No credentials.
                     * @example https://shop.example/webhooks/stablepos
                     * @example http://192.168.1.20:8080/hooks
                     */
                    url: string;
                    /**
                     * @description Event types to receive, or `["*"]` for all: payment_session.created, payment_session.payment_detected, payment_session.payment_orphaned, payment_session.processing, payment_session.succeeded, payment_session.expired, payment_session.canceled, payment_session.exception, refund.created, refund.processing, refund.succeeded, refund.failed, deposit.unmatched, deposit.attributed, deposit.refunded, deposit.dismissed, deposit.orphaned, balance.available, shift.opened, shift.closed, shift.reconciled.
                     * @example [
                     *       "payment_session.succeeded",
                     *       "payment_session.expired"
                     *     ]
                     * @example [
                     *       "*"
                     *     ]
                     */
                    enabled_events: string[];
                    description?: string | null;
                    /**
                     * @description Default `enabled`.
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @example we_4f9QeXz0aBcDeFgHiJkLmNoP */
                            id: string;
                            /** @constant */
                            object: "webhook_endpoint";
                            url: string;
                            description: string | null;
                            enabled_events: string[];
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabled_reason: ("gone" | "manual") | null;
                            livemode: boolean;
                            secret_rotated_until: string | null;
                            owner_confirmed_at?: string | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                            /** @description `whsec_` + base64 key for verifying signatures (Standard Webhooks). Shown only here: store it now. */
                            secret: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @example we_4f9QeXz0aBcDeFgHiJkLmNoP */
                            id: string;
                            /** @constant */
                            object: "webhook_endpoint";
                            url: string;
                            description: string | null;
                            enabled_events: string[];
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabled_reason: ("gone" | "manual") | null;
                            livemode: boolean;
                            secret_rotated_until: string | null;
                            owner_confirmed_at?: string | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "webhook_endpoint";
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Absolute URL: https anywhere; plain http only for loopback, private network addresses (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10) and `.local` names. No credentials.
                     * @example https://shop.example/webhooks/stablepos
                     * @example http://192.168.1.20:8080/hooks
                     */
                    url?: string;
                    /**
                     * @description Event types to receive, or `["*"]` for all: payment_session.created, payment_session.payment_detected, payment_session.payment_orphaned, payment_session.processing, payment_session.succeeded, payment_session.expired, payment_session.canceled, payment_session.exception, refund.created, refund.processing, refund.succeeded, refund.failed, deposit.unmatched, deposit.attributed, deposit.refunded, deposit.dismissed, deposit.orphaned, balance.available, shift.opened, shift.closed, shift.reconciled.
                     * @example [
                     *       "payment_session.succeeded",
                     *       "payment_session.expired"
                     *     ]
                     * @example [
                     *       "*"
                     *     ]
                     */
                    enabled_events?: string[];
                    description?: string | null;
                    /**
                     * @description `enabled` also re-enables an endpoint disabled by a `410 Gone` (and clears `disabled_reason`).
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @example we_4f9QeXz0aBcDeFgHiJkLmNoP */
                            id: string;
                            /** @constant */
                            object: "webhook_endpoint";
                            url: string;
                            description: string | null;
                            enabled_events: string[];
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabled_reason: ("gone" | "manual") | null;
                            livemode: boolean;
                            secret_rotated_until: string | null;
                            owner_confirmed_at?: string | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @example we_4f9QeXz0aBcDeFgHiJkLmNoP */
                            id: string;
                            /** @constant */
                            object: "webhook_endpoint";
                            url: string;
                            description: string | null;
                            enabled_events: string[];
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabled_reason: ("gone" | "manual") | null;
                            livemode: boolean;
                            secret_rotated_until: string | null;
                            owner_confirmed_at?: string | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                            /** @description `whsec_` + base64 key for verifying signatures (Standard Webhooks). Shown only here: store it now. */
                            secret: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    confirmWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The URL the owner was shown and confirms: 409 `invalid_state` if the endpoint has another one now. */
                    url: string;
                    /** @description The signed-in owner's PIN, asked again (4–12 digits). */
                    pin?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @example we_4f9QeXz0aBcDeFgHiJkLmNoP */
                            id: string;
                            /** @constant */
                            object: "webhook_endpoint";
                            url: string;
                            description: string | null;
                            enabled_events: string[];
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabled_reason: ("gone" | "manual") | null;
                            livemode: boolean;
                            secret_rotated_until: string | null;
                            owner_confirmed_at?: string | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "webhook_delivery";
                            webhook_endpoint_id: string;
                            /** @description Also the `webhook-id` header of every attempt. */
                            event_id: string;
                            event_type: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempt_count: number;
                            next_attempt_at: string | null;
                            last_status_code: number | null;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            completed_at: string | null;
                            /** @description Every attempt, oldest first (at most 10). */
                            attempts: {
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                attempted_at: string;
                                status_code: number | null;
                                duration_ms: number;
                                response_body: string | null;
                                error: string | null;
                                /** @description The request went to a non-public address (loopback, private, link-local; judged by the address connected to) of an endpoint the owner has not confirmed: only the status code and duration were kept (docs/webhooks.md). */
                                answer_hidden: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpointDeliveries: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                status?: "pending" | "succeeded" | "failed";
                event_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "webhook_delivery";
                                webhook_endpoint_id: string;
                                /** @description Also the `webhook-id` header of every attempt. */
                                event_id: string;
                                event_type: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                                attempt_count: number;
                                next_attempt_at: string | null;
                                last_status_code: number | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                completed_at: string | null;
                                /** @description Every attempt, oldest first (at most 10). */
                                attempts: {
                                    /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                    attempted_at: string;
                                    status_code: number | null;
                                    duration_ms: number;
                                    response_body: string | null;
                                    error: string | null;
                                    /** @description The request went to a non-public address (loopback, private, link-local; judged by the address connected to) of an endpoint the owner has not confirmed: only the status code and duration were kept (docs/webhooks.md). */
                                    answer_hidden: boolean;
                                }[];
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                /** @description ISO 8601: created at or after. */
                created_gte?: string;
                /** @description ISO 8601: created before. */
                created_lt?: string;
                /** @description Exact type, or a prefix with `.*`: `payment_session.*`. */
                type?: string;
                /** @description Only events about this object (e.g. a session id). */
                object_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                /**
                                 * @description Also the `webhook-id` header of its deliveries.
                                 * @example evt_4f9QeXz0aBcDeFgHiJkLmNoP
                                 */
                                id: string;
                                /** @description One of payment_session.created, payment_session.payment_detected, payment_session.payment_orphaned, payment_session.processing, payment_session.succeeded, payment_session.expired, payment_session.canceled, payment_session.exception, refund.created, refund.processing, refund.succeeded, refund.failed, deposit.unmatched, deposit.attributed, deposit.refunded, deposit.dismissed, deposit.orphaned, balance.available, shift.opened, shift.closed, shift.reconciled, or webhook_endpoint.test. */
                                type: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                livemode: boolean;
                                data: {
                                    /** @description The object as it was when the event happened (a payment session, or for a test event the endpoint). */
                                    object: unknown;
                                };
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /**
                             * @description Also the `webhook-id` header of its deliveries.
                             * @example evt_4f9QeXz0aBcDeFgHiJkLmNoP
                             */
                            id: string;
                            /** @description One of payment_session.created, payment_session.payment_detected, payment_session.payment_orphaned, payment_session.processing, payment_session.succeeded, payment_session.expired, payment_session.canceled, payment_session.exception, refund.created, refund.processing, refund.succeeded, refund.failed, deposit.unmatched, deposit.attributed, deposit.refunded, deposit.dismissed, deposit.orphaned, balance.available, shift.opened, shift.closed, shift.reconciled, or webhook_endpoint.test. */
                            type: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            livemode: boolean;
                            data: {
                                /** @description The object as it was when the event happened (a payment session, or for a test event the endpoint). */
                                object: unknown;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resendEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Only to this endpoint; default every enabled endpoint subscribed to the event. */
                    webhook_endpoint_id?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "webhook_delivery";
                                webhook_endpoint_id: string;
                                /** @description Also the `webhook-id` header of every attempt. */
                                event_id: string;
                                event_type: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                                attempt_count: number;
                                next_attempt_at: string | null;
                                last_status_code: number | null;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                completed_at: string | null;
                                /** @description Every attempt, oldest first (at most 10). */
                                attempts: {
                                    /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                    attempted_at: string;
                                    status_code: number | null;
                                    duration_ms: number;
                                    response_body: string | null;
                                    error: string | null;
                                    /** @description The request went to a non-public address (loopback, private, link-local; judged by the address connected to) of an endpoint the owner has not confirmed: only the status code and duration were kept (docs/webhooks.md). */
                                    answer_hidden: boolean;
                                }[];
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "balance";
                            livemode: boolean;
                            /** @description One funds account per currency held: USDT and USDC always, fiat ones once a conversion made them. */
                            accounts: {
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                available: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                pending: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                            }[];
                            /** @description Every account valued in the reporting currency at current rates (rounded half-up). */
                            total: {
                                /**
                                 * @description The merchant's reporting currency.
                                 * @enum {string}
                                 */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                available: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                pending: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                /** @description Currencies left out of the total because no rate to the reporting currency is available. */
                                missing_rates: string[];
                            };
                            /** @description Pending funds and when they become available, soonest first. */
                            upcoming_settlements: {
                                id: string;
                                /** @constant */
                                object: "settlement";
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                available_on: string;
                                entry_count: number;
                                /** @enum {string} */
                                status: "scheduled" | "settled";
                                settled_at: string | null;
                                livemode: boolean;
                            }[];
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBalanceSummary: {
        parameters: {
            query?: {
                /** @description Calendar days of the daily series, today included (default 30). */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "balance_summary";
                            livemode: boolean;
                            /** @description The merchant's time zone, in which the days of `days` are counted. */
                            time_zone: string;
                            /** @description Each funds account of `GET /v1/balance`, its pending and available money in parts; each `net` equals the account's amount. */
                            accounts: {
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                /** @description net = gross − fees − refunds + conversions. */
                                pending: {
                                    gross: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    /** @description The customers' tips inside `gross` (not added to it); refunds do not take them back. */
                                    tips: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    fees: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    refunds: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    conversions: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    net: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                };
                                /** @description net = gross − fees − refunds + conversions. */
                                available: {
                                    gross: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    /** @description The customers' tips inside `gross` (not added to it); refunds do not take them back. */
                                    tips: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    fees: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    refunds: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    conversions: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                    net: {
                                        /**
                                         * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                         * @example 12.50
                                         */
                                        value: string;
                                        /** @enum {string} */
                                        currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                    };
                                };
                            }[];
                            /** @description Sales per day and currency, oldest first (USDT and USDC always): payments' gross and fees and refunds (less reversed ones) made that day; net = gross − fees − refunds. Conversions are not sales and are left out. */
                            days: {
                                /**
                                 * @description YYYY-MM-DD in the merchant's time zone.
                                 * @example 2026-05-01
                                 */
                                date: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                gross: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                /** @description The tips inside that day's `gross`. */
                                tips: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                fees: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                refunds: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                net: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listBalanceTransactions: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                type?: "payment" | "refund" | "fee" | "conversion" | "adjustment";
                /** @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC. */
                currency?: string;
                /** @description Entries of one source object (a session id, a conversion id). */
                source?: string;
                /** @description ISO 8601: created at or after. */
                created_gte?: string;
                /** @description ISO 8601: created before. */
                created_lt?: string;
                /** @description ISO 8601: available on or after. */
                available_on_gte?: string;
                /** @description ISO 8601: available before. */
                available_on_lt?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "balance_transaction";
                                /** @enum {string} */
                                type: "payment" | "refund" | "fee" | "conversion" | "adjustment";
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                fee: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                net: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                /** @description The customers' tip inside `amount` (a part of it, same sign; 0 for entries without one): docs/balances.md, "Tips". */
                                tip: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                /**
                                 * @description `pending_until_available_on`: counted in `pending` until `available_on`, then in `available`; `available`: counted in `available` from creation.
                                 * @enum {string}
                                 */
                                status: "pending_until_available_on" | "available";
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                available_on: string;
                                /** @description The object the entry comes from: a payment session (`ps_…`), a conversion (`conv_…`), a refund. */
                                source: string;
                                description: string;
                                livemode: boolean;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportBalanceTransactionsCsv: {
        parameters: {
            query?: {
                type?: "payment" | "refund" | "fee" | "conversion" | "adjustment";
                /** @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC. */
                currency?: string;
                /** @description Entries of one source object (a session id, a conversion id). */
                source?: string;
                /** @description ISO 8601: created at or after. */
                created_gte?: string;
                /** @description ISO 8601: created before. */
                created_lt?: string;
                /** @description ISO 8601: available on or after. */
                available_on_gte?: string;
                /** @description ISO 8601: available before. */
                available_on_lt?: string;
                /** @description `plain` (default): RFC 4180, amounts as plain decimals. `excel`: the same columns, starting with a UTF-8 byte order mark (so Excel reads the file as UTF-8) and with every amount written as a text cell (`="12.50"`), which Excel shows exactly as written in every locale. */
                format?: "plain" | "excel";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8, CRLF line ends): the header line, then one row per ledger entry. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBalanceTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "balance_transaction";
                            /** @enum {string} */
                            type: "payment" | "refund" | "fee" | "conversion" | "adjustment";
                            /** @enum {string} */
                            currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            fee: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            net: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /** @description The customers' tip inside `amount` (a part of it, same sign; 0 for entries without one): docs/balances.md, "Tips". */
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /**
                             * @description `pending_until_available_on`: counted in `pending` until `available_on`, then in `available`; `available`: counted in `available` from creation.
                             * @enum {string}
                             */
                            status: "pending_until_available_on" | "available";
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            available_on: string;
                            /** @description The object the entry comes from: a payment session (`ps_…`), a conversion (`conv_…`), a refund. */
                            source: string;
                            description: string;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    quoteConversion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: {
                        /**
                         * @description Decimal string with no more decimals than the currency has.
                         * @example 100.00
                         */
                        value: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        currency: string;
                    };
                    /**
                     * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                     * @example USD
                     * @example EUR
                     * @example USDT
                     */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "conversion_quote";
                            from: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            to: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            gross: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            fee: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            rate: string;
                            rate_source: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            rate_as_of: string;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listConversions: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "conversion";
                                from: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                to: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                gross: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                fee: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                rate: string;
                                rate_source: string;
                                quote_id: string | null;
                                /** @description Made by settlement into the merchant's settlement currency. */
                                automatic: boolean;
                                livemode: boolean;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createConversion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: {
                        /**
                         * @description Decimal string with no more decimals than the currency has.
                         * @example 100.00
                         */
                        value: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        currency: string;
                    };
                    /**
                     * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                     * @example USD
                     * @example EUR
                     * @example USDT
                     */
                    to: string;
                    /** @description A quote from POST /v1/conversions/quote for the same from and to: the conversion uses its rate if it has not expired. */
                    quote_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "conversion";
                            from: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            to: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            gross: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            fee: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            rate: string;
                            rate_source: string;
                            quote_id: string | null;
                            /** @description Made by settlement into the merchant's settlement currency. */
                            automatic: boolean;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getConversion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "conversion";
                            from: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            to: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            gross: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            fee: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            rate: string;
                            rate_source: string;
                            quote_id: string | null;
                            /** @description Made by settlement into the merchant's settlement currency. */
                            automatic: boolean;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "api_key";
                                /** @description The first characters of the key, to recognise it. The key itself is never shown again. */
                                prefix: string;
                                livemode: boolean;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                revoked_at: string | null;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "api_key";
                            /** @description The first characters of the key, to recognise it. The key itself is never shown again. */
                            prefix: string;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            revoked_at: string | null;
                            /** @description The whole key (sk_test_… / sk_live_…): shown only in this answer. */
                            secret: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "api_key";
                            /** @description The first characters of the key, to recognise it. The key itself is never shown again. */
                            prefix: string;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            revoked_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setDisplay: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    session_id: string | null;
                    /** @description Which till (up to 32 of a–z, 0–9 and -): each till has a display of its own. */
                    till?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            session_id: string | null;
                            payment_url: string | null;
                            /** @description Which mode's display this is: each mode has its own (a test credential changes only the test one). */
                            livemode: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "user";
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "cashier";
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                disabled_at: string | null;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    role: "owner" | "cashier";
                    pin: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "user";
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "cashier";
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            disabled_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pinUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 4–12 digits, not one digit repeated nor a straight run. */
                    pin: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "user";
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "cashier";
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            disabled_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "user";
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "cashier";
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            disabled_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSettingsNetworks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            networks: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                rpc_url: string | null;
                                /** @description Confirmations a live payment needs (saved, else the default). On Solana it is 1: finality is the `commitment`. */
                                confirmations: number;
                                commitment: string | null;
                                /** @description The commitments the network takes, the default first (Solana: `finalized`, `confirmed`); empty where it counts confirmations. */
                                commitments: string[];
                                /** @description What endpoint the network takes, for people: the kind of node, and what it must have enabled. */
                                rpc_hint: string;
                                api_key_header: string | null;
                                /** @description Whether an API key is saved. The key itself is sealed at rest and never shown again. */
                                api_key_set: boolean;
                                /** @description The live switch (PATCH /v1/networks/{network} with live credentials): whether the next start watches the network. Off: never offered, never watched, even with `rpc_url` saved. */
                                enabled: boolean;
                                /**
                                 * @description The live network as the running app has it (`off`: switched off).
                                 * @enum {string}
                                 */
                                running_status: "ready" | "not_configured" | "unreachable" | "off";
                                /** @description True when the saved endpoint or switch is not what runs: restart the app to apply it. */
                                applies_at_next_start: boolean;
                            }[];
                            /** @description The live watch-only wallet of each chain family (`family` in GET /v1/networks). */
                            wallets: {
                                evm: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                                tron: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                                solana: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSettingsNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rpc_url?: string | null;
                    confirmations?: number | null;
                    commitment?: string | null;
                    api_key?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            networks: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                rpc_url: string | null;
                                /** @description Confirmations a live payment needs (saved, else the default). On Solana it is 1: finality is the `commitment`. */
                                confirmations: number;
                                commitment: string | null;
                                /** @description The commitments the network takes, the default first (Solana: `finalized`, `confirmed`); empty where it counts confirmations. */
                                commitments: string[];
                                /** @description What endpoint the network takes, for people: the kind of node, and what it must have enabled. */
                                rpc_hint: string;
                                api_key_header: string | null;
                                /** @description Whether an API key is saved. The key itself is sealed at rest and never shown again. */
                                api_key_set: boolean;
                                /** @description The live switch (PATCH /v1/networks/{network} with live credentials): whether the next start watches the network. Off: never offered, never watched, even with `rpc_url` saved. */
                                enabled: boolean;
                                /**
                                 * @description The live network as the running app has it (`off`: switched off).
                                 * @enum {string}
                                 */
                                running_status: "ready" | "not_configured" | "unreachable" | "off";
                                /** @description True when the saved endpoint or switch is not what runs: restart the app to apply it. */
                                applies_at_next_start: boolean;
                            }[];
                            /** @description The live watch-only wallet of each chain family (`family` in GET /v1/networks). */
                            wallets: {
                                evm: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                                tron: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                                solana: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setSettingsWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A chain family (`family` in GET /v1/networks); one this app does not have is 400 `parameter_invalid`. */
                family: "evm" | "tron" | "solana";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    xpub: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            networks: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                rpc_url: string | null;
                                /** @description Confirmations a live payment needs (saved, else the default). On Solana it is 1: finality is the `commitment`. */
                                confirmations: number;
                                commitment: string | null;
                                /** @description The commitments the network takes, the default first (Solana: `finalized`, `confirmed`); empty where it counts confirmations. */
                                commitments: string[];
                                /** @description What endpoint the network takes, for people: the kind of node, and what it must have enabled. */
                                rpc_hint: string;
                                api_key_header: string | null;
                                /** @description Whether an API key is saved. The key itself is sealed at rest and never shown again. */
                                api_key_set: boolean;
                                /** @description The live switch (PATCH /v1/networks/{network} with live credentials): whether the next start watches the network. Off: never offered, never watched, even with `rpc_url` saved. */
                                enabled: boolean;
                                /**
                                 * @description The live network as the running app has it (`off`: switched off).
                                 * @enum {string}
                                 */
                                running_status: "ready" | "not_configured" | "unreachable" | "off";
                                /** @description True when the saved endpoint or switch is not what runs: restart the app to apply it. */
                                applies_at_next_start: boolean;
                            }[];
                            /** @description The live watch-only wallet of each chain family (`family` in GET /v1/networks). */
                            wallets: {
                                evm: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                                tron: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                                solana: {
                                    xpub: string | null;
                                    /** @description What the wallet is, for people. */
                                    label: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSettingsPrinter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "printer_settings";
                            url: string | null;
                            /** @description Each sale's receipt is printed once when it is paid (SUCCEEDED). */
                            print_on_paid: boolean;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setSettingsPrinter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The printer, or `null` to turn printing off. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description `tcp://host:port`, a printer on the shop's network (the port 1–65535, 9100 when left out). A public internet address, or a name that resolves to one, is refused (docs/api.md, "Printing"); 400 `parameter_invalid` with `param` `url` otherwise. */
                    url: string;
                    /**
                     * @description Print each sale's receipt when it is paid. Default false: only the till's Print button prints.
                     * @default false
                     */
                    print_on_paid?: boolean;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "printer_settings";
                            url: string | null;
                            /** @description Each sale's receipt is printed once when it is paid (SUCCEEDED). */
                            print_on_paid: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPaymentSessionPrint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "receipt_print";
                            session_id: string;
                            livemode: boolean;
                            /**
                             * @description `none`: never sent to the printer; `printing`: being sent; `printed`: the printer took the whole receipt; `failed`: not printed, `error` says why (also a print cut short: the app stopped while sending it).
                             * @enum {string}
                             */
                            status: "none" | "printing" | "printed" | "failed";
                            trigger: ("paid" | "request") | null;
                            attempted_at: string | null;
                            error: string | null;
                            /** @description A network printer is set up (Settings): the till offers Print. */
                            printer_set_up: boolean;
                            /** @description Receipts print by themselves when a sale is paid. */
                            print_on_paid: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    printPaymentSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "receipt_print";
                            session_id: string;
                            livemode: boolean;
                            /**
                             * @description `none`: never sent to the printer; `printing`: being sent; `printed`: the printer took the whole receipt; `failed`: not printed, `error` says why (also a print cut short: the app stopped while sending it).
                             * @enum {string}
                             */
                            status: "none" | "printing" | "printed" | "failed";
                            trigger: ("paid" | "request") | null;
                            attempted_at: string | null;
                            error: string | null;
                            /** @description A network printer is set up (Settings): the till offers Print. */
                            printer_set_up: boolean;
                            /** @description Receipts print by themselves when a sale is paid. */
                            print_on_paid: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRates: {
        parameters: {
            query?: {
                /** @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC. Default: the merchant's reporting currency. */
                base?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @enum {string} */
                            base: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            livemode: boolean;
                            /** @description One per other currency of the 15 fiat currencies and USDT/USDC, in that order. */
                            rates: {
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                rate: string | null;
                                source: string | null;
                                as_of: string | null;
                                age_seconds: number | null;
                                /** @description True when the rate held is older than the feed's maximum age: it is refused for new sessions. */
                                stale: boolean;
                                unavailable_reason: ("missing" | "stale") | null;
                            }[];
                            feed: {
                                /** @example ecb */
                                source: string;
                                published: string | null;
                                as_of: string | null;
                                fetched_at: string | null;
                                last_attempt_at: string | null;
                                last_error: string | null;
                                max_age_seconds: number;
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                /** @description Only this session's refunds. */
                session_id?: string;
                status?: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "refund";
                                /** @enum {string} */
                                status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                                session_id: string | null;
                                deposit_id: string | null;
                                /** @description What is paid back, in the coin of the route. */
                                amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                /** @description The same in the session's currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit's refund: the same as `amount`. */
                                session_amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                network: string;
                                token_contract: string;
                                destination_address: string | null;
                                /**
                                 * @description `payer`: the payment's sender; `owner`: given or confirmed by the owner.
                                 * @enum {string}
                                 */
                                destination_source: "payer" | "owner";
                                payment: {
                                    tx_hash: string;
                                    log_index: number;
                                    from: string;
                                } | null;
                                reason: string | null;
                                failure_reason: string | null;
                                next_action: {
                                    /** @constant */
                                    type: "confirm_destination";
                                    message: string;
                                } | null;
                                payout: {
                                    /**
                                     * @description `wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.
                                     * @enum {string}
                                     */
                                    method: "wallet" | "manual";
                                    from: string | null;
                                    uri: string | null;
                                    qr: {
                                        /**
                                         * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                         * @enum {string}
                                         */
                                        content: "uri" | "address";
                                        /** @description Exactly what to encode in the QR code. */
                                        payload: string;
                                    } | null;
                                    /** @description Token base units sent. */
                                    amount_base: string;
                                    nonce: number | null;
                                    tx_hash: string | null;
                                    explorer_url: string | null;
                                    block_number: number | null;
                                    confirmations: number;
                                    confirmations_required: number | null;
                                    /** @description Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it). */
                                    broadcasts: number;
                                    last_error: string | null;
                                };
                                livemode: boolean;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The payment session to refund. */
                    session_id: string;
                    /** @description Leave out for a full refund (everything left on the payment refunded). In the session's currency (converted at the session's locked rate for the coin paid) or in the coin paid (USDT/USDC). */
                    amount?: {
                        /**
                         * @description Decimal string in the currency's scale.
                         * @example 5.00
                         */
                        value: string;
                        /**
                         * @description Currency code, case-insensitive: USD, EUR, GBP, AUD, CAD, JPY, HKD, SGD, IDR, PHP, VND, THB, MYR, MXN, BRL, USDT, USDC.
                         * @example USD
                         * @example EUR
                         * @example USDT
                         */
                        currency: string;
                    };
                    /** @description Why, for your records. */
                    reason?: string;
                    /** @description Pay here instead of the payment's sender (e.g. the customer paid from an exchange). Validated for the refund's network. */
                    destination_address?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "refund";
                            /** @enum {string} */
                            status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                            session_id: string | null;
                            deposit_id: string | null;
                            /** @description What is paid back, in the coin of the route. */
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /** @description The same in the session's currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit's refund: the same as `amount`. */
                            session_amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            network: string;
                            token_contract: string;
                            destination_address: string | null;
                            /**
                             * @description `payer`: the payment's sender; `owner`: given or confirmed by the owner.
                             * @enum {string}
                             */
                            destination_source: "payer" | "owner";
                            payment: {
                                tx_hash: string;
                                log_index: number;
                                from: string;
                            } | null;
                            reason: string | null;
                            failure_reason: string | null;
                            next_action: {
                                /** @constant */
                                type: "confirm_destination";
                                message: string;
                            } | null;
                            payout: {
                                /**
                                 * @description `wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.
                                 * @enum {string}
                                 */
                                method: "wallet" | "manual";
                                from: string | null;
                                uri: string | null;
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                } | null;
                                /** @description Token base units sent. */
                                amount_base: string;
                                nonce: number | null;
                                tx_hash: string | null;
                                explorer_url: string | null;
                                block_number: number | null;
                                confirmations: number;
                                confirmations_required: number | null;
                                /** @description Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it). */
                                broadcasts: number;
                                last_error: string | null;
                            };
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "refund";
                            /** @enum {string} */
                            status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                            session_id: string | null;
                            deposit_id: string | null;
                            /** @description What is paid back, in the coin of the route. */
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /** @description The same in the session's currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit's refund: the same as `amount`. */
                            session_amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            network: string;
                            token_contract: string;
                            destination_address: string | null;
                            /**
                             * @description `payer`: the payment's sender; `owner`: given or confirmed by the owner.
                             * @enum {string}
                             */
                            destination_source: "payer" | "owner";
                            payment: {
                                tx_hash: string;
                                log_index: number;
                                from: string;
                            } | null;
                            reason: string | null;
                            failure_reason: string | null;
                            next_action: {
                                /** @constant */
                                type: "confirm_destination";
                                message: string;
                            } | null;
                            payout: {
                                /**
                                 * @description `wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.
                                 * @enum {string}
                                 */
                                method: "wallet" | "manual";
                                from: string | null;
                                uri: string | null;
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                } | null;
                                /** @description Token base units sent. */
                                amount_base: string;
                                nonce: number | null;
                                tx_hash: string | null;
                                explorer_url: string | null;
                                block_number: number | null;
                                confirmations: number;
                                confirmations_required: number | null;
                                /** @description Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it). */
                                broadcasts: number;
                                last_error: string | null;
                            };
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "refund";
                            /** @enum {string} */
                            status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                            session_id: string | null;
                            deposit_id: string | null;
                            /** @description What is paid back, in the coin of the route. */
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /** @description The same in the session's currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit's refund: the same as `amount`. */
                            session_amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            network: string;
                            token_contract: string;
                            destination_address: string | null;
                            /**
                             * @description `payer`: the payment's sender; `owner`: given or confirmed by the owner.
                             * @enum {string}
                             */
                            destination_source: "payer" | "owner";
                            payment: {
                                tx_hash: string;
                                log_index: number;
                                from: string;
                            } | null;
                            reason: string | null;
                            failure_reason: string | null;
                            next_action: {
                                /** @constant */
                                type: "confirm_destination";
                                message: string;
                            } | null;
                            payout: {
                                /**
                                 * @description `wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.
                                 * @enum {string}
                                 */
                                method: "wallet" | "manual";
                                from: string | null;
                                uri: string | null;
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                } | null;
                                /** @description Token base units sent. */
                                amount_base: string;
                                nonce: number | null;
                                tx_hash: string | null;
                                explorer_url: string | null;
                                block_number: number | null;
                                confirmations: number;
                                confirmations_required: number | null;
                                /** @description Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it). */
                                broadcasts: number;
                                last_error: string | null;
                            };
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    confirmRefundDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A wallet address on the refund's network, in its family's form (EVM: `0x` + 40 hex digits; mixed case must carry a valid EIP-55 checksum). */
                    destination_address: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "refund";
                            /** @enum {string} */
                            status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                            session_id: string | null;
                            deposit_id: string | null;
                            /** @description What is paid back, in the coin of the route. */
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /** @description The same in the session's currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit's refund: the same as `amount`. */
                            session_amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            network: string;
                            token_contract: string;
                            destination_address: string | null;
                            /**
                             * @description `payer`: the payment's sender; `owner`: given or confirmed by the owner.
                             * @enum {string}
                             */
                            destination_source: "payer" | "owner";
                            payment: {
                                tx_hash: string;
                                log_index: number;
                                from: string;
                            } | null;
                            reason: string | null;
                            failure_reason: string | null;
                            next_action: {
                                /** @constant */
                                type: "confirm_destination";
                                message: string;
                            } | null;
                            payout: {
                                /**
                                 * @description `wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.
                                 * @enum {string}
                                 */
                                method: "wallet" | "manual";
                                from: string | null;
                                uri: string | null;
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                } | null;
                                /** @description Token base units sent. */
                                amount_base: string;
                                nonce: number | null;
                                tx_hash: string | null;
                                explorer_url: string | null;
                                block_number: number | null;
                                confirmations: number;
                                confirmations_required: number | null;
                                /** @description Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it). */
                                broadcasts: number;
                                last_error: string | null;
                            };
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRefundWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A chain family (`family` in GET /v1/networks); one this app does not have is 400 `parameter_invalid`. */
                family: "evm" | "tron" | "solana";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "refund_wallet";
                            /**
                             * @description The chain family whose refunds it pays (`family` in GET /v1/networks).
                             * @enum {string}
                             */
                            family: "evm" | "tron" | "solana";
                            livemode: boolean;
                            address: string | null;
                            protection: string | null;
                            /** @description Per network of the family running in the caller's mode, what the wallet holds there: a refund is paid on its payment's network, with that network's gas coin. Read live from each network's node, all at once, each within 3 s. Empty while no key is stored. */
                            networks: {
                                /**
                                 * @description A network of the family that runs in the caller's mode.
                                 * @enum {string}
                                 */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @description The network's own coin, which pays its fees (ETH, BNB, POL, TRX, SOL).
                                 * @example ETH
                                 */
                                gas_coin: string;
                                /**
                                 * @description `unavailable`: the network's node could not be read within a few seconds (`error` says why); the balances are then null.
                                 * @enum {string}
                                 */
                                status: "ok" | "unavailable";
                                gas_balance: string | null;
                                gas_per_refund: string | null;
                                enough_gas: boolean | null;
                                /** @description Each coin the network offers, with the wallet's balance; empty when `unavailable`. */
                                coins: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    /**
                                     * @description The wallet's balance of the coin, 6 decimals.
                                     * @example 93.000000
                                     */
                                    balance: string;
                                }[];
                                error: string | null;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setRefundWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A chain family (`family` in GET /v1/networks); one this app does not have is 400 `parameter_invalid`. */
                family: "evm" | "tron" | "solana";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description In the family's form (EVM: 64 hex digits, with or without 0x). */
                    private_key: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "refund_wallet";
                            /**
                             * @description The chain family whose refunds it pays (`family` in GET /v1/networks).
                             * @enum {string}
                             */
                            family: "evm" | "tron" | "solana";
                            livemode: boolean;
                            address: string | null;
                            protection: string | null;
                            /** @description Per network of the family running in the caller's mode, what the wallet holds there: a refund is paid on its payment's network, with that network's gas coin. Read live from each network's node, all at once, each within 3 s. Empty while no key is stored. */
                            networks: {
                                /**
                                 * @description A network of the family that runs in the caller's mode.
                                 * @enum {string}
                                 */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                /**
                                 * @description The network's own coin, which pays its fees (ETH, BNB, POL, TRX, SOL).
                                 * @example ETH
                                 */
                                gas_coin: string;
                                /**
                                 * @description `unavailable`: the network's node could not be read within a few seconds (`error` says why); the balances are then null.
                                 * @enum {string}
                                 */
                                status: "ok" | "unavailable";
                                gas_balance: string | null;
                                gas_per_refund: string | null;
                                enough_gas: boolean | null;
                                /** @description Each coin the network offers, with the wallet's balance; empty when `unavailable`. */
                                coins: {
                                    /** @enum {string} */
                                    currency: "USDT" | "USDC";
                                    /**
                                     * @description The wallet's balance of the coin, 6 decimals.
                                     * @example 93.000000
                                     */
                                    balance: string;
                                }[];
                                error: string | null;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPaymentSessionReceipt: {
        parameters: {
            query?: {
                /** @description `json` (default): the receipt in the envelope; `html`: a printable page 80 mm wide; `escpos`: the ESC/POS bytes for an 80 mm receipt printer (48 columns). Anything else is 400 `parameter_invalid` (`param: "format"`). */
                format?: "json" | "html" | "escpos";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt: JSON in the envelope (default), an HTML page (`format=html`) or ESC/POS bytes (`format=escpos`). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "receipt";
                            session_id: string;
                            livemode: boolean;
                            /** @description The public receipt page (no credentials; the unguessable session id is the capability): what the receipt QR opens. */
                            receipt_url: string;
                            shop: {
                                name: string;
                                domain: string | null;
                            };
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            paid_at: string;
                            /**
                             * @description `paid_at` in the shop's time zone, `YYYY-MM-DD HH:MM`.
                             * @example 2026-11-28 14:03
                             */
                            local_time: string;
                            /** @description The shop's IANA time zone. */
                            time_zone: string;
                            description: string | null;
                            /** @description Shape B's line items; empty for a sale charged as one amount. */
                            line_items: {
                                name: string;
                                quantity: number;
                                unit_amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                            }[];
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            tip: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            total: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            payments: {
                                network: string;
                                network_name: string;
                                /** @enum {string} */
                                currency: "USDT" | "USDC";
                                /** @description Decimal, the coin's 6 decimals. */
                                amount: string;
                                rate: string | null;
                                tx_hash: string;
                                explorer_url: string | null;
                            }[];
                            refunds: {
                                network: string;
                                network_name: string;
                                amount: {
                                    /**
                                     * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                     * @example 12.50
                                     */
                                    value: string;
                                    /** @enum {string} */
                                    currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                                };
                                tx_hash: string | null;
                                explorer_url: string | null;
                                /** @enum {string} */
                                status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                            }[];
                        };
                    };
                    "text/html": string;
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDeposits: {
        parameters: {
            query?: {
                /** @description 1–100, default 10. */
                limit?: number;
                /** @description Object id: return the page after it (older objects). Not together with `ending_before` (400). */
                starting_after?: string;
                /** @description Object id: return the page before it (newer objects). Not together with `starting_after` (400). */
                ending_before?: string;
                status?: "unmatched" | "attributed" | "refunded" | "dismissed" | "orphaned";
                /** @description Only deposits on this network. */
                network?: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                /** @description Only deposits of this coin; `other`: tokens the app does not support (`currency` null). */
                currency?: "USDT" | "USDC" | "other";
                /** @description ISO 8601: recorded at or after. */
                created_gte?: string;
                /** @description ISO 8601: recorded before. */
                created_lt?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            items: {
                                id: string;
                                /** @constant */
                                object: "deposit";
                                /**
                                 * @description `unmatched`: recorded, paying no session, not in balances. `attributed`: it pays `session_id` (as a payment of that session). `refunded`: sent back to the sender (`refund_id`). `dismissed`: kept out of balances for good (`note`). `orphaned`: a reorganisation of the chain dropped its block before it had its confirmations; the money never arrived (event `deposit.orphaned`). It is `unmatched` again if its transaction is mined again.
                                 * @enum {string}
                                 */
                                status: "unmatched" | "attributed" | "refunded" | "dismissed" | "orphaned";
                                /**
                                 * @description Why it matched no session. `no_reference` (Solana): the transfer named no open session's reference, or more than one. `late` (EVM, TRON): a supported coin to a session's deposit address after its monitoring window. `wrong_asset`: a supported coin the network does not offer there (USDC on TRON) or the merchant turned off. `unsupported_token`: one of the network's other well-known tokens (`currency` null; shown as sent, never converted).
                                 * @enum {string}
                                 */
                                reason: "no_reference" | "late" | "wrong_asset" | "unsupported_token";
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                currency: ("USDT" | "USDC") | null;
                                /** @description The token (Solana: the mint). */
                                token_contract: string;
                                /** @description What arrived, a decimal string at the token's own decimals; never converted nor added to balances. */
                                amount: string;
                                /** @description The same in token base units. */
                                amount_base: string;
                                decimals: number;
                                /** @description The sender (Solana: the owner of the source token account). */
                                from: string;
                                /** @description The merchant's account it landed in (Solana: the merchant wallet's token account of the mint). */
                                to: string;
                                /** @description The network's transaction id (Solana: the signature). */
                                tx_hash: string;
                                /** @description The transfer's event index in its transaction. */
                                log_index: number;
                                /** @description Block (Solana: slot). */
                                block_number: number;
                                /** @description The block's hash (Solana: the blockhash): a reorganisation that replaces it orphans the deposit. */
                                block_hash: string;
                                /** @description Counted as a payment's while the deposit is `unmatched` and not yet confirmed (Solana: against the slot at the network's commitment, `finalized` by default). */
                                confirmations: number;
                                /** @description It has the network's confirmations: final. Until then `attribute` and `refund` answer 409 `deposit_unconfirmed`. */
                                confirmed: boolean;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                block_time: string;
                                explorer_url: string | null;
                                livemode: boolean;
                                /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                                created_at: string;
                                session_id: string | null;
                                refund_id: string | null;
                                note: string | null;
                                resolved_at: string | null;
                                resolved_by: string | null;
                            }[];
                            has_more: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "deposit";
                            /**
                             * @description `unmatched`: recorded, paying no session, not in balances. `attributed`: it pays `session_id` (as a payment of that session). `refunded`: sent back to the sender (`refund_id`). `dismissed`: kept out of balances for good (`note`). `orphaned`: a reorganisation of the chain dropped its block before it had its confirmations; the money never arrived (event `deposit.orphaned`). It is `unmatched` again if its transaction is mined again.
                             * @enum {string}
                             */
                            status: "unmatched" | "attributed" | "refunded" | "dismissed" | "orphaned";
                            /**
                             * @description Why it matched no session. `no_reference` (Solana): the transfer named no open session's reference, or more than one. `late` (EVM, TRON): a supported coin to a session's deposit address after its monitoring window. `wrong_asset`: a supported coin the network does not offer there (USDC on TRON) or the merchant turned off. `unsupported_token`: one of the network's other well-known tokens (`currency` null; shown as sent, never converted).
                             * @enum {string}
                             */
                            reason: "no_reference" | "late" | "wrong_asset" | "unsupported_token";
                            /** @enum {string} */
                            network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                            currency: ("USDT" | "USDC") | null;
                            /** @description The token (Solana: the mint). */
                            token_contract: string;
                            /** @description What arrived, a decimal string at the token's own decimals; never converted nor added to balances. */
                            amount: string;
                            /** @description The same in token base units. */
                            amount_base: string;
                            decimals: number;
                            /** @description The sender (Solana: the owner of the source token account). */
                            from: string;
                            /** @description The merchant's account it landed in (Solana: the merchant wallet's token account of the mint). */
                            to: string;
                            /** @description The network's transaction id (Solana: the signature). */
                            tx_hash: string;
                            /** @description The transfer's event index in its transaction. */
                            log_index: number;
                            /** @description Block (Solana: slot). */
                            block_number: number;
                            /** @description The block's hash (Solana: the blockhash): a reorganisation that replaces it orphans the deposit. */
                            block_hash: string;
                            /** @description Counted as a payment's while the deposit is `unmatched` and not yet confirmed (Solana: against the slot at the network's commitment, `finalized` by default). */
                            confirmations: number;
                            /** @description It has the network's confirmations: final. Until then `attribute` and `refund` answer 409 `deposit_unconfirmed`. */
                            confirmed: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            block_time: string;
                            explorer_url: string | null;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            session_id: string | null;
                            refund_id: string | null;
                            note: string | null;
                            resolved_at: string | null;
                            resolved_by: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    attributeDeposit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The payment session of the same mode the deposit pays. */
                    session_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "deposit";
                            /**
                             * @description `unmatched`: recorded, paying no session, not in balances. `attributed`: it pays `session_id` (as a payment of that session). `refunded`: sent back to the sender (`refund_id`). `dismissed`: kept out of balances for good (`note`). `orphaned`: a reorganisation of the chain dropped its block before it had its confirmations; the money never arrived (event `deposit.orphaned`). It is `unmatched` again if its transaction is mined again.
                             * @enum {string}
                             */
                            status: "unmatched" | "attributed" | "refunded" | "dismissed" | "orphaned";
                            /**
                             * @description Why it matched no session. `no_reference` (Solana): the transfer named no open session's reference, or more than one. `late` (EVM, TRON): a supported coin to a session's deposit address after its monitoring window. `wrong_asset`: a supported coin the network does not offer there (USDC on TRON) or the merchant turned off. `unsupported_token`: one of the network's other well-known tokens (`currency` null; shown as sent, never converted).
                             * @enum {string}
                             */
                            reason: "no_reference" | "late" | "wrong_asset" | "unsupported_token";
                            /** @enum {string} */
                            network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                            currency: ("USDT" | "USDC") | null;
                            /** @description The token (Solana: the mint). */
                            token_contract: string;
                            /** @description What arrived, a decimal string at the token's own decimals; never converted nor added to balances. */
                            amount: string;
                            /** @description The same in token base units. */
                            amount_base: string;
                            decimals: number;
                            /** @description The sender (Solana: the owner of the source token account). */
                            from: string;
                            /** @description The merchant's account it landed in (Solana: the merchant wallet's token account of the mint). */
                            to: string;
                            /** @description The network's transaction id (Solana: the signature). */
                            tx_hash: string;
                            /** @description The transfer's event index in its transaction. */
                            log_index: number;
                            /** @description Block (Solana: slot). */
                            block_number: number;
                            /** @description The block's hash (Solana: the blockhash): a reorganisation that replaces it orphans the deposit. */
                            block_hash: string;
                            /** @description Counted as a payment's while the deposit is `unmatched` and not yet confirmed (Solana: against the slot at the network's commitment, `finalized` by default). */
                            confirmations: number;
                            /** @description It has the network's confirmations: final. Until then `attribute` and `refund` answer 409 `deposit_unconfirmed`. */
                            confirmed: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            block_time: string;
                            explorer_url: string | null;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            session_id: string | null;
                            refund_id: string | null;
                            note: string | null;
                            resolved_at: string | null;
                            resolved_by: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    refundDeposit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, for your records. */
                    reason?: string;
                    /** @description Pay here instead of the deposit's sender (e.g. it came from an exchange). Validated for the deposit's network. */
                    destination_address?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "refund";
                            /** @enum {string} */
                            status: "PENDING" | "REQUIRES_ACTION" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
                            session_id: string | null;
                            deposit_id: string | null;
                            /** @description What is paid back, in the coin of the route. */
                            amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            /** @description The same in the session's currency (at its locked rate, rounded down): what `amount_refunded` adds up. A deposit's refund: the same as `amount`. */
                            session_amount: {
                                /**
                                 * @description Decimal amount with exactly the currency's decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.
                                 * @example 12.50
                                 */
                                value: string;
                                /** @enum {string} */
                                currency: "USD" | "EUR" | "GBP" | "AUD" | "CAD" | "JPY" | "HKD" | "SGD" | "IDR" | "PHP" | "VND" | "THB" | "MYR" | "MXN" | "BRL" | "USDT" | "USDC";
                            };
                            network: string;
                            token_contract: string;
                            destination_address: string | null;
                            /**
                             * @description `payer`: the payment's sender; `owner`: given or confirmed by the owner.
                             * @enum {string}
                             */
                            destination_source: "payer" | "owner";
                            payment: {
                                tx_hash: string;
                                log_index: number;
                                from: string;
                            } | null;
                            reason: string | null;
                            failure_reason: string | null;
                            next_action: {
                                /** @constant */
                                type: "confirm_destination";
                                message: string;
                            } | null;
                            payout: {
                                /**
                                 * @description `wallet`: signed by the refund wallet; `manual`: pay the `uri` from any wallet.
                                 * @enum {string}
                                 */
                                method: "wallet" | "manual";
                                from: string | null;
                                uri: string | null;
                                qr: {
                                    /**
                                     * @description `uri`: the QR is the option's `uri`; `address`: the bare deposit address (show the amount beside it).
                                     * @enum {string}
                                     */
                                    content: "uri" | "address";
                                    /** @description Exactly what to encode in the QR code. */
                                    payload: string;
                                } | null;
                                /** @description Token base units sent. */
                                amount_base: string;
                                nonce: number | null;
                                tx_hash: string | null;
                                explorer_url: string | null;
                                block_number: number | null;
                                confirmations: number;
                                confirmations_required: number | null;
                                /** @description Times the same signed transaction was sent (more than 1 after an RPC error or a reorganisation dropped it). */
                                broadcasts: number;
                                last_error: string | null;
                            };
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    dismissDeposit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why it is dismissed (kept with the deposit). */
                    note: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            id: string;
                            /** @constant */
                            object: "deposit";
                            /**
                             * @description `unmatched`: recorded, paying no session, not in balances. `attributed`: it pays `session_id` (as a payment of that session). `refunded`: sent back to the sender (`refund_id`). `dismissed`: kept out of balances for good (`note`). `orphaned`: a reorganisation of the chain dropped its block before it had its confirmations; the money never arrived (event `deposit.orphaned`). It is `unmatched` again if its transaction is mined again.
                             * @enum {string}
                             */
                            status: "unmatched" | "attributed" | "refunded" | "dismissed" | "orphaned";
                            /**
                             * @description Why it matched no session. `no_reference` (Solana): the transfer named no open session's reference, or more than one. `late` (EVM, TRON): a supported coin to a session's deposit address after its monitoring window. `wrong_asset`: a supported coin the network does not offer there (USDC on TRON) or the merchant turned off. `unsupported_token`: one of the network's other well-known tokens (`currency` null; shown as sent, never converted).
                             * @enum {string}
                             */
                            reason: "no_reference" | "late" | "wrong_asset" | "unsupported_token";
                            /** @enum {string} */
                            network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                            currency: ("USDT" | "USDC") | null;
                            /** @description The token (Solana: the mint). */
                            token_contract: string;
                            /** @description What arrived, a decimal string at the token's own decimals; never converted nor added to balances. */
                            amount: string;
                            /** @description The same in token base units. */
                            amount_base: string;
                            decimals: number;
                            /** @description The sender (Solana: the owner of the source token account). */
                            from: string;
                            /** @description The merchant's account it landed in (Solana: the merchant wallet's token account of the mint). */
                            to: string;
                            /** @description The network's transaction id (Solana: the signature). */
                            tx_hash: string;
                            /** @description The transfer's event index in its transaction. */
                            log_index: number;
                            /** @description Block (Solana: slot). */
                            block_number: number;
                            /** @description The block's hash (Solana: the blockhash): a reorganisation that replaces it orphans the deposit. */
                            block_hash: string;
                            /** @description Counted as a payment's while the deposit is `unmatched` and not yet confirmed (Solana: against the slot at the network's commitment, `finalized` by default). */
                            confirmations: number;
                            /** @description It has the network's confirmations: final. Until then `attribute` and `refund` answer 409 `deposit_unconfirmed`. */
                            confirmed: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            block_time: string;
                            explorer_url: string | null;
                            livemode: boolean;
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            created_at: string;
                            session_id: string | null;
                            refund_id: string | null;
                            note: string | null;
                            resolved_at: string | null;
                            resolved_by: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCurrentUiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "ui_session";
                            user: {
                                /** @example usr_… */
                                id: string;
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "cashier";
                            };
                            /** @description ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`. */
                            expires_at: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteCurrentUiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "ui_session";
                            /** @constant */
                            signed_out: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCurrentUiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    livemode: boolean;
                    /** @description 4–12 digits. */
                    pin?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "ui_session";
                            livemode: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pinUi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency"). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 4–12 digits. */
                    current_pin: string;
                    /** @description 4–12 digits. */
                    new_pin: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "ui_session";
                            user: {
                                /** @example usr_… */
                                id: string;
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "cashier";
                            };
                            /** @constant */
                            pin_changed: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUiLiveReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base: {
                            /** @constant */
                            code: 0;
                            /** @constant */
                            message: "success";
                        };
                        data: {
                            /** @constant */
                            object: "live_readiness";
                            /** @description Whether some live network can take a payment now (the till's Charge works in live mode). */
                            ready: boolean;
                            networks: {
                                /** @enum {string} */
                                network: "ethereum" | "bsc" | "base" | "arbitrum" | "polygon" | "tron" | "solana";
                                name: string;
                                ready: boolean;
                                /** @description `rpc_url`: the running app has no live RPC endpoint (save one in Settings → Networks, then restart); `wallet`: the chain family has no live watch-only wallet; `reachable`: the endpoint did not answer lately; `payable_coin`: no coin can be paid in on it now. */
                                missing: ("rpc_url" | "wallet" | "reachable" | "payable_coin")[];
                                /** @description A saved live endpoint differs from the running one: it applies once the app restarts. */
                                applies_at_next_start: boolean;
                            }[];
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
