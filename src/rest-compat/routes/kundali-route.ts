import { parseIsoDateTime } from "../../engine/time/iso.js";
import { AYANAMSHAS, NODE_KINDS } from "../../engine/types.js";
import { ASHTAKAVARGA_TABLES } from "../../engine/tables/ashtakavarga.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import { birthRangeProblem } from "../../resolvers/kundali/chart-core-of.js";
import type { FieldSet, ValidInput } from "../input-schema.js";
import { keyOfName } from "../../i18n/localize.js";
import { NO_LANGUAGE_ASKED, type LanguageAsked, type RouteEntry } from "../route-entry.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();
const lowers = (xs: readonly string[]): string[] => xs.map(lower);

/** A birth datetime: ISO 8601 with offset, in 1800–2400. Checked before anything runs or is charged. */
export function birthDateTimeProblem(text: unknown): string | undefined {
  const p = dateTimeProblem(text);
  return p ?? birthRangeProblem(parseIsoDateTime(String(text)).unixMs);
}

/** The spec's "Std body" of the chart routes, plus the optional conventions every chart takes. */
export const CHART_BODY: FieldSet = {
  datetime: {
    type: "string", required: true, format: "date-time", example: "1990-05-15T14:30:00+05:30", check: birthDateTimeProblem,
    description: "birth moment, ISO 8601 with UTC offset, years 1800–2400",
  },
  latitude: { type: "number", required: true, min: -90, max: 90, example: 28.6139, description: "degrees, north positive" },
  longitude: { type: "number", required: true, min: -180, max: 180, example: 77.209, description: "degrees, east positive" },
  ayanamsha: { type: "string", enum: AYANAMSHAS, default: "lahiri", description: "ayanamsha" },
  node: { type: "string", enum: NODE_KINDS, default: "mean", description: "Rahu/Ketu: mean or true lunar node" },
};

/** CHART_BODY values → the BirthInput variable. */
export function birthVariable(body: Record<string, unknown>): Json {
  return {
    datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
    options: { ayanamsha: String(body.ayanamsha).toUpperCase(), node: String(body.node).toUpperCase() },
  };
}

export const BIRTH_ERROR_LOCS = {
  "birth.datetime": ["body", "datetime"], "birth.latitude": ["body", "latitude"], "birth.longitude": ["body", "longitude"],
} as const;

/** The fields of one period every dasha document selects. */
export const DASHA_PERIOD_FRAGMENT = /* GraphQL */ `fragment P on DashaPeriod { planet start end durationYears }`;

/** A DashaPeriod → { planet, start, end, duration_years } (the spec's AntardashaPeriod / CurrentDasha core). */
export function periodBody(p: Json | null | undefined): Json | null {
  return p ? { planet: lower(p.planet), start: p.start, end: p.end, duration_years: p.durationYears } : null;
}

/** The kundali's dasha selection → the spec's DashaInfo (+ balance and the full current chain). */
export function dashaInfoBody(d: Json): Json {
  const cur = d.current;
  return {
    system: d.system,
    year_convention: lower(d.yearConvention),
    balance: { planet: lower(d.balance.planet), years: d.balance.years, elapsed_fraction: d.balance.elapsedFraction },
    query_datetime: d.queryDatetime,
    current: cur ? { planet: lower(cur.mahaDasha.planet), start: cur.mahaDasha.start, end: cur.mahaDasha.end } : null,
    current_period: currentPeriodBody(cur),
    maha_dashas: d.mahaDashas.map((m: Json) => ({ ...periodBody(m), antardashas: m.subPeriods.map(periodBody) })),
  };
}

export function currentPeriodBody(cur: Json | null): Json | null {
  if (!cur) return null;
  return { maha_dasha: periodBody(cur.mahaDasha), antar_dasha: periodBody(cur.antarDasha), pratyantar_dasha: periodBody(cur.pratyantarDasha) };
}

const DOSHA = "name present formed cancelled severity severityBeforeCancellation affectedHouses planets cancellationFactors rulesMet description";

const signMap = (scores: readonly number[]): Json => Object.fromEntries(RASHIS.map((r, i) => [r.name, scores[i]]));

function doshaBody(d: Json): Json {
  const out: Json = {
    name: d.name, present: d.present, formed: d.formed, cancelled: d.cancelled, severity: d.severity,
    severity_before_cancellation: d.severityBeforeCancellation, affected_houses: d.affectedHouses, planets: lowers(d.planets),
    cancellation_factors: d.cancellationFactors, rules_met: d.rulesMet, description: d.description,
  };
  return out;
}

const vargaPoint = (p: Json): Json => ({ sign: p.sign, sign_number: p.rashi, degree: p.degree });

