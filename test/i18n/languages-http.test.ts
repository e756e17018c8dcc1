/**
 * Languages end to end (docs/languages.md): per language a panchanga, a kundali, a
 * compatibility, a festival year and an SVG chart answered in it, over real HTTP; REST and
 * GraphQL agree name for name; `lang` wins over Accept-Language, which wins over English; an
 * unsupported tag is a 422 listing the supported ones and costs nothing; the price is the same in
 * every language; an answer nobody asked a language of is English and carries no `language`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../src/i18n/languages.js";
import { keyOfName, localName } from "../../src/i18n/localize.js";
import { VOCABULARIES } from "../../src/i18n/vocabularies.js";
import { SVG_LABELS } from "../../src/resolvers/chart/svg/svg-labels.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { mcpTools, restRequestOf } from "../../src/server/mcp/mcp-tools.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { fundedAccount } from "../helpers/accounts.js";

const ADMIN_KEY = "admin-key-for-language-tests-0123";
let server: TestServer;
let apiKey: string;

const DAY = { datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const COUPLE = {
  groom_datetime: "1990-05-15T14:30:00+05:30", groom_latitude: 28.6139, groom_longitude: 77.209,
  bride_datetime: "1992-08-20T09:15:00+05:30", bride_latitude: 13.0827, bride_longitude: 80.2707,
};

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, {
    method, headers: { "x-api-key": apiKey, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

async function gql(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey, ...headers }, body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: any[] } };
}

async function balance(): Promise<number> {
  return (await call("GET", "/account")).body.balance as number;
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  // Thirteen languages send a few hundred requests: the helper lifts this key's per-minute limit.
  apiKey = (await fundedAccount(server, ADMIN_KEY, 10_000)).key;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const PANCHANGA_GQL = /* GraphQL */ `
  query P($datetime: String!, $latitude: Float!, $longitude: Float!, $lang: String) {
    panchanga(datetime: $datetime, latitude: $latitude, longitude: $longitude, at: MOMENT, lang: $lang) {
      tithi { number name } nakshatra { number name } yoga { number name } karana { number name }
      vara { number name sanskrit } masa { number name } samvatsara { number name } ritu { number name } ayana
      sun { rashiName nakshatraName } moon { rashiName nakshatraName } transitions { element number name }
      conventions { language }
    }
  }`;

/** The names of a REST panchanga and of a GraphQL one, in one shape. */
const restNames = (p: any) => ({
  tithi: p.tithi.name, nakshatra: p.nakshatra.name, yoga: p.yoga.name, karana: p.karana.name, vara: p.vara.name, vara_sanskrit: p.vara.sanskrit,
  masa: p.masa.name, samvatsara: p.samvatsara.name, ritu: p.ritu.name, ayana: p.ayana,
  sun: [p.sun.sign, p.sun.nakshatra], moon: [p.moon.sign, p.moon.nakshatra], transitions: p.transitions.map((t: any) => t.name),
});
const gqlNames = (p: any) => ({
  tithi: p.tithi.name, nakshatra: p.nakshatra.name, yoga: p.yoga.name, karana: p.karana.name, vara: p.vara.name, vara_sanskrit: p.vara.sanskrit,
  masa: p.masa.name, samvatsara: p.samvatsara.name, ritu: p.ritu.name, ayana: p.ayana,
  sun: [p.sun.rashiName, p.sun.nakshatraName], moon: [p.moon.rashiName, p.moon.nakshatraName], transitions: p.transitions.map((t: any) => t.name),
});

