import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isFiat } from '../../domain/currencies.js';
import { isTimeZone } from '../../domain/calendar.js';
import { invalidParam } from '../../domain/errors.js';
import { MAX_TIP_PRESETS, type Merchant, type MerchantSettingsPatch } from '../../domain/merchant.js';
import { formatDecimal } from '../../domain/money.js';
import { parseAmount, parseCurrency } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { callerOf, CASHIER_TOO, LIVE_ONLY } from '../plugins/auth.js';
import { iso } from '../presenters/session-presenter.js';
import { CurrencyCode, CurrencyOut, DateTime, DecimalString, Envelope, MoneyOut, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const MerchantOut = Type.Object({
  merchant_id: Type.String(),
  object: Type.Literal('merchant'),
  name: Type.String(),
  livemode: Type.Boolean({ description: 'The mode of the key that asked.' }),
  domains: Type.Array(Type.Object({ merchant_domain_id: Type.String(), domain: Type.String(), created_at: DateTime })),
  settings: Type.Object({
    time_zone: Type.String(),
    reporting_currency: CurrencyOut(),
    default_currency: CurrencyOut(),
    fee: Type.Object({ percent: Type.String({ examples: ['1.5'] }), fixed: MoneyOut }),
    session_expiry_seconds: Type.Integer(),
    monitoring_window_seconds: Type.Integer(),
    settlement_currency: Nullable(CurrencyOut('Settled funds convert into this currency automatically; null keeps them as received.')),
    conversion_fee: Type.Object({ percent: Type.String({ examples: ['0.5'] }) }),
    tips: Type.Object({
      enabled: Type.Boolean({ description: 'The till offers tips after the cashier charges.' }),
      percentages: Type.Array(Type.Number(), { maxItems: MAX_TIP_PRESETS, description: 'Preset percentages of the amount the till offers, in this order.' }),
      custom: Type.Boolean({ description: 'The customer may also type an amount of their own.' }),
    }, { description: 'docs/payments.md, "Tips". "No tip" is always offered.' }),
  }),
  created_at: DateTime,
});

const Percent = Type.String({ minLength: 1, maxLength: 8, description: 'Decimal percentage with up to 2 decimals, 0–100 (e.g. "1.5").' });

const MerchantPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    settings: Type.Optional(
      Type.Object(
        {
          time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone (e.g. `Europe/Berlin`): settlement is at 00:00 of the next day there.' })),
          reporting_currency: Type.Optional(CurrencyCode),
          default_currency: Type.Optional(CurrencyCode),
          fee: Type.Optional(
            Type.Object(
              {
                percent: Type.Optional(Percent),
                fixed: Type.Optional(Type.Object({ value: DecimalString({ description: 'USD per payment, e.g. "0.10".', examples: ['0.10'] }), currency: Type.Literal('USD') }, { additionalProperties: false })),
              },
              { additionalProperties: false },
            ),
          ),
          settlement_currency: Type.Optional(Nullable(CurrencyCode)),
          conversion_fee: Type.Optional(Type.Object({ percent: Percent }, { additionalProperties: false })),
          session_expiry_seconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86_400, description: 'Default lifetime of a new session, 1 minute to 24 hours.' })),
          monitoring_window_seconds: Type.Optional(
            Type.Integer({ minimum: 0, maximum: 7 * 86_400, description: 'How long after expiry payments are still watched for (PAID_LATE), up to 7 days.' }),
          ),
          tips: Type.Optional(
            Type.Object(
              {
                enabled: Type.Optional(Type.Boolean()),
                percentages: Type.Optional(
                  Type.Array(Type.Number({ description: 'A percentage of the amount, more than 0 and at most 100, up to 2 decimals.' }), {
                    maxItems: MAX_TIP_PRESETS,
                    description: `Up to ${MAX_TIP_PRESETS} preset percentages, all different (e.g. [10, 15, 20]); [] offers none.`,
                  }),
                ),
                custom: Type.Optional(Type.Boolean()),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const percentText = (bps: number) => formatDecimal(BigInt(bps), 2).replace(/\.?0+$/, '');

function basisPoints(value: string, param: string): number {
  const bps = value === '0' ? 0n : parseAmount(value, 'USD', param); // 2 decimals, like cents
  if (bps > 10_000n) throw invalidParam(param, 'must be at most 100');
  return Number(bps);
}

/** Preset tip percentages: each > 0 and ≤ 100 with at most 2 decimals (as a fee's percent), all different. */
function tipPresets(values: readonly number[], param: string): number[] {
  values.forEach((p, i) => {
    // Two decimals at most: 12.5 and 12.25 are fine, 12.125 is not (a preset is a button's label).
    if (!Number.isFinite(p) || p <= 0 || p > 100 || Math.round(p * 100) !== p * 100) {
      throw invalidParam(`${param}[${i}]`, 'must be a percentage more than 0 and at most 100, with at most 2 decimals');
    }
    if (values.indexOf(p) !== i) throw invalidParam(`${param}[${i}]`, 'must differ from the other presets');
  });
  return [...values];
}

function present(m: Merchant, livemode: boolean) {
  return {
    merchant_id: m.id,
    object: 'merchant' as const,
    name: m.name,
    livemode,
    domains: m.domains.map((d) => ({ merchant_domain_id: d.id, domain: d.domain, created_at: iso(d.createdAt) })),
    settings: {
      time_zone: m.timeZone,
      reporting_currency: m.reportingCurrency,
      default_currency: m.defaultCurrency,
      fee: { percent: percentText(m.feeBps), fixed: { value: formatDecimal(BigInt(m.feeFixedUsdCents), 2), currency: 'USD' } },
      session_expiry_seconds: m.sessionExpirySeconds,
      monitoring_window_seconds: m.monitoringWindowSeconds,
      settlement_currency: m.settlementCurrency,
      conversion_fee: { percent: percentText(m.conversionFeeBps) },
      tips: { enabled: m.tips.enabled, percentages: [...m.tips.percentages], custom: m.tips.custom },
    },
    created_at: iso(m.createdAt),
  };
}

export const merchantRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/merchant', {
    config: CASHIER_TOO,
    schema: {
      tags: ['Merchant'],
      summary: 'The API key\'s merchant, its domains and settings',
      response: { 200: Envelope(MerchantOut) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    return ok(present(await services.merchants.get(caller.merchantId), caller.livemode));
  });

  app.patch('/v1/merchant', {
    config: LIVE_ONLY,
    schema: {
      tags: ['Merchant'],
      summary: 'Change the merchant\'s name and settings (time zone, currencies, fees, settlement currency, tips)',
      description: 'Fields left out stay as they are. Fees apply to payments booked from now on; a session\'s fixed fee is the one in force when it was created.',
      body: MerchantPatch,
      response: { 200: Envelope(MerchantOut) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    const set = body.settings ?? {};
    const patch: MerchantSettingsPatch = {};
    if (body.name !== undefined) patch.name = body.name;
    if (set.time_zone !== undefined) {
      if (!isTimeZone(set.time_zone)) throw invalidParam('settings.time_zone', 'must be an IANA time zone such as "Europe/Berlin" or "UTC"');
      patch.timeZone = set.time_zone;
    }
    if (set.reporting_currency !== undefined) {
      const c = parseCurrency(set.reporting_currency, 'settings.reporting_currency');
      if (!isFiat(c)) throw invalidParam('settings.reporting_currency', 'must be one of the 15 fiat currencies');
      patch.reportingCurrency = c;
    }
    if (set.default_currency !== undefined) patch.defaultCurrency = parseCurrency(set.default_currency, 'settings.default_currency');
    if (set.fee?.percent !== undefined) patch.feeBps = basisPoints(set.fee.percent, 'settings.fee.percent');
    if (set.fee?.fixed !== undefined) {
      patch.feeFixedUsdCents = set.fee.fixed.value === '0' ? 0 : Number(parseAmount(set.fee.fixed.value, 'USD', 'settings.fee.fixed.value'));
    }
    if (set.settlement_currency !== undefined) {
      patch.settlementCurrency = set.settlement_currency === null ? null : parseCurrency(set.settlement_currency, 'settings.settlement_currency');
    }
    if (set.conversion_fee !== undefined) patch.conversionFeeBps = basisPoints(set.conversion_fee.percent, 'settings.conversion_fee.percent');
    if (set.session_expiry_seconds !== undefined) patch.sessionExpirySeconds = set.session_expiry_seconds;
    if (set.monitoring_window_seconds !== undefined) patch.monitoringWindowSeconds = set.monitoring_window_seconds;
    if (set.tips?.enabled !== undefined) patch.tipsEnabled = set.tips.enabled;
    if (set.tips?.custom !== undefined) patch.tipsCustom = set.tips.custom;
    if (set.tips?.percentages !== undefined) patch.tipPercentages = tipPresets(set.tips.percentages, 'settings.tips.percentages');
    return ok(present(await services.merchants.update(caller.merchantId, patch), caller.livemode));
  });

  app.post('/v1/merchant/domains', {
    config: LIVE_ONLY,
    schema: {
      tags: ['Merchant'],
      summary: 'Add a domain sessions may be created for',
      body: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253, examples: ['shop.example'] }) }, { additionalProperties: false }),
      response: { 200: Envelope(MerchantOut) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    return ok(present(await services.merchants.addDomain(caller.merchantId, request.body.domain), caller.livemode));
  });
};
