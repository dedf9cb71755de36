import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { dailyCsv } from '../reports/daily-csv.js';
import { PRINTABLE_DAY_CSP, renderDailyPage } from '../reports/daily-page.js';
import { Envelope, errorResponses } from '../schemas/common.js';
import { DailyReportOut, DailyReportQuery } from '../schemas/daily-report.js';
import type { HttpServices } from '../services.js';

/** The shop's day (docs/reports.md): owner only, in the caller's mode. */
export const reportRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/reports/daily', {
    config: OWN_MODE,
    schema: {
      tags: ['Reports'],
      summary: 'The shop\'s day: the Z-report over every till and shift of one day in the shop\'s time zone',
      description:
        'The shift report\'s figures over every sale created that day (in a shift or not: `outside_shifts` counts those in none), sales by local hour and by network, and the day\'s shifts with their charged-against-arrived differences. ' +
        '`format=csv` answers the same lines as CSV, `format=html` a printable page that loads nothing. See docs/reports.md.',
      querystring: DailyReportQuery,
      response: {
        200: {
          description: 'The report: JSON in the envelope (default), CSV (`format=csv`) or an HTML page (`format=html`).',
          content: {
            'application/json': { schema: Envelope(DailyReportOut) },
            'text/csv': { schema: { type: 'string', description: 'Columns: section, item, currency, network, sales, gross, tips, refunds, fees, net, charged, received, difference (docs/reports.md).' } },
            'text/html': { schema: { type: 'string', description: 'A printable page.' } },
          },
        },
        ...errorResponses(),
      },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const report = await services.dailyReports.day(caller, request.query.date);
    void reply.header('Cache-Control', 'no-store');
    switch (request.query.format ?? 'json') {
      case 'csv':
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="day-${report.date}.csv"`)
          .send(dailyCsv(report));
      case 'html': {
        const { name } = await services.merchants.get(caller.merchantId);
        return reply.type('text/html; charset=utf-8').header('Content-Security-Policy', PRINTABLE_DAY_CSP).send(renderDailyPage(report, name));
      }
      default:
        return ok(report);
    }
  });
};