describe("English stays as it was", () => {
  it("no lang and no usable Accept-Language: English names, no conventions.language, Content-Language en", async () => {
    const plain = await call("POST", "/panchanga", DAY);
    const foreign = await call("POST", "/panchanga", DAY, { "accept-language": "fr-FR, de;q=0.5" });
    expect(plain.status).toBe(200);
    expect(plain.body.conventions).not.toHaveProperty("language");
    expect(plain.body.tithi.name).toBe("Panchami");
    expect(plain.headers.get("content-language")).toBe("en");
    expect(foreign.text).toBe(plain.text);
  });

  it("the spec's routes gain their language-free identifiers only when a language is asked (English included)", async () => {
    const cases: [string, string, unknown, (b: any) => unknown[]][] = [
      ["POST", "/kundali", BIRTH, (b) => b.yogas.map((y: any) => y.key)],
      ["POST", "/compatibility", COUPLE, (b) => b.koots.map((k: any) => k.title)],
      ["GET", "/festivals/2024?latitude=28.6139&longitude=77.209", undefined, (b) => b.festivals.map((f: any) => f.key)],
      ["GET", "/vrata/2024/10?latitude=28.6139&longitude=77.209", undefined, (b) => b.vrata.map((f: any) => f.key)],
      ["POST", "/varshaphal", { ...BIRTH, year: 2024 }, (b) => b.tajaka_yogas.map((y: any) => y.key)],
      ["POST", "/pancha-pakshi", DAY, (b) => [b.names]],
    ];
    for (const [method, path, body, ids] of cases) {
      const plain = await call(method, path, body);
      const asked = await call(method, `${path}${path.includes("?") ? "&" : "?"}lang=en`, body);
      expect(plain.status, path).toBe(200);
      expect(ids(plain.body).length, path).toBeGreaterThan(0);
      expect(ids(plain.body).every((v) => v === undefined), path).toBe(true);
      expect(ids(asked.body).every((v) => v !== undefined && v !== null), path).toBe(true);
      // Nothing else differs: the asked answer minus its identifiers (and conventions.language, and the
      // kundali dasha's `now`, a second apart) is the plain one.
      const strip = (b: any) => JSON.parse(JSON.stringify(b, (k, v) => (["key", "title", "names", "language", "query_datetime"].includes(k) ? undefined : v)));
      expect(strip(asked.body), path).toEqual(strip(plain.body));
    }
  });
});

describe("GraphQL answers carry what was selected, in every language", () => {
  it("chart yogas and koots selected without key or title get none added", async () => {
    const g = await gql(`query K($birth: BirthInput!, $groom: BirthInput!, $bride: BirthInput!) {
      chart(birth: $birth, lang: "ta") { yogas { name } }
      compatibility(groom: $groom, bride: $bride, lang: "ta") { ashtakoota { koots { name } } } }`, {
      birth: BIRTH,
      groom: { datetime: COUPLE.groom_datetime, latitude: COUPLE.groom_latitude, longitude: COUPLE.groom_longitude },
      bride: { datetime: COUPLE.bride_datetime, latitude: COUPLE.bride_latitude, longitude: COUPLE.bride_longitude },
    });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.chart.yogas.length).toBeGreaterThan(0);
    for (const y of g.body.data.chart.yogas) expect(Object.keys(y)).toEqual(["name"]);
    for (const k of g.body.data.compatibility.ashtakoota.koots) expect(Object.keys(k)).toEqual(["name"]);
    // … and the names are still put in the language.
    expect(Object.values(VOCABULARIES.chart_yogas.rows).map((r) => r.ta)).toContain(g.body.data.chart.yogas[0].name);
  });
});

