/**
 * Names in the caller's language, put in at the serialisation boundary (docs/languages.md): the
 * engine and resolvers answer in English, and an answer for another language is rewritten in
 * place by one walk over its data — a string field whose key (or whose parent's key) names a
 * vocabulary is looked up in that vocabulary's English → language map, built once at load. The
 * walk allocates nothing: the replacement strings are the tables' own. Keys, numbers, ISO times
 * and free-text explanations are never touched; an English name no table knows stays English.
 */
import { LANGUAGES, type Language } from "./languages.js";
import { VOCABULARIES, type VocabularyName } from "./vocabularies.js";
import { VARAS } from "../engine/tables/varas.js";
import { RASHIS } from "../engine/tables/rashis.js";

type NameMap = ReadonlyMap<string, string>;

/** vocabulary → language → (English name → localised name). */
const MAPS = new Map<VocabularyName, ReadonlyMap<Language, NameMap>>();
for (const [name, table] of Object.entries(VOCABULARIES) as [VocabularyName, (typeof VOCABULARIES)[VocabularyName]][]) {
  const perLang = new Map<Language, NameMap>();
  for (const lang of LANGUAGES) {
    const m = new Map<string, string>();
    for (const row of Object.values(table.rows)) m.set(row.en, row[lang]);
    perLang.set(lang, m);
  }
  MAPS.set(name, perLang);
}
// The answers also carry the Sanskrit weekday (vara.sanskrit: "Somavara") and rashi
// ("Mesha") spellings of the engine's tables: they name the same rows.
for (const lang of LANGUAGES) {
  const varas = MAPS.get("varas")!.get(lang) as Map<string, string>;
  for (const v of VARAS) varas.set(v.sanskrit, varas.get(v.name)!);
  const rashis = MAPS.get("rashis")!.get(lang) as Map<string, string>;
  for (const r of RASHIS) rashis.set(r.sanskrit, rashis.get(r.name)!);
}

/** The localised name of an English one in a vocabulary, or the English when no row has it. */
export function localName(vocabulary: VocabularyName, english: string, lang: Language): string {
  return MAPS.get(vocabulary)!.get(lang)!.get(english) ?? english;
}

/** vocabulary → (English name → its row's stable key). */
const KEYS = new Map<VocabularyName, ReadonlyMap<string, string>>(
  (Object.entries(VOCABULARIES) as [VocabularyName, (typeof VOCABULARIES)[VocabularyName]][]).map(([name, table]) => [
    name, new Map(Object.entries(table.rows).map(([key, row]) => [row.en, key])),
  ]),
);

/** The stable language-free key of an English name in a vocabulary (`Gaja Kesari Yoga` → `gaja_kesari`); undefined when no row has it. */
export function keyOfName(vocabulary: VocabularyName, english: string): string | undefined {
  return KEYS.get(vocabulary)!.get(english);
}

/** Both spellings of a field key: the GraphQL camelCase and the REST snake_case. */
function bothCases(entries: Record<string, VocabularyName>): Map<string, VocabularyName> {
  const m = new Map<string, VocabularyName>();
  for (const [snake, v] of Object.entries(entries)) {
    m.set(snake, v);
    m.set(snake.replace(/_([a-z])/g, (_s, c: string) => c.toUpperCase()), v);
  }
  return m;
}

/** String fields that are a name of a vocabulary wherever they appear. */
const FIELD_VOCABULARY = bothCases({
  rashi_name: "rashis", sign: "rashis", sign_name: "rashis", rasi_name: "rashis", midpoint_rashi: "rashis",
  from_sign: "rashis", to_sign: "rashis", moon_sign: "rashis", strongest_sign: "rashis", weakest_sign: "rashis",
  nakshatra_name: "nakshatras", nakshatra: "nakshatras", moon_nakshatra: "nakshatras",
  ayana: "ayanas", amanta: "masas", purnimanta: "masas", kalsarpa_type: "kalsarpa_types",
  stone: "gemstones", fasting_day: "varas", charity_day: "varas", deity: "deities",
});

