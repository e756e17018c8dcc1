import { ALL_EVENT_TYPES, EVENT_TYPES, PERSONAL_EVENT_TYPES } from "../../engine/events/event-types.js";
import { PERSONAL_DASHA_SYSTEMS } from "../../engine/events/personal-event-types.js";
import { AYANAMSHAS } from "../../engine/types.js";
import type { RouteEntry } from "../route-entry.js";
import { birthDateTimeProblem } from "./kundali-route.js";

interface BirthOut { instant: string; datetime: string; latitude: number; longitude: number; ayanamsha: string }
const birthBody = (b: BirthOut | null | undefined) =>
  b ? { instant: b.instant, datetime: b.datetime, latitude: b.latitude, longitude: b.longitude, ayanamsha: b.ayanamsha } : null;
const BIRTH_SCHEMA = {
  type: ["object", "null"],
  description: "the birth of a birth-keyed subscription (its personal events: docs/events.md)",
  properties: {
    instant: { type: "string" }, datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" }, ayanamsha: { type: "string" },
  },
};

interface Created {
  subscriptionId: string; url: string; events: string[]; latitude: number | null; longitude: number | null; status: string;
  signingSecret: string; createdAt: string; birth: BirthOut | null; dashaSystems: string[];
}
interface Listed {
  subscriptionId: string; url: string; events: string[]; latitude: number | null; longitude: number | null; status: string;
  disabledReason: string | null; createdAt: string; deliveredCount: number; failedAttempts: number; deadCount: number;
  pendingCount: number; lastError: string | null; lastErrorAt: string | null; lastDeliveredAt: string | null;
  birth: BirthOut | null; personalUntil: string | null; dashaSystems: string[];
  deadDeliveries: { webhookId: string; event: string; attempts: number; lastStatus: number | null; lastError: string | null }[];
}

const nullableString = { type: ["string", "null"] };
const DASHA_SYSTEMS_SCHEMA = {
  type: "array", items: { type: "string", enum: [...PERSONAL_DASHA_SYSTEMS] },
  description: "the dasha systems whose maha and antar changes it receives (empty without a birth)",
};
const nullableNumber = { type: ["number", "null"] };

