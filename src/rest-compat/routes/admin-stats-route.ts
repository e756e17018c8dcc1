import type { RouteEntry } from "../route-entry.js";

export const adminStatsRoute: RouteEntry = {
  method: "get",
  path: "/admin/stats",
  operationId: "adminStats",
  summary: "Service statistics (operator)",
  description:
    "financials (credits sold, granted, spent; by payment type; revenue per method and per UTC day, net of refunds, in " +
    "minor units — USD cents, satoshis, Stars; credits sold vs consumed; orders by status), usage (requests today and in total, by endpoint), " +
    "clients (accounts by tier and status, active today), system (uptime, memory, database). Requires X-Admin-Key.",
  tags: ["admin"],
  credits: 0,
  auth: "admin",
  input: {},
  document: /* GraphQL */ `query AdminStats { adminStats { financials usage clients system } }`,
  variables: () => ({}),
  result: (data) => ({ body: (data as { adminStats: Record<string, unknown> }).adminStats }),
  responseSchema: {
    type: "object",
    required: ["financials", "usage", "clients", "system"],
    properties: { financials: { type: "object" }, usage: { type: "object" }, clients: { type: "object" }, system: { type: "object" } },
  },
};