describe.each(LANGUAGES.map((l) => [l]))("lang=%s", (lang: Language) => {
  let english: { panchanga: any; kundali: any; compat: any; festivals: any; vrata: any };
  beforeAll(async () => {
    english = {
      panchanga: (await call("POST", "/panchanga", DAY)).body,
      kundali: (await call("POST", "/kundali", BIRTH)).body,
      compat: (await call("POST", "/compatibility", COUPLE)).body,
      // English asked for: the spec's calendar entries carry their key only when a language is asked.
      festivals: (await call("GET", `/festivals/2024?latitude=28.6139&longitude=77.209&region=all&lang=en`)).body,
      vrata: (await call("GET", `/vrata/2024?latitude=28.6139&longitude=77.209&lang=en`)).body,
    };
  }, 120_000);

  it("a panchanga in it, the same names over REST and GraphQL, same price", async () => {
    const rest = await call("POST", `/panchanga?lang=${lang}`, DAY);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("content-language")).toBe(lang);
    expect(rest.body.conventions.language).toBe(lang);
    expect(rest.headers.get("x-credits-charged")).toBe("1");
    const e = english.panchanga;
    expect(rest.body.tithi.name).toBe(localName("tithis", e.tithi.name, lang));
    expect(rest.body.nakshatra.name).toBe(localName("nakshatras", e.nakshatra.name, lang));
    expect(rest.body.masa.name).toBe(localName("masas", e.masa.name, lang));
    expect(rest.body.samvatsara.name).toBe(localName("samvatsaras", e.samvatsara.name, lang));
    expect(rest.body.vara.name).toBe(localName("varas", e.vara.name, lang));
    // Numbers and keys never change.
    expect(rest.body.tithi.number).toBe(e.tithi.number);
    expect(rest.body.tithi.paksha).toBe(e.tithi.paksha);
    expect(rest.body.nakshatra.lord).toBe(e.nakshatra.lord);
    expect(rest.body.sunrise).toBe(e.sunrise);
    if (lang !== "en") expect(rest.body.nakshatra.name).not.toBe(e.nakshatra.name);

    const g = await gql(PANCHANGA_GQL, { ...DAY, lang });
    expect(g.body.errors).toBeUndefined();
    expect(g.headers.get("content-language")).toBe(lang);
    expect(g.body.data.panchanga.conventions.language).toBe(lang);
    expect(gqlNames(g.body.data.panchanga)).toEqual(restNames(rest.body));
  });

  it("a kundali in it", async () => {
    const rest = await call("POST", `/kundali?lang=${lang}`, BIRTH);
    expect(rest.status).toBe(200);
    const e = english.kundali;
    for (const g of ["sun", "moon", "saturn"]) {
      expect(rest.body.planets[g].sign).toBe(localName("rashis", e.planets[g].sign, lang));
      expect(rest.body.planets[g].nakshatra).toBe(localName("nakshatras", e.planets[g].nakshatra, lang));
      expect(rest.body.planets[g].nakshatra_lord).toBe(e.planets[g].nakshatra_lord);
    }
    expect(rest.body.lagna.sign).toBe(localName("rashis", e.lagna.sign, lang));
    expect(rest.body.navamsha.name).toBe(localName("vargas", "Navamsha", lang));
    // Chart yogas and doshas: every name in the language (each is in the tables), keys unchanged.
    expect(e.yogas.length).toBeGreaterThan(0);
    // REST keeps the spec's ChartYoga shape when no language is asked (no key); asked any, each yoga has its key.
    expect(e.yogas[0]).not.toHaveProperty("key");
    const keys = e.yogas.map((y: any) => keyOfName("chart_yogas", y.name));
    expect(keys.every((k: unknown) => typeof k === "string")).toBe(true);
    expect(rest.body.yogas.map((y: any) => y.key)).toEqual(keys);
    expect(rest.body.yogas.map((y: any) => y.name)).toEqual(e.yogas.map((y: any) => localName("chart_yogas", y.name, lang)));
    expect(rest.body.yogas.map((y: any) => y.description)).toEqual(e.yogas.map((y: any) => y.description));
    for (const d of ["mangal", "kalsarpa", "pitra"]) expect(rest.body.doshas[d].name).toBe(localName("doshas", e.doshas[d].name, lang));
    // (In IAST a yoga may read as in English: Sarala Yoga.)
    if (lang !== "en" && lang !== "sa-Latn") {
      rest.body.yogas.forEach((y: any, i: number) => expect(y.name, y.key).not.toBe(e.yogas[i].name));
      expect(rest.body.doshas.mangal.name).not.toBe(e.doshas.mangal.name);
    }
    const g = await gql(`query K($birth: BirthInput!, $lang: String) { chart(birth: $birth, lang: $lang) {
      lagna { sign nakshatraName } grahas { graha sign nakshatraName } yogas { name key } doshas { mangal { name } kalsarpa { name kalsarpaType } pitra { name } } } }`, { birth: BIRTH, lang });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.chart.yogas).toEqual(rest.body.yogas.map((y: any, i: number) => ({ name: y.name, key: keys[i] })));
    expect([g.body.data.chart.doshas.mangal.name, g.body.data.chart.doshas.kalsarpa.name, g.body.data.chart.doshas.pitra.name, g.body.data.chart.doshas.kalsarpa.kalsarpaType])
      .toEqual([rest.body.doshas.mangal.name, rest.body.doshas.kalsarpa.name, rest.body.doshas.pitra.name, rest.body.doshas.kalsarpa.type]);
    expect(g.body.data.chart.lagna.sign).toBe(rest.body.lagna.sign);
    for (const row of g.body.data.chart.grahas) {
      expect([row.sign, row.nakshatraName]).toEqual([rest.body.planets[row.graha.toLowerCase()].sign, rest.body.planets[row.graha.toLowerCase()].nakshatra]);
    }
  });

  it("a compatibility in it", async () => {
    const rest = await call("POST", `/compatibility?lang=${lang}`, COUPLE);
    expect(rest.status).toBe(200);
    const e = english.compat;
    expect(rest.body.bride_moon.rashi_name).toBe(localName("rashis", e.bride_moon.rashi_name, lang));
    expect(rest.body.groom_moon.nakshatra_name).toBe(localName("nakshatras", e.groom_moon.nakshatra_name, lang));
    expect(rest.body.total_score).toBe(e.total_score);
    // Koots: `name` is the key and stays; `title` is the name in the language.
    expect(rest.body.koots.map((k: any) => k.name)).toEqual(e.koots.map((k: any) => k.name));
    // REST keeps the spec's KootScore shape when no language is asked (no title); asked any, each koot has its title.
    expect(e.koots[0]).not.toHaveProperty("title");
    const titles = e.koots.map((k: any) => VOCABULARIES.koots.rows[k.name]![lang]);
    expect(rest.body.koots.map((k: any) => k.title)).toEqual(titles);
    if (lang !== "en") expect(rest.body.koots[0].title).not.toBe(VOCABULARIES.koots.rows[e.koots[0].name]!.en);
    const g = await gql(`query C($groom: BirthInput!, $bride: BirthInput!, $lang: String) { compatibility(groom: $groom, bride: $bride, lang: $lang) {
      ashtakoota { koots { name title } } porutham { poruthams { name title } } } }`, {
      groom: { datetime: COUPLE.groom_datetime, latitude: COUPLE.groom_latitude, longitude: COUPLE.groom_longitude },
      bride: { datetime: COUPLE.bride_datetime, latitude: COUPLE.bride_latitude, longitude: COUPLE.bride_longitude }, lang,
    });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.compatibility.ashtakoota.koots).toEqual(rest.body.koots.map((k: any, i: number) => ({ name: k.name, title: titles[i] })));
    const por = g.body.data.compatibility.porutham.poruthams;
    expect(por.map((p: any) => p.name)).toContain("dina");
    expect(por.map((p: any) => p.title)).toEqual(por.map((p: any) => localName("poruthams", VOCABULARIES.poruthams.rows[p.name]!.en, lang)));
  });

  it("a festival year in it", async () => {
    const rest = await call("GET", `/festivals/2024?latitude=28.6139&longitude=77.209&region=all&lang=${lang}`);
    expect(rest.status).toBe(200);
    const e = english.festivals;
    expect(rest.body.festivals).toHaveLength(e.festivals.length);
    const i = e.festivals.findIndex((f: any) => f.tithi?.name);
    expect(rest.body.festivals[i].tithi.name).toBe(localName("tithis", e.festivals[i].tithi.name, lang));
    expect(rest.body.festivals[i].masa.amanta).toBe(localName("masas", e.festivals[i].masa.amanta, lang));
    expect(rest.body.festivals[i].date).toBe(e.festivals[i].date);
    // Every festival (regional ones included) and vrata name is in the table: keys the same, names the language's.
    for (const [body, en] of [[rest.body.festivals, e.festivals], [(await call("GET", `/vrata/2024?latitude=28.6139&longitude=77.209&lang=${lang}`)).body.vrata, english.vrata.vrata]] as const) {
      expect(body.map((f: any) => f.key)).toEqual(en.map((f: any) => f.key));
      expect(body.map((f: any) => f.name)).toEqual(en.map((f: any) => localName("festivals", f.name, lang)));
      if (lang !== "en") for (const f of en) expect(localName("festivals", f.name, lang), f.name).not.toBe(f.name);
    }
    const g = await gql(`query F($lang: String) { calendar(year: 2024, latitude: 28.6139, longitude: 77.209, lang: $lang) { festivals(region: "all") { name key date } } }`, { lang });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.calendar.festivals).toEqual(rest.body.festivals.map((f: any) => ({ name: f.name, key: f.key, date: f.date })));
  });

  it("an SVG chart in it, with a font stack for its script; REST and GraphQL draw the same", async () => {
    const rest = await call("POST", `/chart/svg?lang=${lang}`, { ...BIRTH, style: "south" });
    expect(rest.status).toBe(200);
    const t = SVG_LABELS[lang];
    expect(rest.body.svg).toContain(`font-family="${t.font}"`);
    expect(rest.body.svg).toContain(`>${t.abbr.moon} `);
    expect(rest.body.svg).toContain(t.signShort[0]);
    const g = await gql(`query S($birth: BirthInput!, $lang: String) { chart(birth: $birth, lang: $lang) { svg(style: SOUTH) } }`, { birth: BIRTH, lang });
    expect(g.body.data.chart.svg).toBe(rest.body.svg);
  });
});