export const webhookSubscribeRoute: RouteEntry = {
  method: "post",
  path: "/webhooks/subscribe",
  operationId: "subscribeWebhook",
  summary: "Subscribe a webhook to events",
  description:
    "url must be HTTPS and resolve to a public address (loopback, private, link-local, CGNAT and metadata addresses are " +
    "refused, here and again at each delivery; redirects are not followed). events: one or more of the ten event names. " +
    "latitude and longitude (together, optional): deliveries then carry this location. Answers subscription_id and the " +
    "Standard Webhooks signing_secret, shown only here. At most WEBHOOK_MAX_SUBSCRIPTIONS_PER_ACCOUNT subscriptions per " +
    "account (default 25): beyond it 409. With a birth (birth_datetime with its offset, or local with birth_timezone or " +
    "birth_place; birth_latitude, birth_longitude) the subscription also receives that person's events: " +
    `${PERSONAL_EVENT_TYPES.join(", ")} (all of them unless events names some), computed ahead over the event horizon ` +
    "(EVENT_HORIZON_DAYS, 40). dasha_systems (with a birth; default vimshottari) adds the maha and antar changes of other " +
    "dasha systems, each as the /dasha route with that system reports them: <system>_dasha_maha_change, <system>_dasha_antar_change. " +
    "A subscription with a birth costs 3 credits, without 1. Deliveries are free. Its events as an iCalendar feed: " +
    "POST /webhooks/{subscription_id}/feed.",
  tags: ["webhooks"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      url: { type: "string", required: true, min: 1, max: 2048, format: "uri", description: "an HTTPS URL resolving to a public address" },
      events: {
        type: "array", required: true, min: 1, max: ALL_EVENT_TYPES.length, itemName: "event",
        items: { type: "string", enum: ALL_EVENT_TYPES }, example: ["ekadashi", "purnima"],
      },
      latitude: { type: "number", min: -90, max: 90, description: "with longitude" },
      longitude: { type: "number", min: -180, max: 180, description: "with latitude" },
      birth_datetime: {
        type: "string", format: "date-time", check: birthDateTimeProblem, example: "1990-05-15T14:30:00+05:30",
        description: "a birth (ISO 8601 with offset, or local with birth_timezone or birth_place), years 1800–2400: the subscription also gets that person's events",
      },
      birth_latitude: { type: "number", min: -90, max: 90, description: "the birth place, degrees north (with birth_datetime)" },
      birth_longitude: { type: "number", min: -180, max: 180, description: "the birth place, degrees east (with birth_datetime)" },
      birth_ayanamsha: { type: "string", enum: AYANAMSHAS, description: "sidereal zodiac of the personal events (default lahiri)" },
      dasha_systems: {
        type: "array", min: 1, max: PERSONAL_DASHA_SYSTEMS.length, itemName: "dasha system", items: { type: "string", enum: PERSONAL_DASHA_SYSTEMS },
        example: ["vimshottari", "yogini"],
        description: "with a birth: the dasha systems whose maha and antar changes come (default vimshottari); the systems /dasha serves",
      },
    },
  },
  // A public address literal: the example runs without DNS, and no example event is of its type.
  exampleInput: { body: { url: "https://1.1.1.1/astro-events", events: ["purnima"] } },
  document: /* GraphQL */ `
    mutation SubscribeWebhook($input: WebhookSubscribeInput!) {
      subscribeWebhook(input: $input) {
        subscriptionId url events latitude longitude status signingSecret createdAt birth { instant datetime latitude longitude ayanamsha } dashaSystems
      }
    }
  `,
  variables: ({ body }) => {
    const given = (k: string) => body[k] !== undefined && body[k] !== null;
    const hasBirth = ["birth_datetime", "birth_latitude", "birth_longitude", "birth_ayanamsha"].some(given);
    return {
      input: {
        url: body.url, events: body.events, latitude: body.latitude ?? null, longitude: body.longitude ?? null,
        // A birth field without birth_datetime: the empty datetime is refused naming birth_datetime.
        birth: hasBirth ? {
          datetime: given("birth_datetime") ? body.birth_datetime : "", latitude: body.birth_latitude ?? null, longitude: body.birth_longitude ?? null,
          ...(given("birth_ayanamsha") ? { options: { ayanamsha: String(body.birth_ayanamsha).toUpperCase() } } : {}),
        } : null,
        dashaSystems: body.dasha_systems ?? null,
      },
    };
  },
  errorLocs: {
    url: ["body", "url"], events: ["body", "events"], latitude: ["body", "latitude"], longitude: ["body", "longitude"],
    "birth.datetime": ["body", "birth_datetime"], "birth.latitude": ["body", "birth_latitude"], "birth.longitude": ["body", "birth_longitude"],
    "birth.timezone": ["body", "birth_timezone"], "birth.place": ["body", "birth_place"], "birth.fold": ["body", "birth_fold"],
    dashaSystems: ["body", "dasha_systems"],
  },
  errors: { 409: "The account already holds the most subscriptions allowed (WEBHOOK_MAX_SUBSCRIPTIONS_PER_ACCOUNT)" },
  result: (data) => {
    const s = (data as unknown as { subscribeWebhook: Created }).subscribeWebhook;
    return {
      body: {
        subscription_id: s.subscriptionId, url: s.url, events: s.events, latitude: s.latitude, longitude: s.longitude,
        status: s.status, signing_secret: s.signingSecret, created_at: s.createdAt, birth: birthBody(s.birth), dasha_systems: s.dashaSystems,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["subscription_id", "url", "events", "status", "signing_secret", "created_at"],
    properties: {
      subscription_id: { type: "string", description: "sub_…; also the key of X-Webhook-Signature" },
      url: { type: "string" }, events: { type: "array", items: { type: "string" } },
      latitude: nullableNumber, longitude: nullableNumber, status: { type: "string" },
      signing_secret: { type: "string", description: "whsec_…: key of the Standard Webhooks webhook-signature; shown once" },
      created_at: { type: "string" }, birth: BIRTH_SCHEMA, dasha_systems: DASHA_SYSTEMS_SCHEMA,
    },
  },
};

export const webhookListRoute: RouteEntry = {
  method: "get",
  path: "/webhooks",
  operationId: "webhooks",
  summary: "Your webhook subscriptions",
  description:
    "The caller's own subscriptions: status (active, or disabled with the reason, e.g. a 410 answer), deliveries done, " +
    "failed attempts, dead and pending deliveries, the last error, and the most recent dead deliveries. The signing secret is not shown again.",
  tags: ["webhooks"],
  credits: 0,
  auth: "api_key",
  input: {},
  document: /* GraphQL */ `
    query Webhooks {
      webhooks {
        subscriptionId url events latitude longitude status disabledReason createdAt deliveredCount failedAttempts deadCount
        pendingCount lastError lastErrorAt lastDeliveredAt deadDeliveries { webhookId event attempts lastStatus lastError }
        birth { instant datetime latitude longitude ayanamsha } personalUntil dashaSystems
      }
    }
  `,
  variables: () => ({}),
  result: (data) => {
    const list = (data as unknown as { webhooks: Listed[] }).webhooks;
    return {
      body: {
        subscriptions: list.map((s) => ({
          subscription_id: s.subscriptionId, url: s.url, events: s.events, latitude: s.latitude, longitude: s.longitude,
          status: s.status, disabled_reason: s.disabledReason, created_at: s.createdAt, delivered_count: s.deliveredCount,
          failed_attempts: s.failedAttempts, dead_count: s.deadCount, pending_count: s.pendingCount, last_error: s.lastError,
          last_error_at: s.lastErrorAt, last_delivered_at: s.lastDeliveredAt, birth: birthBody(s.birth), personal_until: s.personalUntil,
          dasha_systems: s.dashaSystems,
          dead_deliveries: s.deadDeliveries.map((d) => ({
            webhook_id: d.webhookId, event: d.event, attempts: d.attempts, last_status: d.lastStatus, last_error: d.lastError,
          })),
        })),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["subscriptions"],
    properties: {
      subscriptions: {
        type: "array",
        items: {
          type: "object",
          required: ["subscription_id", "url", "events", "status", "delivered_count", "failed_attempts", "dead_count", "pending_count", "dead_deliveries"],
          properties: {
            subscription_id: { type: "string" }, url: { type: "string" }, events: { type: "array", items: { type: "string" } },
            latitude: nullableNumber, longitude: nullableNumber, status: { type: "string", enum: ["active", "disabled"] },
            disabled_reason: nullableString, created_at: { type: "string" }, delivered_count: { type: "integer" },
            failed_attempts: { type: "integer" }, dead_count: { type: "integer" }, pending_count: { type: "integer" },
            last_error: nullableString, last_error_at: nullableString, last_delivered_at: nullableString,
            birth: BIRTH_SCHEMA, personal_until: nullableString, dasha_systems: DASHA_SYSTEMS_SCHEMA,
            dead_deliveries: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  webhook_id: { type: "string" }, event: { type: "string" }, attempts: { type: "integer" },
                  last_status: { type: ["integer", "null"] }, last_error: nullableString,
                },
              },
            },
          },
        },
      },
    },
  },
};

