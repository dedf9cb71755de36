import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { type IdempotencyOutcome, type IdempotencyService, requestFingerprint } from '../../services/idempotency-service.js';
import type { IdempotencyScope } from '../../services/ports.js';
import { callerOf } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyScope: IdempotencyScope | undefined;
  }
  interface FastifyContextConfig {
    /**
     * The route's work is one unit of work answered by `answerStoredWithUnit`, which claims the key
     * inside that unit (idempotency-service.ts, `inUnit`). Only for such routes: any other would let
     * duplicates on other instances run too.
     */
    answersInUnit?: boolean;
  }
}

/**
 * `Idempotency-Key` on POST: after validation (so a malformed request never claims a key), the
 * key is claimed or its stored response replayed; when the response is sent it is stored, unless
 * it is a 400, a 429 or a 5xx, which the client is meant to fix or retry.
 */
export function installIdempotency(app: FastifyInstance, service: IdempotencyService): void {
  app.decorateRequest('idempotencyScope', undefined);

  // Callback-style hooks (not async): they run on every request, and an async hook costs a promise
  // and a microtask each time even when it has nothing to do, which is most of the time.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    let outcome;
    try {
      outcome = claim(request, service);
    } catch (err) {
      return done(err as Error);
    }
    if (outcome === undefined) return done();
    outcome.then(
      (o) => {
        if (o.kind === 'proceed') return done();
        // Answered here: Fastify wants no done() after a reply sent from a callback hook.
        void reply.code(o.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(o.body);
      },
      (err: unknown) => done(err as Error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const scope = request.idempotencyScope;
    if (!scope) return done(null, payload);
    request.idempotencyScope = undefined;
    // The response leaves only once it is stored: a retry after it can always be replayed.
    service.finish(scope, reply.statusCode, typeof payload === 'string' ? payload : JSON.stringify(payload ?? null)).then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  });

  // A request whose response never got sent (client gone mid-way) must not hold its key forever.
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.idempotencyScope) return done();
    service.finish(request.idempotencyScope, 500, '').then(() => done(), done);
  });
}

/** Claims the request's key (setting `idempotencyScope`), or says to replay; undefined when there is none to claim. */
function claim(request: FastifyRequest, service: IdempotencyService): Promise<IdempotencyOutcome> | undefined {
  if (request.method !== 'POST') return undefined;
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.length < 1 || raw.length > 255) {
    throw new ApiError('parameter_invalid', 'The Idempotency-Key header must be 1 to 255 characters.', 'Idempotency-Key');
  }
  const caller = callerOf(request);
  const scope: IdempotencyScope = { merchantId: caller.merchantId, livemode: caller.livemode, key: raw };
  const inUnit = request.routeOptions.config.answersInUnit === true;
  return service.begin(scope, requestFingerprint(request.method, request.url, request.body), { inUnit }).then((outcome) => {
    if (outcome.kind === 'proceed') request.idempotencyScope = scope;
    return outcome;
  });
}

/**
 * For a POST whose work is one unit of work (session creation): runs it with a hook that renders the
 * 200 answer and stores it for the Idempotency-Key inside that same unit, then sends exactly those
 * bytes. Without a key, the answer is rendered as usual. Its route declares `answersInUnit: true`.
 */
export async function answerStoredWithUnit<V, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  service: IdempotencyService,
  render: (value: V) => R,
  run: (alsoInUnit: ((value: V) => Promise<void>) | undefined) => Promise<V>,
): Promise<R> {
  const scope = request.idempotencyScope;
  if (!scope) return render(await run(undefined));
  let body = '';
  // The unit may run more than once (a group sent back, a serialization failure): each run renders
  // and stores its own answer and overwrites `body`, so the bytes sent are those the committed run stored.
  await run(async (value) => {
    body = String(reply.serialize(render(value)));
    await service.saveInUnit(scope, 200, body);
  });
  // Committed with the work: the claim can go, and the onSend hook has nothing left to store.
  request.idempotencyScope = undefined;
  service.release(scope);
  // The stored bytes are the answer; a sent reply tells Fastify there is nothing more to serialise.
  return reply.type('application/json; charset=utf-8').send(body) as unknown as R;
}
