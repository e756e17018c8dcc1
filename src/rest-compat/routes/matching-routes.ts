import { PORUTHAM_SYSTEMS } from "../../engine/tables/porutham.js";
import { AYANAMSHAS, NODE_KINDS } from "../../engine/types.js";
import { BULK_MAX_CANDIDATES, PORUTHAM_CREDITS } from "../../resolvers/compat/porutham-prices.js";
import type { FieldSet, FieldSpec, ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import type { Loc } from "../validation-error.js";
import { PARTNER_ERROR_LOCS, partnerFields, partnerVariable } from "./compatibility-route.js";
import { birthDateTimeProblem } from "./kundali-route.js";

/**
 * South Indian matching beside the spec's /compatibility (docs/matching.md): the ten poruthams,
 * papasamyam, star matching without birth times and one-to-many matching. Each is a field of the
 * GraphQL compatibility node (or a root field for stars and bulk), so REST and GraphQL agree.
 */

type Json = Record<string, any>;
const upper = (s: unknown): string => String(s).toUpperCase();

const SYSTEM_FIELD: FieldSpec = {
  type: "string", enum: PORUTHAM_SYSTEMS, default: "tamil", description: "matching tradition: tamil (default) or kerala",
};
const CONVENTION_FIELDS: FieldSet = {
  ayanamsha: { type: "string", enum: AYANAMSHAS, default: "lahiri", description: "ayanamsha" },
  node: { type: "string", enum: NODE_KINDS, default: "mean", description: "Rahu/Ketu: mean or true lunar node" },
};
const PAIR_BODY: FieldSet = { ...partnerFields("groom"), ...partnerFields("bride"), ...CONVENTION_FIELDS };
const pairVariables = (body: Json) => ({ groom: partnerVariable(body, "groom"), bride: partnerVariable(body, "bride") });

const STAR_FRAGMENT = /* GraphQL */ `fragment S on MatchStar { nakshatra nakshatraName pada rashi rashiName }`;
const PORUTHAM_FRAGMENT = /* GraphQL */ `
  fragment P on Porutham {
    system groomStar { ...S } brideStar { ...S }
    poruthams { name title agreed grade basis rule dependsOn veto }
    agreedCount judgedCount vetoed verdict reasons
  }
  ${STAR_FRAGMENT}
`;

const starBody = (s: Json) => ({ nakshatra: s.nakshatra, nakshatra_name: s.nakshatraName, pada: s.pada, rasi: s.rashi, rasi_name: s.rashiName });
const poruthamBody = (p: Json) => ({
  system: p.system,
  verdict: p.verdict,
  agreed_count: p.agreedCount,
  judged_count: p.judgedCount,
  vetoed: p.vetoed,
  reasons: p.reasons,
  groom_star: starBody(p.groomStar),
  bride_star: starBody(p.brideStar),
  poruthams: p.poruthams.map((x: Json) => ({
    name: x.name, title: x.title, agreed: x.agreed, grade: x.grade, basis: x.basis, rule: x.rule, depends_on: x.dependsOn, veto: x.veto,
  })),
});

const poruthamSchema = {
  type: "object",
  required: ["system", "verdict", "agreed_count", "vetoed", "poruthams"],
  properties: {
    system: { type: "string" }, verdict: { type: "string", enum: ["excellent", "good", "average", "not_recommended"] },
    agreed_count: { type: "integer" }, judged_count: { type: "integer" }, vetoed: { type: "boolean" },
    reasons: { type: "array", items: { type: "string" } }, groom_star: { type: "object" }, bride_star: { type: "object" },
    poruthams: {
      type: "array", minItems: 10, maxItems: 10,
      description: "name, agreed (null: not judged), grade (uttama, madhyama, adhama, unknown), basis, rule, depends_on, veto",
      items: { type: "object" },
    },
  },
} as const;

export const poruthamRoute: RouteEntry = {
  method: "post",
  path: "/compatibility/porutham",
  operationId: "compatibilityPorutham",
  summary: "South Indian ten-porutham match",
  description:
    "Dina, Gana, Mahendra, Stree Deergha, Yoni, Rasi, Rasyadhipati, Vasya, Rajju and Vedha from both Moons (the chart code's), " +
    "counted from the bride's star; each with its grade, the counts or table cells that decided it and the rule. Rajju and " +
    "Vedha are vetoes. system: tamil (default) or kerala (their differences: docs/matching.md).",
  tags: ["calculation"],
  credits: PORUTHAM_CREDITS.porutham,
  auth: "api_key",
  input: { body: { ...PAIR_BODY, system: SYSTEM_FIELD } },
  document: /* GraphQL */ `
    query Porutham($groom: BirthInput!, $bride: BirthInput!, $system: PoruthamSystem!) {
      compatibility(groom: $groom, bride: $bride) { porutham(system: $system) { ...P } }
    }
    ${PORUTHAM_FRAGMENT}
  `,
  variables: ({ body }: ValidInput) => ({ ...pairVariables(body), system: upper(body.system) }),
  errorLocs: PARTNER_ERROR_LOCS,
  result: (data, { body }) => ({
    body: { ...poruthamBody((data as Json).compatibility.porutham), conventions: { ayanamsha: body.ayanamsha, node: body.node } },
  }),
  responseSchema: poruthamSchema,
};

/** The dashakoot selection without the star fragment (for documents that already hold it). */
const DASHAKOOT_ONLY_FRAGMENT = /* GraphQL */ `
  fragment D on Dashakoot {
    system groomStar { ...S } brideStar { ...S }
    kootas { name points maxPoints grade basis pointSource veto }
    total maxTotal minimum vetoed verdict reasons
  }
`;
const DASHAKOOT_FRAGMENT = `${DASHAKOOT_ONLY_FRAGMENT}${STAR_FRAGMENT}`;

const dashakootBody = (d: Json) => ({
  system: d.system,
  verdict: d.verdict,
  total: d.total,
  max_total: d.maxTotal,
  minimum: d.minimum,
  vetoed: d.vetoed,
  reasons: d.reasons,
  groom_star: starBody(d.groomStar),
  bride_star: starBody(d.brideStar),
  kootas: d.kootas.map((k: Json) => ({
    name: k.name, points: k.points, max_points: k.maxPoints, grade: k.grade, basis: k.basis, point_source: k.pointSource, veto: k.veto,
  })),
});

export const dashakootRoute: RouteEntry = {
  method: "post",
  path: "/compatibility/dashakoot",
  operationId: "compatibilityDashakoot",
  summary: "Dashakoot: the ten South Indian kootas in points (of 36)",
  description:
    "The ten poruthams of /compatibility/porutham scored in points out of 36: Dina 3, Gana 6, Mahendra 2, Stree Deergha 1, " +
    "Yoni 4, Rasi 7, Rasyadhipati 5, Vasya 2, Rajju 5, Vedha 1; uttama earns a koota's full points, madhyama half, adhama " +
    "none. Acceptable with 18 or more and no veto (a failed Rajju or Vedha). Each koota names where its points come from " +
    "(docs/matching.md). Same body and Moons as /compatibility/porutham.",
  tags: ["calculation"],
  credits: PORUTHAM_CREDITS.dashakoot,
  auth: "api_key",
  input: { body: { ...PAIR_BODY, system: SYSTEM_FIELD } },
  document: /* GraphQL */ `
    query Dashakoot($groom: BirthInput!, $bride: BirthInput!, $system: PoruthamSystem!) {
      compatibility(groom: $groom, bride: $bride) { dashakoot(system: $system) { ...D } }
    }
    ${DASHAKOOT_FRAGMENT}
  `,
  variables: ({ body }: ValidInput) => ({ ...pairVariables(body), system: upper(body.system) }),
  errorLocs: PARTNER_ERROR_LOCS,
  result: (data, { body }) => ({
    body: { ...dashakootBody((data as Json).compatibility.dashakoot), conventions: { ayanamsha: body.ayanamsha, node: body.node } },
  }),
  responseSchema: {
    type: "object",
    required: ["system", "verdict", "total", "max_total", "vetoed", "kootas"],
    properties: {
      system: { type: "string" }, verdict: { type: "string", enum: ["acceptable", "not_recommended"] },
      total: { type: "number" }, max_total: { type: "number" }, minimum: { type: "number" }, vetoed: { type: "boolean" },
      reasons: { type: "array", items: { type: "string" } }, groom_star: { type: "object" }, bride_star: { type: "object" },
      kootas: {
        type: "array", minItems: 10, maxItems: 10,
        description: "name, points (null: not judged), max_points, grade, basis, point_source, veto",
        items: { type: "object" },
      },
      conventions: { type: "object" },
    },
  },
};

const papaBody = (p: Json) => ({
  total: p.total, from_lagna: p.fromLagna, from_moon: p.fromMoon, from_venus: p.fromVenus,
  contributions: p.contributions,
});

export const papasamyamRoute: RouteEntry = {
  method: "post",
  path: "/compatibility/papasamyam",
  operationId: "compatibilityPapasamyam",
  summary: "Papasamyam (malefic balance) of two charts",
  description:
    "Mars, Saturn, the Sun and Rahu in houses 1, 2, 4, 7, 8 and 12 (whole sign) from the lagna (1 point), the Moon (½) and " +
    "Venus (¼) of each chart, every contribution listed; balanced when the groom's total is at least the bride's.",
  tags: ["calculation"],
  credits: PORUTHAM_CREDITS.papasamyam,
  auth: "api_key",
  input: { body: PAIR_BODY },
  document: /* GraphQL */ `
    query Papasamyam($groom: BirthInput!, $bride: BirthInput!) {
      compatibility(groom: $groom, bride: $bride) {
        papasamyam {
          balanced difference description
          groom { ...Papa } bride { ...Papa }
        }
      }
    }
    fragment Papa on PapaPoints { total fromLagna fromMoon fromVenus contributions { graha reference house points } }
  `,
  variables: ({ body }: ValidInput) => pairVariables(body),
  errorLocs: PARTNER_ERROR_LOCS,
  result: (data, { body }) => {
    const p = (data as Json).compatibility.papasamyam;
    return {
      body: {
        balanced: p.balanced, difference: p.difference, description: p.description,
        groom: papaBody(p.groom), bride: papaBody(p.bride), conventions: { ayanamsha: body.ayanamsha, node: body.node },
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["balanced", "groom", "bride"],
    properties: {
      balanced: { type: "boolean" }, difference: { type: "number" }, description: { type: "string" },
      groom: { type: "object" }, bride: { type: "object" }, conventions: { type: "object" },
    },
  },
};

/** A star given by its number, with pada or rasi where it spans two signs. */
function starFields(prefix: string, example: number): FieldSet {
  return {
    [`${prefix}nakshatra`]: { type: "integer", required: prefix !== "", min: 1, max: 27, example, description: "janma nakshatra, 1 = Ashwini … 27 = Revati" },
    [`${prefix}pada`]: { type: "integer", min: 1, max: 4, description: "pada 1..4 (fixes the Moon sign)" },
    [`${prefix}rasi`]: { type: "integer", min: 1, max: 12, description: "Moon sign 1..12, where the pada is unknown" },
  };
}
const starVariable = (body: Json, prefix: string) => ({
  nakshatra: body[`${prefix}nakshatra`], pada: body[`${prefix}pada`] ?? null, rashi: body[`${prefix}rasi`] ?? null,
});
const starLoc = (field: string): Loc | undefined => {
  const m = /^(groom|bride)\.(nakshatra|pada|rashi)$/.exec(field);
  return m ? ["body", `${m[1]}_${m[2] === "rashi" ? "rasi" : m[2]}`] : undefined;
};

export const starMatchRoute: RouteEntry = {
  method: "post",
  path: "/compatibility/nakshatra",
  operationId: "compatibilityNakshatra",
  summary: "Star matching without birth times (ten poruthams)",
  description:
    "The ten poruthams from the two janma nakshatras alone. Dina, Gana, Mahendra, Stree Deergha, Yoni, Rajju and Vedha " +
    "need only the stars; Rasi, Rasyadhipati and Vasya need both Moon signs: give pada or rasi for a star that spans two " +
    "signs, else they answer agreed: null and are left out of the count (each item's depends_on says which).",
  tags: ["calculation"],
  credits: PORUTHAM_CREDITS.starMatch,
  auth: "api_key",
  input: { body: { ...starFields("groom_", 4), ...starFields("bride_", 13), system: SYSTEM_FIELD } },
  document: /* GraphQL */ `
    query StarMatch($groom: StarInput!, $bride: StarInput!, $system: PoruthamSystem!) {
      starMatch(groom: $groom, bride: $bride, system: $system) { ...P }
    }
    ${PORUTHAM_FRAGMENT}
  `,
  variables: ({ body }: ValidInput) => ({ groom: starVariable(body, "groom_"), bride: starVariable(body, "bride_"), system: upper(body.system) }),
  errorLocOf: starLoc,
  result: (data) => ({ body: poruthamBody((data as Json).starMatch) }),
  responseSchema: poruthamSchema,
};

/** One party of a bulk match: a birth (datetime, latitude, longitude) or a star (nakshatra, pada, rasi). */
const PARTY_FIELDS: FieldSet = {
  datetime: { type: "string", format: "date-time", check: birthDateTimeProblem, description: "birth moment, ISO 8601 with UTC offset" },
  latitude: { type: "number", min: -90, max: 90, description: "degrees, north positive" },
  longitude: { type: "number", min: -180, max: 180, description: "degrees, east positive" },
  ...starFields("", 4),
};

const BIRTH_KEYS = ["datetime", "latitude", "longitude"] as const;

/** A party is a whole birth or a star, never both: refused with 422 before anything runs. */
function partyProblem(v: unknown): string | undefined {
  if (v === null || typeof v !== "object") return undefined; // the type check reports it
  const p = v as Json;
  const birthKeys = BIRTH_KEYS.filter((k) => p[k] !== undefined);
  if (p.nakshatra !== undefined) return birthKeys.length ? "give a birth (datetime, latitude, longitude) or a star (nakshatra), not both" : undefined;
  if (p.pada !== undefined || p.rasi !== undefined) return "pada and rasi need nakshatra";
  const missing = BIRTH_KEYS.filter((k) => p[k] === undefined);
  return missing.length ? `a birth needs datetime, latitude and longitude (missing ${missing.join(", ")}), or give nakshatra` : undefined;
}

function partyVariable(p: Json, conventions: Json): Json {
  return p.nakshatra !== undefined
    ? { birth: null, star: starVariable(p, "") }
    : { birth: { datetime: p.datetime, latitude: p.latitude, longitude: p.longitude, options: conventions }, star: null };
}

/** GraphQL `candidates.3.birth.latitude` → body.candidates[3].latitude; `native.star.pada` → body.native.pada. */
function bulkLoc(field: string): Loc | undefined {
  const parts = field.split(".").filter((p) => p !== "birth" && p !== "star");
  if (parts[0] !== "native" && parts[0] !== "candidates") return undefined;
  return ["body", ...parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p === "referenceId" ? "reference_id" : p === "rashi" ? "rasi" : p))];
}

export const bulkMatchRoute: RouteEntry = {
  method: "post",
  path: "/compatibility/bulk",
  operationId: "compatibilityBulk",
  summary: `One native against up to ${BULK_MAX_CANDIDATES} candidates (${PORUTHAM_CREDITS.bulkPerCandidate} credit per candidate)`,
  description:
    `The ten poruthams of one native against 1–${BULK_MAX_CANDIDATES} candidates, each a birth or a star with the caller's ` +
    "reference_id, sorted: unvetoed first (Rajju and Vedha), then most poruthams agreed, then most of the four essential " +
    "ones (rank_by porutham, the default) or most dashakoot points of 36 (rank_by dashakoot, which adds each candidate's " +
    `dashakoot); equal ranks keep the request's order. Priced ${PORUTHAM_CREDITS.bulkPerCandidate} credit per candidate (the credits ` +
    "column is the price of one).",
  tags: ["calculation"],
  credits: PORUTHAM_CREDITS.bulkPerCandidate,
  auth: "api_key",
  input: {
    body: {
      native: { type: "object", required: true, fields: PARTY_FIELDS, check: partyProblem, example: { nakshatra: 4, pada: 2 }, description: "the native: a birth or a star" },
      native_role: { type: "string", enum: ["groom", "bride"], default: "groom", description: "the native's side" },
      candidates: {
        type: "array", required: true, min: 1, max: BULK_MAX_CANDIDATES,
        items: { type: "object", check: partyProblem, fields: { reference_id: { type: "string", required: true, min: 1, max: 100, description: "your id, echoed" }, ...PARTY_FIELDS } },
        example: [{ reference_id: "c1", datetime: "1992-08-20T09:15:00+05:30", latitude: 13.08, longitude: 80.27 }],
        description: "candidates, each a birth or a star",
      },
      system: SYSTEM_FIELD,
      rank_by: {
        type: "string", enum: ["porutham", "dashakoot"], default: "porutham",
        description: "porutham (default): most poruthams agreed; dashakoot: most points of 36, each candidate with its dashakoot",
      },
      ...CONVENTION_FIELDS,
    },
  },
  document: /* GraphQL */ `
    query BulkMatch($native: MatchPartyInput!, $candidates: [MatchCandidateInput!]!, $role: MatchRole!, $system: PoruthamSystem!,
                    $rankBy: BulkRanking!, $withDashakoot: Boolean!) {
      bulkMatch(native: $native, candidates: $candidates, nativeRole: $role, system: $system, rankBy: $rankBy) {
        system nativeRole rankBy native { ...S }
        candidates { referenceId rank porutham { ...P } dashakoot @include(if: $withDashakoot) { ...D } }
      }
    }
    ${PORUTHAM_FRAGMENT}
    ${DASHAKOOT_ONLY_FRAGMENT}
  `,
  variables: ({ body }: ValidInput) => {
    const conventions = { ayanamsha: upper(body.ayanamsha), node: upper(body.node) };
    return {
      native: partyVariable(body.native as Json, conventions),
      candidates: (body.candidates as Json[]).map((c) => ({ referenceId: c.reference_id, ...partyVariable(c, conventions) })),
      role: upper(body.native_role),
      system: upper(body.system),
      rankBy: upper(body.rank_by),
      withDashakoot: body.rank_by === "dashakoot",
    };
  },
  errorLocOf: bulkLoc,
  result: (data, { body }) => {
    const b = (data as Json).bulkMatch;
    return {
      body: {
        system: b.system, native_role: b.nativeRole, rank_by: b.rankBy, native: starBody(b.native), count: b.candidates.length,
        candidates: b.candidates.map((c: Json) => ({
          reference_id: c.referenceId, rank: c.rank, ...poruthamBody(c.porutham),
          ...(c.dashakoot ? { dashakoot: dashakootBody(c.dashakoot) } : {}),
        })),
        conventions: { ayanamsha: body.ayanamsha, node: body.node },
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["system", "native", "candidates"],
    properties: {
      system: { type: "string" }, native_role: { type: "string" }, native: { type: "object" }, count: { type: "integer" },
      candidates: { type: "array", items: { type: "object" }, description: "reference_id, rank and the porutham answer" },
      conventions: { type: "object" },
    },
  },
};

export const MATCHING_ROUTES: readonly RouteEntry[] = [poruthamRoute, dashakootRoute, papasamyamRoute, starMatchRoute, bulkMatchRoute];
