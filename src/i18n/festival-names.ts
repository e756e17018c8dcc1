/**
 * Every festival and vrata name the calendar answers with, as one vocabulary (docs/languages.md): the
 * fixed names of tables/festivals.ts, and the names the engine composes — "<name> Ekadashi", "<masa>
 * Purnima (upavasa)", "<rashi> Sankranti", "<tithi> Shraddha", "<Navaratri> day <k>", "<festival>
 * (Vaishnava)" — composed here once, at load, from the masa, rashi and tithi tables, so that a
 * localised calendar is one map lookup a name and each entry has a stable key (`chaitra_purnima`,
 * `kamada_ekadashi_vaishnava`, `mesha_sankranti`).
 */
import { LANGUAGES, type Language } from "./languages.js";
import { termRow, type TermSpec } from "./term-row.js";
import { EKADASHI_NAMES, FESTIVALS } from "./tables/festivals.js";
import { MASAS } from "./tables/masas.js";
import { RASHIS } from "./tables/rashis.js";
import { TITHIS } from "./tables/tithis.js";
import type { VocabularyTable } from "./vocabulary.js";
import { RASHIS as ENGINE_RASHIS } from "../engine/tables/rashis.js";

type Row = Readonly<Record<Language, string>>;

/** The words the engine adds to a name; each the Sanskrit word in the script, or the language's own. */
const WORD = {
  vaishnava: termRow({ en: "Vaishnava", hi: "वैष्णव" }),
  upavasa: termRow({ en: "upavasa", hi: "उपवास", own: { ta: "விரதம்", te: "ఉపవాసం", ml: "ഉപവാസം", kn: "ಉಪವಾಸ" } }),
  snana: termRow({ en: "snana-dana", hi: "स्नान-दान" }),
  darsha: termRow({ en: "Darsha", hi: "दर्श" }),
  shraddha: termRow({ en: "Shraddha", hi: "श्राद्ध", own: { ta: "சிராத்தம்", te: "శ్రాద్ధం", ml: "ശ്രാദ്ധം" } }),
  sankranti: termRow({ en: "Sankranti", hi: "संक्रांति", sa: "संक्रान्ति", own: { ta: "சங்கராந்தி", te: "సంక్రాంతి", kn: "ಸಂಕ್ರಾಂತಿ", mr: "संक्रांत" } }),
  day: termRow({ en: "day", hi: "दिन", own: { mr: "दिवस", ta: "நாள்", te: "రోజు", ml: "ദിവസം", gu: "દિવસ" } }),
} satisfies Record<string, Row>;

const joined = (en: string, f: (lang: Language) => string): Row =>
  Object.freeze(Object.fromEntries(LANGUAGES.map((l) => [l, l === "en" ? en : f(l).normalize("NFC")])) as Record<Language, string>);

const rows = new Map<string, Row>();
const seen = new Set<string>();
function add(key: string, row: Row): void {
  if (seen.has(row.en)) return;
  seen.add(row.en);
  rows.set(key, row);
}

// The fixed names.
for (const [key, row] of Object.entries(FESTIVALS.rows)) add(key, row);

// "<name> Ekadashi": the Ekadashi's name and the tithi's name in the language.
const ekadashiWord = TITHIS.rows.ekadashi!;
for (const [key, spec] of Object.entries(EKADASHI_NAMES)) {
  const name = termRow(spec as TermSpec);
  add(`${key}_ekadashi`, joined(`${spec.en} Ekadashi`, (l) => `${name[l]} ${ekadashiWord[l]}`));
}

// "<masa> Purnima" and "<masa> Amavasya" (the purnimanta month), and the pair's two days.
for (const [masaKey, masa] of Object.entries(MASAS.rows)) {
  const name = (l: Language) => (l === "sa" ? masa.hi : masa[l]);
  for (const [tKey, tEn, pair] of [["purnima", "Purnima", [["upavasa", WORD.upavasa], ["snana_dana", WORD.snana]]], ["amavasya", "Amavasya", [["darsha", WORD.darsha], ["snana_dana", WORD.snana]]]] as const) {
    const tithi = TITHIS.rows[tKey]!;
    const base = joined(`${masa.en} ${tEn}`, (l) => `${name(l)} ${tithi[l]}`);
    add(`${masaKey}_${tKey}`, base);
    for (const [sKey, word] of pair) add(`${masaKey}_${tKey}_${sKey}`, joined(`${masa.en} ${tEn} (${word.en})`, (l) => `${base[l]} (${word[l]})`));
  }
}

// "<rashi> Sankranti": the rashi's Sanskrit name (the engine's "Mesha") in the script and the word.
Object.keys(RASHIS.rows).forEach((rashiKey, i) => {
  const stem = termRow({ en: ENGINE_RASHIS[i]!.sanskrit, hi: RASHIS.rows[rashiKey]!.hi });
  add(`${rashiKey}_sankranti`, joined(`${ENGINE_RASHIS[i]!.sanskrit} Sankranti`, (l) => `${stem[l]} ${WORD.sankranti[l]}`));
});

// "<tithi> Shraddha" (Pitru Paksha).
for (const [tKey, tithi] of Object.entries(TITHIS.rows)) {
  add(`${tKey}_shraddha`, joined(`${tithi.en} Shraddha`, (l) => `${tithi[l]} ${WORD.shraddha[l]}`));
}

// "<Navaratri> day <k>".
for (const label of ["chaitra_navaratri", "sharad_navaratri"] as const) {
  const span = FESTIVALS.rows[label]!;
  for (let k = 1; k <= 12; k++) add(`${label}_day_${k}`, joined(`${span.en} day ${k}`, (l) => `${span[l]} ${WORD.day[l]} ${k}`));
}

// "<name> (Vaishnava)": any Ekadashi or Janmashtami the Vaishnava rule keeps on a second day.
for (const [key, row] of [...rows]) add(`${key}_vaishnava`, joined(`${row.en} (Vaishnava)`, (l) => `${row[l]} (${WORD.vaishnava[l]})`));

/** All festival and vrata names, fixed and composed (the `festivals` vocabulary). */
export const FESTIVAL_NAMES: VocabularyTable = Object.freeze({ name: "festivals", rows: Object.freeze(Object.fromEntries(rows)) });

const KEY_OF: ReadonlyMap<string, string> = new Map([...rows].map(([k, r]) => [r.en, k]));

/** The stable key of a festival or vrata by its English name (the engine's); a name no table has is keyed by its letters. */
export function festivalKey(english: string): string {
  return KEY_OF.get(english) ?? english.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
}
