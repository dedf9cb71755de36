import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../domain/errors.js';
import { receiptUrl } from '../../receipt/receipt-text.js';
import { APP_ICON_SVG } from '../app-icon.js';
import { CHECKOUT_CSS, CHECKOUT_JS, publicStatus, renderCheckoutPage } from '../checkout/page.js';
import { RECEIPT_CSS, renderReceiptPage } from '../checkout/receipt-page.js';
import { ok } from '../envelope.js';
import { CoinOut, Envelope, IdParams, MoneyOut, Nullable, QrOut, TextResponse } from '../schemas/common.js';
import type { HttpServices } from '../services.js';
import { streamEvents } from '../sse.js';
import type { SessionView } from '../../services/session-view.js';

const PublicStatus = Type.Object({
  session_id: Type.String(),
  status: Type.String(),
  status_text: Type.String(),
  detail: Nullable(Type.String()),
  exception: Nullable(Type.String()),
  livemode: Type.Boolean(),
  amount: MoneyOut,
  tip: MoneyOut,
  amount_total: MoneyOut,
  amount_received: MoneyOut,
  expires_at: Type.String(),
  success_url: Nullable(Type.String()),
  cancel_url: Nullable(Type.String()),
  payment_options: Type.Array(
    Type.Object({
      network: Type.String(),
      network_name: Type.String(),
      token_standard: Type.String(),
      currency: CoinOut,
      amount_due: Type.String({ description: 'Still due in this coin, decimal' }),
      address: Type.String(),
      reference: Nullable(Type.String({ description: 'Solana: the session\'s Solana Pay reference (the QR\'s request carries it); `address` is then the shop\'s wallet, and a transfer sent to it without the reference names no session. null on other networks.' })),
      uri: Type.String(),
      qr: QrOut,
      delayed: Nullable(Type.String({ description: 'Why a payment on this option will show late ("Ethereum is catching up: payments on it will show late"): its network\'s watcher is further behind than a payment\'s confirmations (docs/payments.md, "Payments on a network that fell behind"). The payment still counts; the cashier says so before the customer pays. null when the network is up to date.' })),
    }),
  ),
  payments: Type.Array(
    Type.Object({
      network: Type.String(),
      network_name: Type.String(),
      currency: CoinOut,
      amount: Type.String(),
      confirmations: Type.Integer(),
      status: Type.String(),
      tx_hash: Type.String(),
      explorer_url: Nullable(Type.String()),
    }),
  ),
});

/**
 * The customer's side: public, no key. The session id (≈142 random bits) is the capability, and
 * the page shows only what the customer needs to pay.
 */
export const checkoutPageRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const tags = ['Hosted checkout'];

  app.get('/pay/:id', {
    schema: {
      tags,
      summary: 'Hosted checkout page (HTML)',
      security: [],
      params: IdParams,
      response: { 200: TextResponse('text/html', 'The checkout page.'), 404: TextResponse('text/html', 'A page saying the payment was not found.') },
    },
  }, async (request, reply) => {
    const session = await services.sessions.getPublic(request.params.id);
    void reply.header('Cache-Control', 'no-store').header('Content-Security-Policy', "default-src 'self'; img-src 'self' data:");
    if (!session) {
      return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>Payment not found</title><h1>Payment not found</h1><p>Check the link or ask the shop for a new one.</p>');
    }
    return reply.type('text/html; charset=utf-8').send(
      await renderCheckoutPage(session, await services.merchants.get(session.session.merchantId), Date.now(), receiptUrl(services.publicBaseUrl(), session.session.id)),
    );
  });

  app.get('/pay/:id/status', {
    schema: { tags, summary: 'Status feed of the checkout page', security: [], params: IdParams, response: { 200: Envelope(PublicStatus) } },
  }, async (request, reply) => {
    const session = await services.sessions.getPublic(request.params.id);
    if (!session) throw new ApiError('resource_missing', `No such payment session: '${request.params.id}'`, 'id');
    void reply.header('Cache-Control', 'no-store');
    return ok(publicStatus(session));
  });

  app.get('/pay/:id/stream', {
    schema: {
      tags,
      summary: 'Live status of the checkout page (server-sent events)',
      security: [],
      params: IdParams,
      response: { 200: TextResponse('text/event-stream', 'Server-sent events: `session` with the status feed\'s answer (`GET /pay/{id}/status`, in the envelope) now and after every change.') },
    },
  }, async (request, reply) => {
    const id = request.params.id;
    if (!await services.sessions.getPublic(id)) throw new ApiError('resource_missing', `No such payment session: '${id}'`, 'id');
    streamEvents(request, reply, services.live, id, async () => ok(publicStatus((await services.sessions.getPublic(id)) as SessionView)));
  });

  app.get('/pay/:id/receipt', {
    schema: {
      tags,
      summary: 'The receipt page of a paid session (HTML)',
      description:
        'What the receipt QR on the customer display and the payment page opens on the customer\'s phone: the receipt of a SUCCEEDED session, with a QR of each transfer on ' +
        'its network\'s explorer (live mode). Public like the payment page: the unguessable session id is the capability; not indexed (`noindex`).',
      security: [],
      params: IdParams,
      response: {
        200: TextResponse('text/html', 'The receipt page.'),
        404: TextResponse('text/html', 'A page saying the receipt was not found.'),
        409: TextResponse('text/html', 'A page saying the payment is not complete yet, so there is no receipt.'),
      },
    },
  }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store').header('Content-Security-Policy', "default-src 'self'; img-src 'self' data:").header('X-Robots-Tag', 'noindex');
    const page = (status: 404 | 409, title: string, text: string) =>
      reply.code(status).type('text/html; charset=utf-8').send(`<!doctype html><meta name="robots" content="noindex"><title>${title}</title><h1>${title}</h1><p>${text}</p>`);
    let receipt;
    try {
      receipt = await services.receipts.getPublic(request.params.id);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_state') return page(409, 'No receipt yet', 'This payment is not complete yet. The receipt appears here once it is paid.');
      throw err;
    }
    if (!receipt) return page(404, 'Receipt not found', 'Check the link or ask the shop.');
    return reply.type('text/html; charset=utf-8').send(await renderReceiptPage(receipt, { kind: 'public', receiptUrl: receiptUrl(services.publicBaseUrl(), receipt.sessionId) }));
  });

  app.get('/pay/assets/receipt.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(RECEIPT_CSS));
  app.get('/pay/assets/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(CHECKOUT_JS));
  app.get('/pay/assets/checkout.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(CHECKOUT_CSS));
  // The app's icon, for the checkout page's tab and for browsers that ask for /favicon.ico unasked
  // (an SVG there too: every current browser takes it by its content type).
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(APP_ICON_SVG));
  }
};