/** A Varga node → { chart, name, method, lagna, planets: { sun: {...} } }. */
export function vargaBody(v: Json): Json {
  return {
    chart: v.chart, name: v.name, method: v.method, lagna: vargaPoint(v.lagna),
    planets: Object.fromEntries(v.planets.map((p: Json) => [lower(p.graha), vargaPoint(p)])),
  };
}

/** Chart data of the kundali document → the spec's snake_case KundaliResponse. */
export function kundaliBody(c: Json, asked: LanguageAsked = NO_LANGUAGE_ASKED): Json {
  const l = c.lagna;
  const av = c.ashtakavarga;
  const k = c.karakas;
  return {
    datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
    conventions: {
      ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node), houses: "whole_sign",
      aspects: "parashari_graha_drishti", chara_karakas: `${k.charaKarakaScheme}_karaka`, functional_natures: k.functionalSource,
      ashtakavarga: lower(av.table), ashtakavarga_source: av.source, dasha_year: lower(c.dasha.yearConvention), navamsha: c.navamsha.method,
    },
    lagna: {
      sign: l.sign, sign_number: l.rashi, degree: l.degree, longitude: l.longitude, dms: l.dms, nakshatra: l.nakshatraName,
      nakshatra_number: l.nakshatra, pada: l.pada, lord: lower(l.lord), nakshatra_lord: lower(l.nakshatraLord), vargottama: l.vargottama,
    },
    planets: Object.fromEntries(c.grahas.map((p: Json) => [lower(p.graha), {
      longitude: p.longitude, sign: p.sign, sign_number: p.rashi, sign_degree: p.signDegree, dms: p.dms, house: p.house,
      nakshatra: p.nakshatraName, nakshatra_number: p.nakshatra, pada: p.pada, nakshatra_lord: lower(p.nakshatraLord),
      speed: p.speed, retrograde: p.retrograde, combust: p.combust, combust_orb: p.combustOrb,
      distance_from_sun: p.distanceFromSun, dignity: p.dignity, vargottama: p.vargottama,
    }])),
    houses: c.bhavas.map((h: Json) => ({
      house: h.house, sign: h.sign, sign_number: h.rashi, lord: lower(h.lord), planets: lowers(h.planets), aspected_by: lowers(h.aspectedBy),
    })),
    // AspectInfo (spec): full graha drishti of each planet onto the others, by sign.
    aspects: c.drishti.onGrahas.map((a: Json) => ({
      from_planet: lower(a.from), to_planet: lower(a.to), aspect_house: a.nth, from_house: a.fromHouse, to_house: a.toHouse,
    })),
    house_aspects: c.drishti.onHouses.map((a: Json) => ({ from_planet: lower(a.from), aspect_house: a.nth, house: a.house })),
    navamsha: vargaBody(c.navamsha),
    karakas: {
      functional_benefics: lowers(k.functionalBenefics), functional_malefics: lowers(k.functionalMalefics),
      functional_neutrals: lowers(k.functionalNeutrals), yoga_karaka: k.yogaKaraka ? lower(k.yogaKaraka) : null,
      functional_roles: k.roles.map((r: Json) => ({ planet: lower(r.graha), lord_of: r.lordOf, nature: r.nature, reason: r.reason })),
      chara_karakas: k.charaKarakas.map((x: Json) => ({ karaka: x.karaka, planet: lower(x.graha), degree: x.degree })),
    },
    ashtakavarga: {
      bhinnashtakavarga: av.bhinnashtakavarga.map((b: Json) => ({
        planet: lower(b.graha), scores: signMap(b.scores), scores_array: b.scores, total: b.total,
        prastharashtakavarga: Object.fromEntries(b.prastharashtakavarga.map((p: Json) => [p.contributor, signMap(p.bindus)])),
      })),
      sarvashtakavarga: { scores: signMap(av.sarvashtakavarga), scores_array: av.sarvashtakavarga, total: av.sarvashtakavargaTotal },
      shodhya_pinda: Object.fromEntries(av.shodhyaPinda.map((s: Json) => [lower(s.graha), {
        after_trikona: s.afterTrikona, after_ekadhipatya: s.afterEkadhipatya,
        rashi_pinda: s.rashiPinda, graha_pinda: s.grahaPinda, shodhya_pinda: s.shodhyaPinda,
      }])),
      strongest_sign: av.strongestSign, weakest_sign: av.weakestSign,
    },
    // The spec's ChartYoga; its stable key (GraphQL's ChartYoga.key) only when a language was asked.
    yogas: c.yogas.map((y: Json) => ({
      name: y.name, ...(asked.language ? { key: keyOfName("chart_yogas", y.name) } : {}), type: y.type, category: y.category, planets: lowers(y.planets), houses_involved: y.housesInvolved,
      strength: y.strength, description: y.description,
    })),
    doshas: {
      mangal: {
        ...doshaBody(c.doshas.mangal),
        from_lagna: c.doshas.mangal.fromLagna, from_moon: c.doshas.mangal.fromMoon, from_venus: c.doshas.mangal.fromVenus,
      },
      kalsarpa: { ...doshaBody(c.doshas.kalsarpa), kind: c.doshas.kalsarpa.kind, type: c.doshas.kalsarpa.kalsarpaType, direction: c.doshas.kalsarpa.direction },
      pitra: doshaBody(c.doshas.pitra),
    },
    dasha: dashaInfoBody(c.dasha),
  };
}

