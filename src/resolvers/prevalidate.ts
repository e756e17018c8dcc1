import {
  GraphQLError, GraphQLIncludeDirective, GraphQLSkipDirective, Kind, getArgumentValues, getDirectiveValues, getNamedType,
  getVariableValues, isObjectType,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLObjectType, type GraphQLSchema,
  type OperationDefinitionNode, type SelectionSetNode,
} from "graphql";
import { svgVarga } from "./chart/svg/chart-svg-args.js";
import { DEFAULT_VARGA_CHARTS, parseVargaList } from "../engine/varga/varga-chart.js";
import type { Graha } from "../engine/types.js";
import { birthFrom, type BirthInput } from "./chart/birth-input.js";
import { chartPlanetsOnly } from "./chart/chart-resolver.js";
import { conventionsFrom, type ConventionsInput } from "./common/conventions.js";
import { badUserInput, forField } from "./common/input-errors.js";
import { checkLanguageArgument, LOCALISED_ROOT_FIELDS } from "./common/language-argument.js";
import { dashaQueryMoment } from "./dasha/dasha-resolver.js";
import { systemDashaLevels } from "./dasha/system-dasha-resolver.js";
import { jaiminiScheme } from "./jaimini/jaimini-resolver.js";
import { chandrashtamaRange, dailyStrengthMoment } from "./personal/personal-resolver.js";
import type { DashaSystemKey } from "../engine/dasha/dasha-systems.js";
import { birthRangeProblem } from "./kundali/chart-core-of.js";
import { ephemerisSourceFrom } from "./ephemeris/ephemeris-resolver.js";
import { calendarArgsFrom, calendarMonthFrom, calendarRegionsFrom } from "./calendar/calendar-resolver.js";
import { calendarDateArgsFrom, solarToCivilArgsFrom } from "./calendar/date-conversion-resolver.js";
import { choghadiyaArgsFrom } from "./panchanga/choghadiya-resolver.js";
import { muhurtaArgsFrom } from "./panchanga/muhurta-resolver.js";
import {
  panchangaRangeArgsFrom, panchangaSearchArgsFrom, panchangaSearchCriteriaFrom,
} from "./panchanga/panchanga-list-resolver.js";
import type { PanchangaCriteriaInput } from "./panchanga/panchanga-list-type.js";
import { panchangaSourceFrom, type PanchangaArgs } from "./panchanga/panchanga-resolver.js";
import { kpIntervalArgsFrom } from "./kp/kp-intervals-resolver.js";
import { kpRangeArgsFrom, lunarArgsFrom, monthArgsFrom } from "./scans/scans-resolver.js";
import { compatibilityArgsFrom } from "./compat/compatibility-resolver.js";
import { bulkMatchArgsFrom, starMatchArgsFrom } from "./compat/porutham-resolver.js";
import { varshaphalArgsFrom } from "./tajaka/varshaphal-resolver.js";
import { prashnaArgsFrom } from "./prashna/prashna-resolver.js";
import { transitsAtMoment } from "./transits/transits-resolver.js";
import { saturnTimelineRange } from "./timeline/saturn-timeline-resolver.js";
import { heliacalAtMoment } from "./timeline/planet-states-resolver.js";
import { checkEventsArgsFrom, subscribeArgsFrom } from "./webhooks/webhook-resolver.js";
import { checkFeedId, feedDefinitionFrom } from "./feeds/feed-resolver.js";
import { checkSubscriptionId } from "./feeds/subscription-feed-resolver.js";
import type { CalendarFeedInput } from "./feeds/feed-types.js";
import type { CheckEventInput, WebhookSubscribeInput } from "./webhooks/webhook-types.js";
import { astroEventsArgsFrom, type AstroEventsArgs } from "../subscriptions/astro-events-args.js";
import { panchaPakshiArgsFrom } from "./pancha-pakshi/pancha-pakshi-resolver.js";
import { nearestArgsFrom, placesArgsFrom } from "./places/places-resolver.js";
import { eventsArgsFrom, type EventsArgs } from "./events/events-resolver.js";
import { isLocalDateTime } from "./common/civil-input.js";

/** Checks one field's (coerced) arguments; throws badUserInput naming the argument. */
export type ArgumentCheck = (args: Record<string, unknown>) => void;

// The coerced arguments are plain objects shaped as the schema says; the casts name that shape.
type A = Record<string, unknown>;
const str = (a: A, k: string) => a[k] as string;
const num = (a: A, k: string) => a[k] as number;
const conv = (a: A) => a.options as ConventionsInput | null | undefined;

