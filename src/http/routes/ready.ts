import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../domain/errors.js';
import type { ReadinessCheck } from '../../services/readiness.js';
import { ok } from '../envelope.js';
import { Envelope, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

const Check = Type.Object({
  name: Type.String({ enum: ['database', 'timers', 'watcher'], description: 'What is checked: the database, the timers, or one network\'s watcher in one mode.' }),
  network: Type.Optional(Type.String({ description: 'Watchers: the network.' })),
  mode: Type.Optional(Type.String({ enum: ['test', 'live'], description: 'Watchers: the mode.' })),
  status: Type.String({
    enum: ['ok', 'failing', 'lagging', 'standby'],
    description: '`ok`; `failing` (the database does not answer); `lagging` (a watcher led here has not completed a pass in time); `standby` (another instance leads it, or none this moment: never fails readiness).',
  }),
  detail: Type.String({ description: 'The status in words.' }),
  leader: Type.Optional(Nullable(Type.String({ description: 'The instance leading the role (host:pid:random); null when none does this moment.' }))),
  last_pass_at: Type.Optional(Nullable(Type.String({ description: 'Watchers led here: when the last pass completed (ISO 8601, UTC); null before the first.' }))),
  last_head: Type.Optional(Nullable(Type.Integer({ description: 'Watchers led here: the chain\'s newest block (slot) seen.' }))),
  last_error: Type.Optional(Nullable(Type.String({ description: 'Watchers led here: why the last pass failed; null after a good one.' }))),
  blocks_behind: Type.Optional(Type.Integer({ minimum: 0, description: 'Watchers led here, on networks scanned block by block (EVM, TRON): blocks between the last one applied and the head; above 0 while catching up.' })),
});

function present(c: ReadinessCheck) {
  return {
    name: c.name,
    ...(c.network !== undefined && { network: c.network }),
    ...(c.mode !== undefined && { mode: c.mode }),
    status: c.status,
    detail: c.detail,
    ...(c.leader !== undefined && { leader: c.leader }),
    ...(c.lastSuccessAt !== undefined && { last_pass_at: iso(c.lastSuccessAt) }),
    ...(c.lastHead !== undefined && { last_head: c.lastHead }),
    ...(c.lastError !== undefined && { last_error: c.lastError }),
    ...(c.blocksBehind !== undefined && { blocks_behind: c.blocksBehind }),
  };
}

const described = (c: ReadinessCheck) => `${c.name === 'watcher' ? `watcher ${c.network ?? ''} (${c.mode ?? ''})` : c.name}: ${c.detail}`;

/**
 * Public readiness check, beside `/health` (liveness): whether this instance should be sent traffic
 * and is doing its share, for orchestrators and load balancers (docs/deployment.md, "Health and
 * readiness"). 503 `not_ready` names each failing check.
 */
export const readyRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/ready', {
    schema: {
      tags: ['Operations'],
      summary: 'Readiness: the database answers and every watcher this instance leads is on time',
      description:
        '200 lists every check: the database, the timers and each network\'s watcher, with `standby` for those another instance leads. ' +
        '503 `not_ready` when the database does not answer or a watcher led here has not completed a pass in time; its message names each failing check.',
      security: [],
      response: {
        200: Envelope(Type.Object({
          status: Type.Literal('ready'),
          instance: Type.String({ description: 'This instance (host:pid:random): the `leader` other instances show for what it leads.' }),
          checks: Type.Array(Check),
        })),
      },
    },
  }, async () => {
    const report = await services.readiness.check();
    if (!report.ready) {
      const failing = report.checks.filter((c) => c.status === 'failing' || c.status === 'lagging');
      throw new ApiError('not_ready', `Not ready (${report.instance}): ${failing.map(described).join('; ')}.`);
    }
    return ok({ status: 'ready' as const, instance: report.instance, checks: report.checks.map(present) });
  });
};