/** Objects (or arrays of them) whose `name` (and `sanskrit`) is a name of a vocabulary. */
const PARENT_VOCABULARY = bothCases({
  tithi: "tithis", nakshatra: "nakshatras", yoga: "yogas", karana: "karanas", vara: "varas", masa: "masas",
  samvatsara: "samvatsaras", ritu: "ritus", day_choghadiya: "choghadiyas", night_choghadiya: "choghadiyas",
  hora: "grahas", navamsha: "vargas", vargas: "vargas", varga: "vargas",
  festivals: "festivals", vrata: "festivals", vratas: "festivals", month_vratas: "festivals",
  yogas: "chart_yogas", tajaka_yogas: "tajaka_yogas", mangal: "doshas", kalsarpa: "doshas", pitra: "doshas", observances: "festivals", birds: "pakshi_birds", activities: "pakshi_activities",
  // REST /upagrahas keys each upagraha by its name.
  Dhuma: "upagrahas", Vyatipata: "upagrahas", Parivesha: "upagrahas", Indrachapa: "upagrahas", Upaketu: "upagrahas", Kaala: "upagrahas",
  Mrityu: "upagrahas", Ardhaprahara: "upagrahas", Yamaghantaka: "upagrahas", Gulika: "upagrahas", Mandi: "upagrahas",
});

/** Lists whose entries carry their name as `title` beside a key `name` (koots, poruthams). */
const TITLE_VOCABULARY: ReadonlyMap<string, VocabularyName> = new Map([
  ["koots", "koots"], ["poruthams", "poruthams"], ["events", "event_types"], ["sunBased", "upagrahas"], ["timeBased", "upagrahas"],
]);

/** `transitions[].name` is named by its sibling `element`. */
const ELEMENT_VOCABULARY: ReadonlyMap<string, VocabularyName> = new Map([
  ["tithi", "tithis"], ["nakshatra", "nakshatras"], ["yoga", "yogas"], ["karana", "karanas"],
]);

const isVargaKey = (k: string): boolean => k.length >= 2 && k.length <= 3 && k.charCodeAt(0) === 68 /* D */ && k.charCodeAt(1) >= 48 && k.charCodeAt(1) <= 57;

function vocabularyOfName(parentKey: string | undefined, node: Record<string, unknown>): VocabularyName | undefined {
  if (parentKey === undefined) return undefined;
  if (parentKey === "transitions") return ELEMENT_VOCABULARY.get(node.element as string);
  return PARENT_VOCABULARY.get(parentKey) ?? (isVargaKey(parentKey) ? "vargas" : undefined);
}

function walk(node: unknown, parentKey: string | undefined, lang: Language): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) walk(node[i], parentKey, lang);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const obj = node as Record<string, unknown>;
  for (const key in obj) {
    const v = obj[key];
    if (typeof v === "string") {
      const vocabulary = key === "name" || key === "sanskrit"
        ? vocabularyOfName(parentKey, obj)
        : key === "title"
          ? TITLE_VOCABULARY.get(parentKey as string)
          : (FIELD_VOCABULARY.get(key) ?? (key === "type" && parentKey === "kalsarpa" ? "kalsarpa_types" : key === "day" && parentKey === "charity" ? "varas" : undefined));
      if (vocabulary) {
        const local = MAPS.get(vocabulary)!.get(lang)!.get(v);
        if (local !== undefined) obj[key] = local;
      }
    } else if (v !== null && typeof v === "object") {
      if (key === "conventions" && "language" in (v as object)) (v as Record<string, unknown>).language = lang;
      walk(v, key, lang);
    }
  }
}

/**
 * Rewrites the names of an answer (GraphQL `data` or a REST body) into `lang`, in place.
 * English is the answers' own language: nothing to do.
 */
export function localizeInPlace(data: unknown, lang: Language, rootKey?: string): void {
  if (lang === "en") return;
  walk(data, rootKey, lang);
}