/** The /kundali document: every kundali field of the Chart node (3 credits: see KUNDALI_FIELD_CREDITS and DASHA_CREDITS). */
export const KUNDALI_DOCUMENT = /* GraphQL */ `
  query Kundali($birth: BirthInput!, $ashtakavarga: AshtakavargaTable!) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node }
      lagna { longitude rashi sign degree dms nakshatra nakshatraName pada lord nakshatraLord vargottama }
      grahas {
        graha longitude rashi sign signDegree dms house nakshatra nakshatraName pada nakshatraLord speed retrograde
        combust combustOrb distanceFromSun dignity vargottama
      }
      bhavas { house rashi sign lord planets aspectedBy }
      drishti { onHouses { from nth house } onGrahas { from to nth fromHouse toHouse } }
      navamsha { chart name method lagna { rashi sign degree } planets { graha rashi sign degree } }
      karakas {
        functionalBenefics functionalMalefics functionalNeutrals yogaKaraka functionalSource charaKarakaScheme
        roles { graha lordOf nature reason } charaKarakas { karaka graha degree }
      }
      ashtakavarga(table: $ashtakavarga) {
        bhinnashtakavarga { graha scores total prastharashtakavarga { contributor bindus } }
        sarvashtakavarga sarvashtakavargaTotal strongestSign weakestSign table source
        shodhyaPinda { graha afterTrikona afterEkadhipatya rashiPinda grahaPinda shodhyaPinda }
      }
      yogas { name type category planets housesInvolved strength description }
      doshas {
        mangal { ${DOSHA} fromLagna { house dosha } fromMoon { house dosha } fromVenus { house dosha } }
        kalsarpa { ${DOSHA} kind kalsarpaType direction }
        pitra { ${DOSHA} }
      }
      dasha {
        system yearConvention yearDays queryDatetime balance { planet years elapsedFraction }
        current { mahaDasha { ...P } antarDasha { ...P } pratyantarDasha { ...P } }
        mahaDashas { ...P subPeriods { ...P } }
      }
    }
  }
  ${DASHA_PERIOD_FRAGMENT}
`;

export const kundaliRoute: RouteEntry = {
  method: "post",
  path: "/kundali",
  operationId: "kundali",
  summary: "Birth chart (kundali)",
  description:
    "Lagna, the nine grahas (house, dignity, combustion, vargottama), 12 whole-sign houses, Vedic aspects, navamsha (D9), " +
    "functional natures and yoga-karaka, chara karakas, ashtakavarga, yogas, doshas (Mangal, Kalsarpa, Pitra) and the " +
    "Vimshottari dasha summary (current at the time of the call). Dates in the caller's offset.",
  tags: ["calculation"],
  credits: 3,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      ashtakavarga: {
        type: "string", enum: ASHTAKAVARGA_TABLES, default: "bphs",
        description: "ashtakavarga table: bphs (Santhanam's BPHS) or jagannatha_hora (P. V. R. Narasimha Rao / Jagannatha Hora)",
      },
    },
  },
  document: KUNDALI_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), ashtakavarga: String(body.ashtakavarga).toUpperCase() }),
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data, _input, asked) => ({ body: kundaliBody((data as Json).chart, asked) }),
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "conventions", "lagna", "planets", "houses", "aspects", "navamsha", "karakas",
      "ashtakavarga", "yogas", "doshas", "dasha"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      conventions: { type: "object" }, lagna: { type: "object" },
      planets: { type: "object", description: "keyed by graha name", additionalProperties: { type: "object" } },
      houses: { type: "array", items: { type: "object" } },
      aspects: { type: "array", description: "AspectInfo", items: { type: "object" } },
      house_aspects: { type: "array", items: { type: "object" } },
      navamsha: { type: "object" }, karakas: { type: "object" },
      ashtakavarga: { type: "object", description: "AshtakavargaInfo" },
      yogas: { type: "array", description: "ChartYoga", items: { type: "object" } },
      doshas: { type: "object" }, dasha: { type: "object", description: "DashaInfo" },
    },
  },
};