/**
 * A chart's birth as chartInputOf (kundali/chart-core-of.ts) takes it: birthFrom's checks plus the
 * 1800–2400 span every chart part that reads the chart core refuses while computing. Refusing it
 * here keeps `chart(2401) { lagna }` from being priced and charged before the resolver says no.
 */
function chartBirth(a: A): void {
  const b = birthFrom("birth", a.birth as BirthInput);
  const problem = birthRangeProblem(b.moment.instant.unixMs);
  if (problem) throw badUserInput("birth.datetime", problem);
}

/**
 * The root fields whose arguments carry rules beyond the GraphQL types (datetimes with offsets,
 * latitude ranges, names). Every billable root field must have one (test/gateway/prevalidate-
 * coverage.test.ts walks the schema). Each runs the same exported function its resolver runs,
 * so a caller is refused with the resolver's own message before anything is priced or charged:
 * input refused later, while computing, would already have been charged (docs/architecture.md §5).
 */
export const ROOT_ARGUMENT_CHECKS: Readonly<Record<string, ArgumentCheck>> = {
  ephemeris: (a) => void ephemerisSourceFrom(a as unknown as Parameters<typeof ephemerisSourceFrom>[0]),
  chart: chartBirth,
  dasha: (a) => {
    chartBirth(a);
    dashaQueryMoment(a.queryDatetime as string | null | undefined, a.birth as BirthInput);
  },
  systemDasha: (a) => {
    chartBirth(a);
    systemDashaLevels(a.system as DashaSystemKey, a.levels as number | null | undefined);
    dashaQueryMoment(a.queryDatetime as string | null | undefined, a.birth as BirthInput);
  },
  jaimini: (a) => {
    chartBirth(a);
    jaiminiScheme(a.scheme as number | null | undefined);
  },
  dailyStrength: (a) => {
    chartBirth(a);
    dailyStrengthMoment(str(a, "datetime"), a.birth as BirthInput);
  },
  chandrashtama: (a) => {
    chartBirth(a);
    chandrashtamaRange(str(a, "start"), str(a, "end"), a.birth as BirthInput);
  },
  panchanga: (a) => void panchangaSourceFrom(a as unknown as PanchangaArgs),
  panchangaRange: (a) => void panchangaRangeArgsFrom(a as unknown as Parameters<typeof panchangaRangeArgsFrom>[0]),
  panchangaSearch: (a) => {
    panchangaSearchArgsFrom(a as unknown as Parameters<typeof panchangaSearchArgsFrom>[0]);
    panchangaSearchCriteriaFrom(a.criteria as PanchangaCriteriaInput);
  },
  choghadiya: (a) => void choghadiyaArgsFrom(a as unknown as Parameters<typeof choghadiyaArgsFrom>[0]),
  muhurta: (a) => void muhurtaArgsFrom(a as unknown as Parameters<typeof muhurtaArgsFrom>[0]),
  calendar: (a) => void calendarArgsFrom(a as Parameters<typeof calendarArgsFrom>[0]),
  calendarDate: (a) => void calendarDateArgsFrom(a as unknown as Parameters<typeof calendarDateArgsFrom>[0]),
  solarToCivil: (a) => void solarToCivilArgsFrom(a as unknown as Parameters<typeof solarToCivilArgsFrom>[0]),
  kpSubLordChanges: (a) => void kpRangeArgsFrom(a as unknown as Parameters<typeof kpRangeArgsFrom>[0]),
  kpIngresses: (a) => void kpRangeArgsFrom(a as unknown as Parameters<typeof kpRangeArgsFrom>[0]),
  transitsMonthly: (a) => void monthArgsFrom(a as unknown as Parameters<typeof monthArgsFrom>[0]),
  aspectsMonthly: (a) => void monthArgsFrom(a as unknown as Parameters<typeof monthArgsFrom>[0]),
  kpPlanetsAtIntervals: (a) => void kpIntervalArgsFrom(a as unknown as Parameters<typeof kpIntervalArgsFrom>[0]),
  lunarAspects: (a) => void lunarArgsFrom(a as unknown as Parameters<typeof lunarArgsFrom>[0]),
  compatibility: (a) => void compatibilityArgsFrom(a as Parameters<typeof compatibilityArgsFrom>[0]),
  starMatch: (a) => void starMatchArgsFrom(a as Parameters<typeof starMatchArgsFrom>[0]),
  bulkMatch: (a) => void bulkMatchArgsFrom(a as Parameters<typeof bulkMatchArgsFrom>[0]),
  varshaphal: (a) => void varshaphalArgsFrom(a as Parameters<typeof varshaphalArgsFrom>[0]),
  prashna: (a) => void prashnaArgsFrom(a as Parameters<typeof prashnaArgsFrom>[0]),
  subscribeWebhook: (a) => subscribeArgsFrom(a.input as WebhookSubscribeInput),
  createCalendarFeed: (a) => void feedDefinitionFrom(a.input as CalendarFeedInput),
  renewCalendarFeed: (a) => checkFeedId(String(a.feedId)),
  createSubscriptionFeed: (a) => checkSubscriptionId(String(a.subscriptionId)),
  checkEvents: (a) => void checkEventsArgsFrom(a.events as CheckEventInput[]),
  // Subscription root: starting it is charged, so its place is checked before the debit.
  astroEvents: (a) => void astroEventsArgsFrom(a as AstroEventsArgs),
  panchaPakshi: (a) => void panchaPakshiArgsFrom(a as unknown as Parameters<typeof panchaPakshiArgsFrom>[0]),
  places: (a) => void placesArgsFrom(str(a, "q"), a.country as string | null, num(a, "limit")),
  nearestPlace: (a) => void nearestArgsFrom(num(a, "latitude"), num(a, "longitude"), a.country as string | null),
  events: (a) => void eventsArgsFrom(a as unknown as EventsArgs),
};

