import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../envelope.js';
import { CASHIER_TOO, callerOf } from '../plugins/auth.js';
import { presentShift, presentShiftReportPrint } from '../presenters/shift-presenter.js';
import { Envelope, errorResponses, IdParams, ListOf } from '../schemas/common.js';
import { OpenShiftBody, ShiftListQuery, ShiftOut, ShiftReportPrintOut } from '../schemas/shift.js';
import type { HttpServices } from '../services.js';

const tags = ['Shifts'];

/**
 * Tills' shifts (docs/shifts.md): open cashiers too, in the caller's mode. A cashier opens, reads and
 * closes their own; the owner (and an API key, which acts as the owner) reads and closes any.
 */
export const shiftRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.post('/v1/shifts', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Open a shift on a till for the signed-in staff member',
      description:
        'Sales created with this `till` (`till` on `POST /v1/payment/sessions` and on checkout sessions) while the shift is open belong to it. ' +
        'One open shift per till: a till with one open already is 409 `invalid_state` (the message names it). Sends `shift.opened`. See docs/shifts.md.',
      body: OpenShiftBody,
      response: { 200: Envelope(ShiftOut), ...errorResponses(409) },
    },
  }, async (request) => ok(presentShift(await services.shifts.open(callerOf(request), request.body.till))));

  app.get('/v1/shifts', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Shifts, newest first (filter by `till`, `date`); a cashier sees their own',
      querystring: ShiftListQuery,
      response: { 200: ListOf(ShiftOut), ...errorResponses(404) },
    },
  }, async (request) => {
    const q = request.query;
    const page = await services.shifts.list(callerOf(request), {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...(q.till !== undefined && { till: q.till }),
      ...(q.date !== undefined && { date: q.date }),
    });
    return ok({ items: page.items.map(presentShift), has_more: page.hasMore });
  });

  app.get('/v1/shifts/:id', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Retrieve a shift and its report (a cashier: their own)',
      description: 'An open shift shows its report so far (computed at each read: what closing it now would freeze); a closed one the report kept at close. Another staff member\'s shift is 403 `role_forbidden` to a cashier.',
      params: IdParams,
      response: { 200: Envelope(ShiftOut), ...errorResponses(403, 404) },
    },
  }, async (request) => ok(presentShift(await services.shifts.get(callerOf(request), request.params.id))));

  app.post('/v1/shifts/:id/close', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Close a shift; returns it with its report',
      description:
        'The report is frozen at close; payments still unconfirmed then are reconciled as they confirm or drop, the report updated, and `shift.reconciled` sent when the last settles (at once when none is left). ' +
        'A cashier closes only a shift they opened (403 `role_forbidden`); a closed shift is 409 `invalid_state`. Sends `shift.closed`. See docs/shifts.md.',
      params: IdParams,
      response: { 200: Envelope(ShiftOut), ...errorResponses(403, 404, 409) },
    },
  }, async (request) => ok(presentShift(await services.shifts.close(callerOf(request), request.params.id))));

  app.post('/v1/shifts/:id/print', {
    // The same rights as reading the shift: the cashier prints their own before and after closing.
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Print a shift\'s report on the network printer (the till\'s "Print report")',
      description:
        'Prints the report as `GET /v1/shifts/{id}` shows it (an open shift: the figures so far) on the shop\'s network printer, and answers once the printer took all of it. ' +
        '503 `printer_unavailable` when the printer is off, unreachable or does not take the report within seconds (retry); 409 `invalid_state` when no printer is set up; ' +
        'a cashier printing another staff member\'s shift is 403 `role_forbidden`. Nothing is recorded: print it as often as needed. See docs/shifts.md.',
      params: IdParams,
      response: { 200: Envelope(ShiftReportPrintOut), ...errorResponses(403, 404, 409) },
    },
  }, async (request) => ok(presentShiftReportPrint(await services.shiftPrinting.printNow(callerOf(request), request.params.id))));
};
