import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatDecimal } from '../../domain/money.js';
import { ok } from '../envelope.js';
import { callerOf } from '../plugins/auth.js';
import { iso } from '../presenters/session-presenter.js';
import { DateTime, Envelope, errorResponses, MoneyOut } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const MerchantOut = Type.Object({
  merchant_id: Type.String(),
  object: Type.Literal('merchant'),
  name: Type.String(),
  livemode: Type.Boolean({ description: 'The mode of the key that asked.' }),
  domains: Type.Array(Type.Object({ merchant_domain_id: Type.String(), domain: Type.String(), created_at: DateTime })),
  settings: Type.Object({
    time_zone: Type.String(),
    reporting_currency: Type.String(),
    default_currency: Type.String(),
    fee: Type.Object({ percent: Type.String({ examples: ['1.5'] }), fixed: MoneyOut }),
    session_expiry_seconds: Type.Integer(),
    monitoring_window_seconds: Type.Integer(),
  }),
  created_at: DateTime,
});

export const merchantRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/merchant', {
    schema: {
      tags: ['Merchant'],
      summary: 'The API key\'s merchant, its domains and settings',
      response: { 200: Envelope(MerchantOut), ...errorResponses(401, 429) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const m = services.merchants.get(caller.merchantId);
    return ok({
      merchant_id: m.id,
      object: 'merchant' as const,
      name: m.name,
      livemode: caller.livemode,
      domains: m.domains.map((d) => ({ merchant_domain_id: d.id, domain: d.domain, created_at: iso(d.createdAt) })),
      settings: {
        time_zone: m.timeZone,
        reporting_currency: m.reportingCurrency,
        default_currency: m.defaultCurrency,
        fee: {
          percent: formatDecimal(BigInt(m.feeBps), 2).replace(/\.?0+$/, ''),
          fixed: { value: formatDecimal(BigInt(m.feeFixedUsdCents), 2), currency: 'USD' },
        },
        session_expiry_seconds: m.sessionExpirySeconds,
        monitoring_window_seconds: m.monitoringWindowSeconds,
      },
      created_at: iso(m.createdAt),
    });
  });
};