/**
 * Arguments of billable fields below the root ("Type.field"), checked the same way: a bad
 * `chart { vargas(charts: "D99") }` would otherwise be charged 3 before the resolver refuses it.
 */
export const FIELD_ARGUMENT_CHECKS: Readonly<Record<string, ArgumentCheck>> = {
  "Chart.vargas": (a) => void forField("charts", () => parseVargaList(a.charts as string | null, DEFAULT_VARGA_CHARTS)),
  // A local datetime below a chart is read in the birth's zone, known to the field's resolver (inChartZone).
  "Chart.dasha": (a) => void (isLocalDateTime(a.queryDatetime as string | null) || dashaQueryMoment(a.queryDatetime as string | null | undefined)),
  "Chart.remedies": (a) => void (isLocalDateTime(a.queryDatetime as string | null) || dashaQueryMoment(a.queryDatetime as string | null | undefined)),
  "Chart.planets": (a) => void chartPlanetsOnly(a.only as Graha[] | null | undefined),
  "Calendar.festivals": (a) => {
    calendarMonthFrom(a.month as number | null | undefined);
    // The place is not known here: a region list is checked by name (the default needs no check).
    calendarRegionsFrom(a.region as string | null | undefined, { latDeg: 0, lonDeg: 0 });
  },
  "Calendar.monthVratas": (a) => void calendarMonthFrom(a.month as number | null | undefined),
  "Chart.svg": (a) => void svgVarga((a.varga as string | undefined) ?? "D1"),
  "Chart.transits": (a) => void (isLocalDateTime(a.at as string | null) || transitsAtMoment(a.at as string | null | undefined)),
  "PlanetState.heliacal": (a) => void heliacalAtMoment(a.at as string | null | undefined),
  "Chart.saturnTimeline": (a) => void saturnTimelineRange(a.from as string | null | undefined, a.to as string | null | undefined),
};

/** A root field's check, with its `lang` argument's (docs/languages.md) where it takes one. */
const ROOT_CHECKS_WITH_LANGUAGE = new Map<string, ArgumentCheck>();
function rootCheckOf(name: string): ArgumentCheck | undefined {
  const own = ROOT_ARGUMENT_CHECKS[name];
  if (!LOCALISED_ROOT_FIELDS.has(name)) return own;
  let both = ROOT_CHECKS_WITH_LANGUAGE.get(name);
  if (!both) {
    both = own ? (a) => { checkLanguageArgument(a); own(a); } : checkLanguageArgument;
    ROOT_CHECKS_WITH_LANGUAGE.set(name, both);
  }
  return both;
}

interface Walk {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly variables: Record<string, unknown>;
  /** Planning: record the checked fields instead of checking them (see planFor). */
  readonly plan?: Plan;
}

/** The checked fields of an operation in walk order, valid for any variables when no selection carries a directive. */
interface Plan {
  readonly schema: GraphQLSchema;
  readonly steps: { readonly def: GraphQLField<unknown, unknown>; readonly node: FieldNode; readonly check: ArgumentCheck }[];
  /** A selection has a directive (@skip/@include may depend on variables): walk per request. */
  dynamic: boolean;
}

