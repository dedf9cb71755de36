import { expect, test } from 'vitest';
import { operationIdOf } from '../../src/http/openapi/operation-id.js';

test.each([
  ['GET', '/v1/payment/sessions', 'listPaymentSessions'],
  ['POST', '/v1/payment/sessions', 'createPaymentSession'],
  ['GET', '/v1/payment/sessions.csv', 'exportPaymentSessionsCsv'],
  ['GET', '/v1/payment/sessions/{id}', 'getPaymentSession'],
  ['POST', '/v1/payment/sessions/{id}/cancel', 'cancelPaymentSession'],
  ['GET', '/v1/payment/sessions/{id}/stream', 'getPaymentSessionStream'],
  ['POST', '/api/v1/checkout/sessions/create', 'createCheckoutSession'],
  ['GET', '/api/v1/checkout/sessions/{id}', 'getCheckoutSession'],
  ['POST', '/v1/conversions/quote', 'quoteConversion'],
  ['GET', '/v1/balance', 'getBalance'],
  ['GET', '/v1/balance/transactions/{id}', 'getBalanceTransaction'],
  ['PATCH', '/v1/webhook_endpoints/{id}', 'updateWebhookEndpoint'],
  ['DELETE', '/v1/webhook_endpoints/{id}', 'deleteWebhookEndpoint'],
  ['POST', '/v1/webhook_endpoints/{id}/rotate_secret', 'rotateWebhookEndpointSecret'],
  ['GET', '/v1/webhook_endpoints/{id}/deliveries', 'listWebhookEndpointDeliveries'],
  ['POST', '/v1/api_keys/{id}/revoke', 'revokeApiKey'],
  ['POST', '/v1/refunds/{id}/confirm_destination', 'confirmRefundDestination'],
  ['GET', '/v1/ui/sessions/current', 'getCurrentUiSession'],
  ['DELETE', '/v1/ui/sessions/current', 'deleteCurrentUiSession'],
  ['POST', '/v1/merchant/domains', 'createMerchantDomain'],
  ['PATCH', '/v1/merchant', 'updateMerchant'],
  ['PUT', '/v1/display', 'setDisplay'],
  ['PATCH', '/v1/settings/networks/{network}', 'updateSettingsNetwork'],
  ['GET', '/pay/{id}/status', 'getPayStatus'],
  ['GET', '/health', 'getHealth'],
])('%s %s is %s', (method, path, id) => {
  expect(operationIdOf(method, path)).toBe(id);
});

test('Fastify\'s `:id` and OpenAPI\'s `{id}` give the same id, whatever the method\'s case', () => {
  expect(operationIdOf('get', '/v1/refunds/:id')).toBe(operationIdOf('GET', '/v1/refunds/{id}'));
});
