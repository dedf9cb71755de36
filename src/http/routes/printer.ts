import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../envelope.js';
import { callerOf, CASHIER_TOO, LIVE_ONLY } from '../plugins/auth.js';
import { presentPrinterSettings, presentReceiptPrint } from '../presenters/printer-presenter.js';
import { Envelope, errorResponses } from '../schemas/common.js';
import { PrinterSettingsBody, PrinterSettingsOut, ReceiptPrintOut } from '../schemas/printer.js';
import { SessionIdParams } from '../schemas/session.js';
import type { HttpServices } from '../services.js';

/**
 * Receipt printing (docs/api.md, "Printing"): the shop's network printer, set by the owner with live
 * credentials (one printer for both modes), and a session's receipt printed from the till.
 */
export const printerRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/settings/printer', {
    config: LIVE_ONLY,
    schema: { tags: ['Settings'], summary: 'The network receipt printer', response: { 200: Envelope(PrinterSettingsOut) } },
  }, async () => ok(presentPrinterSettings(await services.printerSettings.get())));

  app.put('/v1/settings/printer', {
    config: LIVE_ONLY,
    schema: {
      tags: ['Settings'],
      summary: 'Set the network receipt printer (raw TCP, port 9100) and whether sales print when paid; null turns printing off',
      body: PrinterSettingsBody,
      response: { 200: Envelope(PrinterSettingsOut) },
    },
  }, async (request) => {
    const b = request.body;
    return ok(presentPrinterSettings(await services.printerSettings.set(b === null ? null : { url: b.url, printOnPaid: b.print_on_paid ?? false })));
  });

  app.get('/v1/payment/sessions/:id/print', {
    config: CASHIER_TOO,
    schema: {
      tags: ['Payment sessions'],
      summary: 'Whether a session\'s receipt was printed, and why not',
      params: SessionIdParams,
      response: { 200: Envelope(ReceiptPrintOut) },
    },
  }, async (request) => ok(presentReceiptPrint(await services.printing.status(callerOf(request), request.params.id))));

  app.post('/v1/payment/sessions/:id/print', {
    config: CASHIER_TOO,
    schema: {
      tags: ['Payment sessions'],
      summary: 'Print a paid session\'s receipt now on the network printer (the till\'s Print button and its retry)',
      description:
        'Answers once the printer took the whole receipt (`status` `printed`). 503 `printer_unavailable` when the printer is off, unreachable or does not take the receipt ' +
        'within seconds (the attempt is recorded as `failed`: retry); 409 `invalid_state` when the session is not SUCCEEDED or no printer is set up.',
      params: SessionIdParams,
      response: { 200: Envelope(ReceiptPrintOut), ...errorResponses(409) },
    },
  }, async (request) => ok(presentReceiptPrint(await services.printing.printNow(callerOf(request), request.params.id))));
};