export const webhookDeleteRoute: RouteEntry = {
  method: "delete",
  path: "/webhooks/{subscription_id}",
  operationId: "deleteWebhook",
  summary: "Delete a webhook subscription",
  description: "Deletes one of the caller's subscriptions and its queued deliveries. An unknown id, or another account's, answers 404.",
  tags: ["webhooks"],
  credits: 0,
  auth: "api_key",
  input: { path: { subscription_id: { type: "string", required: true, min: 1, max: 64, description: "sub_…" } } },
  exampleInput: { path: { subscription_id: "sub_unknown" } },
  document: /* GraphQL */ `
    mutation DeleteWebhook($subscriptionId: String!) { deleteWebhook(subscriptionId: $subscriptionId) { subscriptionId deleted } }
  `,
  variables: ({ path }) => ({ subscriptionId: path.subscription_id }),
  errorLocs: { subscriptionId: ["path", "subscription_id"] },
  errors: { 404: "The caller has no subscription with this subscription_id" },
  result: (data) => {
    const d = (data as unknown as { deleteWebhook: { subscriptionId: string; deleted: boolean } }).deleteWebhook;
    return { body: { subscription_id: d.subscriptionId, deleted: d.deleted } };
  },
  responseSchema: {
    type: "object",
    required: ["subscription_id", "deleted"],
    properties: { subscription_id: { type: "string" }, deleted: { type: "boolean" } },
  },
};

export const adminCheckEventsRoute: RouteEntry = {
  method: "post",
  path: "/admin/check-events",
  operationId: "checkEvents",
  summary: "Submit events for delivery (operator)",
  description:
    "CheckEventsRequest: events, at least 1 item, each {type, data} with type one of the ten event names and data an object. " +
    "Each event is recorded, a delivery is queued for every matching active subscription, and it is published to GraphQL " +
    "subscribers. Answers how many deliveries were queued per event. Requires X-Admin-Key.",
  tags: ["admin"],
  credits: 0,
  auth: "admin",
  input: {
    body: {
      events: {
        type: "array", required: true, min: 1, max: 1000, itemName: "event",
        items: {
          type: "object",
          fields: {
            type: { type: "string", required: true, enum: EVENT_TYPES },
            data: { type: "object", required: true },
          },
        },
        example: [{ type: "ekadashi", data: { tithi: "Ekadashi", paksha: "shukla" } }],
      },
    },
  },
  document: /* GraphQL */ `
    mutation CheckEvents($events: [CheckEventInput!]!) {
      checkEvents(events: $events) { events { eventId type deliveriesQueued } deliveriesQueued }
    }
  `,
  variables: ({ body }) => ({ events: body.events }),
  errorLocs: { events: ["body", "events"] },
  result: (data) => {
    const r = (data as unknown as { checkEvents: { events: { eventId: string; type: string; deliveriesQueued: number }[]; deliveriesQueued: number } })
      .checkEvents;
    return {
      body: {
        events: r.events.map((e) => ({ event_id: e.eventId, type: e.type, deliveries_queued: e.deliveriesQueued })),
        deliveries_queued: r.deliveriesQueued,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["events", "deliveries_queued"],
    properties: {
      events: {
        type: "array",
        items: {
          type: "object", required: ["event_id", "type", "deliveries_queued"],
          properties: { event_id: { type: "string" }, type: { type: "string" }, deliveries_queued: { type: "integer" } },
        },
      },
      deliveries_queued: { type: "integer" },
    },
  },
};

export const WEBHOOK_ROUTES: readonly RouteEntry[] = [webhookSubscribeRoute, webhookListRoute, webhookDeleteRoute];
