import type { RouteEntry } from "./route-entry.js";
import { withLanguageParam } from "./language-param.js";
import { accountRoute } from "./routes/account-route.js";
import { adminGrantCreditsRoute } from "./routes/admin-grant-credits-route.js";
import { adminStatsRoute } from "./routes/admin-stats-route.js";
import { dashaRoute } from "./routes/dasha-route.js";
import { JAIMINI_AND_TIMELINE_ROUTES } from "./routes/jaimini-route.js";
import { kundaliRoute } from "./routes/kundali-route.js";
import { vargasRoute } from "./routes/vargas-route.js";
import { shadbalaRoute } from "./routes/shadbala-route.js";
import { aspectsRoute } from "./routes/aspects-route.js";
import { bhavaChalitRoute } from "./routes/bhava-chalit-route.js";
import { upagrahasRoute } from "./routes/upagrahas-route.js";
import { remediesRoute } from "./routes/remedies-route.js";
import { chartSvgRoute } from "./routes/chart-svg-route.js";
import { choghadiyaRoute } from "./routes/choghadiya-route.js";
import { ephemerisRoute } from "./routes/ephemeris-route.js";
import { healthRoute } from "./routes/health-route.js";
import { messagingWebhookRoute } from "./routes/messaging-webhook-route.js";
import { muhurtaRoute } from "./routes/muhurta-route.js";
import { panchangaRangeRoute } from "./routes/panchanga-range-route.js";
import { panchangaGetRoute, panchangaPostRoute } from "./routes/panchanga-route.js";
import { panchangaSearchRoute } from "./routes/panchanga-search-route.js";
import { registerRoute } from "./routes/register-route.js";
import { registerStatusRoute } from "./routes/register-status-route.js";
import { verifyCodeRoute, verifyLinkRoute } from "./routes/verify-route.js";
import { adminPromoCodesRoute } from "./routes/admin-promo-codes-route.js";
import { CHECKOUT_ROUTES } from "./routes/checkout-routes.js";
import { PAYMENT_PAGE_ROUTES } from "./routes/payment-pages-routes.js";
import { PAYMENT_WEBHOOK_ROUTES } from "./routes/payment-webhook-routes.js";
import { TOPUP_ROUTES } from "./routes/topup-routes.js";
import { CALENDAR_ROUTES } from "./routes/calendar-routes.js";
import { CALENDAR_CONVERSION_ROUTES } from "./routes/calendar-conversion-routes.js";
import { kpRoute, kpRulingPlanetsRoute } from "./routes/kp-route.js";
import { aspectsLunarRoute, aspectsMonthlyRoute, kpIngressRoute, kpPlanetsAtIntervalsRoute, kpSublordChangesRoute, transitsMonthlyRoute } from "./routes/time-scans-route.js";
import { compatibilityRoute } from "./routes/compatibility-route.js";
import { MATCHING_ROUTES } from "./routes/matching-routes.js";
import { eventsRoute } from "./routes/events-route.js";
import { varshaphalRoute } from "./routes/varshaphal-route.js";
import { prashnaRoute } from "./routes/prashna-route.js";
import { panchaPakshiRoute } from "./routes/pancha-pakshi-route.js";
import { transitsRoute } from "./routes/transits-route.js";
import { adminCheckEventsRoute, WEBHOOK_ROUTES } from "./routes/webhook-routes.js";

import { withCivilTime } from "./civil-fields.js";
import { PLACES_ROUTES } from "./routes/places-routes.js";
import { FEED_ROUTES } from "./routes/feed-routes.js";

/**
 * Every REST endpoint of the spec served so far, in documentation order; the calculation routes
 * also take `lang` (docs/languages.md), and timezone/place/fold beside every moment and coordinate
 * pair (civil-fields.ts).
 */
export const ROUTES: readonly RouteEntry[] = ([
  healthRoute, ephemerisRoute,
  panchangaPostRoute, panchangaGetRoute, panchangaRangeRoute, panchangaSearchRoute, choghadiyaRoute, muhurtaRoute,
  registerRoute, verifyLinkRoute, verifyCodeRoute, registerStatusRoute, accountRoute, messagingWebhookRoute,
  adminGrantCreditsRoute, adminStatsRoute,
  kundaliRoute, dashaRoute, ...JAIMINI_AND_TIMELINE_ROUTES, vargasRoute, chartSvgRoute,
  ...CHECKOUT_ROUTES, ...PAYMENT_WEBHOOK_ROUTES, ...PAYMENT_PAGE_ROUTES, ...TOPUP_ROUTES, adminPromoCodesRoute,
  shadbalaRoute, aspectsRoute, bhavaChalitRoute, upagrahasRoute, remediesRoute,
  ...CALENDAR_ROUTES, ...CALENDAR_CONVERSION_ROUTES, ...FEED_ROUTES,
  kpRoute, kpRulingPlanetsRoute, kpSublordChangesRoute, kpIngressRoute, kpPlanetsAtIntervalsRoute, transitsMonthlyRoute, aspectsMonthlyRoute, aspectsLunarRoute,
  prashnaRoute, varshaphalRoute, compatibilityRoute, ...MATCHING_ROUTES, panchaPakshiRoute,
  transitsRoute,
  ...WEBHOOK_ROUTES, adminCheckEventsRoute, eventsRoute,
  ...PLACES_ROUTES,
] as readonly RouteEntry[]).map(withCivilTime).map(withLanguageParam);