describe.each([["ta"], ["hi"], ["sa-Latn"]] as [Language][])("events, remedies, pancha pakshi, KP and upagrahas in %s", (lang) => {
  it("event titles and observance names in the language, types unchanged; REST and GraphQL agree", async () => {
    const q = "from=2024-04-01T00:00:00%2B05:30&to=2024-05-01T00:00:00%2B05:30&latitude=28.6139&longitude=77.209";
    const en = (await call("GET", `/events?${q}`)).body;
    const rest = await call("GET", `/events?${q}&lang=${lang}`);
    expect(rest.status).toBe(200);
    expect(en.events.length).toBeGreaterThan(0);
    expect(rest.body.events.map((e: any) => e.type)).toEqual(en.events.map((e: any) => e.type));
    expect(rest.body.events.map((e: any) => e.title)).toEqual(en.events.map((e: any) => localName("event_types", e.title, lang)));
    expect(rest.body.events[0].title).not.toBe(en.events[0].title);
    const observed = en.events.flatMap((e: any) => e.place?.observances ?? []);
    expect(observed.length).toBeGreaterThan(0);
    expect(rest.body.events.flatMap((e: any) => e.place?.observances ?? []).map((o: any) => o.name)).toEqual(observed.map((o: any) => localName("festivals", o.name, lang)));
    const g = await gql(`query E($lang: String) { events(from: "2024-04-01T00:00:00+05:30", to: "2024-05-01T00:00:00+05:30", lang: $lang) { events { type title } } }`, { lang });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.events.events.map((e: any) => e.title)).toEqual(rest.body.events.map((e: any) => e.title));
  });

  it("remedies: the gemstone and the charity and fasting days in the language; the texts stay English", async () => {
    const en = (await call("POST", "/remedies", BIRTH)).body;
    const rest = await call("POST", `/remedies?lang=${lang}`, BIRTH);
    expect(rest.status).toBe(200);
    expect(en.remedies.length).toBeGreaterThan(0);
    expect(rest.body.remedies.map((r: any) => [r.planet, r.gemstone.stone, r.charity.day, r.fasting_day, r.deity, r.gemstone.caution])).toEqual(
      en.remedies.map((r: any) => [
        r.planet, localName("gemstones", r.gemstone.stone, lang), localName("varas", r.charity.day, lang), r.fasting_day && localName("varas", r.fasting_day, lang),
        localName("deities", r.deity, lang), r.gemstone.caution,
      ]),
    );
    expect(rest.body.remedies[0].gemstone.stone).not.toBe(en.remedies[0].gemstone.stone);
    const g = await gql(`query R($birth: BirthInput!, $lang: String) { chart(birth: $birth, lang: $lang) { remedies { remedies { gemstone { stone } charityDay fastingDay deity } } } }`, { birth: BIRTH, lang });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.chart.remedies.remedies.map((r: any) => [r.gemstone.stone, r.charityDay, r.fastingDay, r.deity])).toEqual(rest.body.remedies.map((r: any) => [r.gemstone.stone, r.charity.day, r.fasting_day, r.deity]));
  });

  it("pancha pakshi: the keys stay, the names legend is in the language; REST and GraphQL agree", async () => {
    const body = { ...DAY, birth_nakshatra: 5 };
    const en = (await call("POST", "/pancha-pakshi?lang=en", body)).body;
    const rest = await call("POST", `/pancha-pakshi?lang=${lang}`, body);
    expect(rest.status).toBe(200);
    expect(rest.body.day_yamas).toEqual(en.day_yamas);
    expect(rest.body.names.birds.map((b: any) => b.key)).toEqual(["vulture", "owl", "crow", "cock", "peacock"]);
    expect(rest.body.names.birds.map((b: any) => b.name)).toEqual(en.names.birds.map((b: any) => VOCABULARIES.pakshi_birds.rows[b.key]![lang]));
    expect(rest.body.names.activities.map((b: any) => b.name)).toEqual(en.names.activities.map((b: any) => VOCABULARIES.pakshi_activities.rows[b.key]![lang]));
    const g = await gql(`query P($lang: String) { panchaPakshi(datetime: "${DAY.datetime}", latitude: ${DAY.latitude}, longitude: ${DAY.longitude}, lang: $lang) { names { birds { key name } activities { key name } } } }`, { lang });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.panchaPakshi.names).toEqual(rest.body.names);
  });

  it("KP: signs and stars are numbers and the lords graha keys, so a KP answer is the same in every language", async () => {
    const en = (await call("POST", "/kp", BIRTH)).body;
    const rest = await call("POST", `/kp?lang=${lang}`, BIRTH);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("content-language")).toBe(lang);
    expect(Object.keys(en.planets).length).toBeGreaterThan(0);
    expect([rest.body.planets, rest.body.cusps, rest.body.significators, rest.body.ruling_planets]).toEqual([en.planets, en.cusps, en.significators, en.ruling_planets]);
  });

  it("upagraha names in the language; REST's name is GraphQL's title", async () => {
    const rest = await call("POST", `/upagrahas?lang=${lang}`, BIRTH);
    expect(rest.status).toBe(200);
    expect(rest.body.upagrahas.Gulika.name).toBe(localName("upagrahas", "Gulika", lang));
    expect(rest.body.upagrahas.Dhuma.name).not.toBe("Dhuma");
    const g = await gql(`query U($birth: BirthInput!, $lang: String) { chart(birth: $birth, lang: $lang) { upagrahas(moment: CLASSICAL) { sunBased { name title } } } }`, { birth: BIRTH, lang });
    expect(g.body.errors).toBeUndefined();
    for (const u of g.body.data.chart.upagrahas.sunBased) expect(u.title).toBe(rest.body.upagrahas[u.name[0].toUpperCase() + u.name.slice(1)].name);
  });
});

