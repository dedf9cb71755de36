import { Type } from '@sinclair/typebox';
import { ALL_EVENTS, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '../../domain/webhooks.js';
import { DateTime, IdParams, ListQueryBase, Nullable } from './common.js';

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Absolute URL: https anywhere; plain http only for loopback, private network addresses (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10) and `.local` names. No credentials.',
  examples: ['https://shop.example/webhooks/stablepos', 'http://192.168.1.20:8080/hooks'],
});

const EnabledEvents = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: `Event types to receive, or \`["${ALL_EVENTS}"]\` for all: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  examples: [['payment_session.succeeded', 'payment_session.expired'], ['*']],
});

const Description = Type.String({ maxLength: 500 });
const Status = (description?: string) => Type.String({ enum: ['enabled', 'disabled'], ...(description && { description }) });

export const EndpointCreateBody = Type.Object(
  {
    url: Url,
    enabled_events: EnabledEvents,
    description: Type.Optional(Nullable(Description)),
    status: Type.Optional(Status('Default `enabled`.')),
  },
  { additionalProperties: false },
);

export const EndpointUpdateBody = Type.Object(
  {
    url: Type.Optional(Url),
    enabled_events: Type.Optional(EnabledEvents),
    description: Type.Optional(Nullable(Description)),
    status: Type.Optional(Status('`enabled` also re-enables an endpoint disabled by a `410 Gone` (and clears `disabled_reason`).')),
  },
  { additionalProperties: false },
);

const endpointFields = {
  id: Type.String({ examples: ['we_4f9QeXz0aBcDeFgHiJkLmNoP'] }),
  object: Type.Literal('webhook_endpoint'),
  url: Type.String(),
  description: Nullable(Type.String()),
  enabled_events: Type.Array(Type.String()),
  status: Status(),
  disabled_reason: Nullable(
    Type.String({ enum: ['gone', 'manual'], description: '`gone`: the receiver answered 410 Gone; `manual`: set to disabled through the API.' }),
  ),
  livemode: Type.Boolean(),
  secret_rotated_until: Nullable(Type.String({ description: 'After a rotation: until when the previous secret still signs beside the new one (ISO 8601).' })),
  // Optional only for idempotent replays of answers stored before the field existed (they are
  // replayed byte for byte); every answer made now carries it.
  owner_confirmed_at: Type.Optional(
    Nullable(
      Type.String({
        description:
          'When the owner, signed in to the app, confirmed this URL as a system of theirs (`POST …/{id}/confirm`); null until then and again after any change of `url`. ' +
          'Until then, what a non-public address (loopback, private, link-local, whatever the host name resolves to) answers is not logged beyond its status code and duration. ' +
          'Always present, except in an idempotent replay of an answer stored by a version before it.',
      }),
    ),
  ),
  created_at: DateTime,
  updated_at: DateTime,
};

export const EndpointOut = Type.Object(endpointFields);

/** Only the create and rotate_secret answers carry the secret. */
export const EndpointWithSecretOut = Type.Object({
  ...endpointFields,
  secret: Type.String({ description: '`whsec_` + base64 key for verifying signatures (Standard Webhooks). Shown only here: store it now.' }),
});

export const EndpointListQuery = Type.Object(
  {
    limit: ListQueryBase.limit,
    starting_after: ListQueryBase.starting_after,
    ending_before: ListQueryBase.ending_before,
  },
  { additionalProperties: false },
);

const AttemptOut = Type.Object({
  attempted_at: DateTime,
  status_code: Nullable(Type.Integer({ description: 'HTTP status of the answer; null when none came (timeout, refused connection).' })),
  duration_ms: Type.Integer(),
  response_body: Nullable(Type.String({ description: 'The first 1 KB of the answer; null when kept back (`answer_hidden`).' })),
  error: Nullable(
    Type.String({
      description: 'Why no answer came, e.g. `timed out after 15000 ms`, `ECONNREFUSED: …`; when kept back (`answer_hidden`), always the same text, whatever failed.',
    }),
  ),
  answer_hidden: Type.Boolean({
    description:
      'The request went to a non-public address (loopback, private, link-local; judged by the address connected to) of an endpoint the owner has not confirmed: only the status code and duration were kept (docs/webhooks.md).',
  }),
});

export const DeliveryOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_delivery'),
  webhook_endpoint_id: Type.String(),
  event_id: Type.String({ description: 'Also the `webhook-id` header of every attempt.' }),
  event_type: Type.String(),
  status: Type.String({ enum: ['pending', 'succeeded', 'failed'] }),
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Type.String({ description: 'When the next attempt is due (ISO 8601); null once finished.' })),
  last_status_code: Nullable(Type.Integer()),
  created_at: DateTime,
  completed_at: Nullable(DateTime),
  attempts: Type.Array(AttemptOut, { description: 'Every attempt, oldest first (at most 10).' }),
});

export const DeliveryListQuery = Type.Object(
  {
    limit: ListQueryBase.limit,
    starting_after: ListQueryBase.starting_after,
    ending_before: ListQueryBase.ending_before,
    status: Type.Optional(Type.String({ enum: ['pending', 'succeeded', 'failed'] })),
    event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const EventOut = Type.Object({
  id: Type.String({ description: 'Also the `webhook-id` header of its deliveries.', examples: ['evt_4f9QeXz0aBcDeFgHiJkLmNoP'] }),
  type: Type.String({ description: `One of ${WEBHOOK_EVENT_TYPES.join(', ')}, or ${TEST_EVENT_TYPE}.` }),
  created_at: DateTime,
  livemode: Type.Boolean(),
  data: Type.Object({ object: Type.Unknown({ description: 'The object as it was when the event happened (a payment session, or for a test event the endpoint).' }) }),
});

export const EventListQuery = Type.Object(
  {
    ...ListQueryBase,
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Exact type, or a prefix with `.*`: `payment_session.*`.' })),
    object_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only events about this object (e.g. a session id).' })),
  },
  { additionalProperties: false },
);

export const ResendBody = Nullable(
  Type.Object(
    { webhook_endpoint_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only to this endpoint; default every enabled endpoint subscribed to the event.' })) },
    { additionalProperties: false },
  ),
);

export const WebhookIdParams = IdParams;

export const EndpointConfirmBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'The URL the owner was shown and confirms: 409 `invalid_state` if the endpoint has another one now.' }),
    pin: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'The signed-in owner\'s PIN, asked again (4–12 digits).' })),
  },
  { additionalProperties: false },
);
