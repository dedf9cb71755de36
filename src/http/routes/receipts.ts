import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { escposReceipt } from '../../receipt/escpos-receipt.js';
import { receiptUrl } from '../../receipt/receipt-text.js';
import { PRINTABLE_RECEIPT_CSP, renderReceiptPage } from '../checkout/receipt-page.js';
import { ok } from '../envelope.js';
import { callerOf, CASHIER_TOO } from '../plugins/auth.js';
import { presentReceipt } from '../presenters/receipt-presenter.js';
import { Envelope, errorResponses } from '../schemas/common.js';
import { ReceiptOut, ReceiptQuery } from '../schemas/receipt.js';
import { SessionIdParams } from '../schemas/session.js';
import type { HttpServices } from '../services.js';

/** The receipt of a paid session, in three drawings of one model (docs/receipts.md). */
export const receiptRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/payment/sessions/:id/receipt', {
    // The cashier hands the customer the receipt, so the till may fetch and print it.
    config: CASHIER_TOO,
    schema: {
      tags: ['Payment sessions'],
      summary: 'The receipt of a paid session (JSON, a printable page, or ESC/POS bytes)',
      description:
        'Only a SUCCEEDED session has a receipt: any other is 409 `invalid_state`. The receipt names the shop, the time in the shop\'s time zone, the lines or the amount, the tip and total, ' +
        'each payment (coin, network, amount, the rate locked at creation, transaction id and, in live mode, its explorer link) and the session\'s refunds. ' +
        '`format=html` answers a page 80 mm wide to print (no scripts, nothing fetched); `format=escpos` the ESC/POS bytes of the same receipt for an 80 mm thermal printer (docs/receipts.md).',
      params: SessionIdParams,
      querystring: ReceiptQuery,
      response: {
        200: {
          description: 'The receipt: JSON in the envelope (default), an HTML page (`format=html`) or ESC/POS bytes (`format=escpos`).',
          content: {
            'application/json': { schema: Envelope(ReceiptOut) },
            'text/html': { schema: { type: 'string', description: 'A printable page, 80 mm wide.' } },
            'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'ESC/POS commands: initialise, code page 16 (Windows-1252), text at 48 columns, a QR of `receipt_url` (GS ( k), feed and partial cut.' } },
          },
        },
        ...errorResponses(409),
      },
    },
  }, async (request, reply) => {
    const receipt = await services.receipts.get(callerOf(request), request.params.id);
    const url = receiptUrl(services.publicBaseUrl(), receipt.sessionId);
    void reply.header('Cache-Control', 'no-store');
    switch (request.query.format ?? 'json') {
      case 'html':
        return reply
          .type('text/html; charset=utf-8')
          .header('Content-Security-Policy', PRINTABLE_RECEIPT_CSP)
          .send(await renderReceiptPage(receipt, { kind: 'print', receiptUrl: url }));
      case 'escpos':
        return reply
          .type('application/octet-stream')
          .header('Content-Disposition', `attachment; filename="receipt-${receipt.sessionId}.bin"`)
          .send(Buffer.from(escposReceipt(receipt, { receiptUrl: url })));
      default:
        return ok(presentReceipt(receipt, services.publicBaseUrl()));
    }
  });
};