describe("choosing", () => {
  it("Accept-Language chooses when lang is absent (q-values), and lang wins over it", async () => {
    const byHeader = await call("POST", "/panchanga", DAY, { "accept-language": "fr, ta;q=0.9, hi;q=0.5" });
    expect(byHeader.headers.get("content-language")).toBe("ta");
    expect(byHeader.body.conventions.language).toBe("ta");
    const both = await call("POST", "/panchanga?lang=bn", DAY, { "accept-language": "ta" });
    expect(both.body.conventions.language).toBe("bn");
    const g = await gql(PANCHANGA_GQL, { ...DAY, lang: "ml" }, { "accept-language": "ta" });
    expect(g.body.data.panchanga.conventions.language).toBe("ml");
    const h = await gql(PANCHANGA_GQL, { ...DAY, lang: null }, { "accept-language": "kn" });
    expect(h.body.data.panchanga.conventions.language).toBe("kn");
    expect(h.headers.get("content-language")).toBe("kn");
  });

  it("two root fields in two languages: each its own", async () => {
    const g = await gql(`query { a: panchanga(datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2, at: MOMENT, lang: "ta") { tithi { name } }
      b: panchanga(datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2, at: MOMENT) { tithi { name } } }`, {});
    expect(g.body.data.a.tithi.name).toBe("பஞ்சமி");
    expect(g.body.data.b.tithi.name).toBe("Panchami");
  });

  it("an unsupported tag is a 422 naming lang and listing the supported ones, and costs nothing", async () => {
    const before = await balance();
    const rest = await call("POST", "/panchanga?lang=xx", DAY);
    expect(rest.status).toBe(422);
    expect(rest.body.detail[0].loc).toEqual(["query", "lang"]);
    expect(rest.body.detail[0].msg).toContain("sa-Latn");
    const g = await gql(PANCHANGA_GQL, { ...DAY, lang: "klingon" });
    expect(g.body.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.body.errors?.[0].message).toContain("supported: en, hi");
    expect(await balance()).toBe(before);
  });

  it("the same price in every language (dry run)", async () => {
    const en = await call("POST", "/kundali", BIRTH, { "x-dry-run": "price" });
    const ta = await call("POST", "/kundali?lang=ta", BIRTH, { "x-dry-run": "price" });
    expect(ta.body.price).toBe(en.body.price);
    expect(ta.body.price).toBeGreaterThan(0);
  });

  it("MCP tools take lang and pass it on as the query parameter", () => {
    const tool = mcpTools(ROUTES).find((t) => t.name === "panchanga")!;
    expect((tool.inputSchema as any).properties.lang.type).toContain("string");
    expect(restRequestOf(tool.route, { ...DAY, lang: "te" }).path).toBe("/panchanga?lang=te");
  });
});