/**
 * Plans by operation node: the REST routes' documents are parsed once (and Apollo caches the
 * parsed /graphql documents), so the same node comes back and its walk is done once — the walk
 * was ≈ 5 % of a REST panchanga request's CPU. Per request only the checks themselves run.
 */
const plans = new WeakMap<OperationDefinitionNode, Plan>();

const fragmentsOf = (document: DocumentNode) => new Map(
  document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
);

function planFor(schema: GraphQLSchema, document: DocumentNode, rootType: GraphQLObjectType, operation: OperationDefinitionNode): Plan {
  let plan = plans.get(operation);
  if (plan?.schema === schema) return plan;
  plan = { schema, steps: [], dynamic: false };
  walk({ schema, fragments: fragmentsOf(document), variables: {}, plan }, rootType, operation.selectionSet, true, new Set());
  plans.set(operation, plan);
  return plan;
}

/** Whether @skip/@include leave the selection in (as execution decides). */
function included(w: Walk, node: { directives?: FieldNode["directives"] }): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, w.variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, w.variables)?.if !== false;
}

function walk(w: Walk, type: GraphQLObjectType, set: SelectionSetNode, isRoot: boolean, seen: Set<string>): void {
  for (const sel of set.selections) {
    if (w.plan) {
      if (sel.directives?.length) w.plan.dynamic = true;
    } else if (!included(w, sel)) continue;
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? w.schema.getType(sel.typeCondition.name.value) : type;
      if (isObjectType(on)) walk(w, on, sel.selectionSet, isRoot, seen);
      continue;
    }
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = w.fragments.get(sel.name.value);
      const on = frag ? w.schema.getType(frag.typeCondition.name.value) : undefined;
      // A fragment under the same parent type gives the same checks: walk it once per type.
      const key = `${sel.name.value}@${type.name}`;
      if (frag && isObjectType(on) && !seen.has(key)) {
        seen.add(key);
        walk(w, on, frag.selectionSet, isRoot, seen);
      }
      continue;
    }
    const def = type.getFields()[sel.name.value];
    if (!def) continue;
    const check = isRoot ? rootCheckOf(sel.name.value) : FIELD_ARGUMENT_CHECKS[`${type.name}.${sel.name.value}`];
    if (check) {
      if (w.plan) w.plan.steps.push({ def, node: sel, check });
      else check(getArgumentValues(def, sel, w.variables));
    }
    const named = getNamedType(def.type);
    if (sel.selectionSet && isObjectType(named)) walk(w, named, sel.selectionSet, false, seen);
  }
}

/**
 * Validate the arguments of an operation's fields with the resolvers' own rules, before
 * execution. Throws the first BAD_USER_INPUT GraphQLError (with `field`). Meant for a
 * pre-pricing hook, see prevalidationGate. Variable-coercion problems are left to GraphQL
 * (the pricing refuses them too, before any charge).
 */
export function prevalidateOperation(
  schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>> | undefined,
  alreadyCoerced?: Record<string, unknown>,
): void {
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return;
  const coerced = alreadyCoerced ? { coerced: alreadyCoerced, errors: undefined } : getVariableValues(schema, operation.variableDefinitions ?? [], { ...(variables ?? {}) });
  if (coerced.errors) return;
  const plan = planFor(schema, document, rootType, operation);
  if (!plan.dynamic) {
    for (const step of plan.steps) step.check(getArgumentValues(step.def, step.node, coerced.coerced));
    return;
  }
  walk({ schema, fragments: fragmentsOf(document), variables: coerced.coerced }, rootType, operation.selectionSet, true, new Set());
}

/**
 * prevalidateOperation as the cost plugin's `beforePricing` hook: the refusal keeps its code and
 * `field` and answers HTTP 400 (as a variable that does not coerce), with nothing priced or charged.
 */
export function prevalidationGate() {
  return (rc: {
    schema: GraphQLSchema; document: DocumentNode; operation?: OperationDefinitionNode | null;
    request: { variables?: Readonly<Record<string, unknown>> | null }; coercedVariables?: Record<string, unknown>;
  }): void => {
    if (!rc.operation) return;
    try {
      prevalidateOperation(rc.schema, rc.document, rc.operation, rc.request.variables ?? undefined, rc.coercedVariables);
    } catch (err) {
      if (err instanceof GraphQLError) {
        throw new GraphQLError(err.message, { extensions: { ...err.extensions, http: { status: 400 } } });
      }
      throw err;
    }
  };
}
