import type { Language } from "./languages.js";
import { transliterate } from "./translit.js";

/** A row of a Sanskrit-term vocabulary: the English, the Hindi (or common Devanagari) name, the Sanskrit term, and the names a language prints otherwise. */
export interface TermSpec {
  readonly en: string;
  /** Hindi as its almanacs print it; also Marathi's and Nepali's unless they say otherwise. */
  readonly hi: string;
  /** The Sanskrit term in Devanagari (default: the Hindi), written into the other scripts. */
  readonly sa?: string;
  /** A language's own name (a regional name, an almanac's form) in place of the Sanskrit term. */
  readonly own?: Partial<Record<Language, string>>;
}

/** Telugu, Kannada, Tamil and Malayalam print a Sanskrit word's final ī short (ఏకాదశి, ಏಕಾದಶಿ, ஏகாதசி, ഏകാദശി); Telugu its final ā too (కామద). */
function southernFinals(s: string, lang: "te" | "kn" | "ta" | "ml"): string {
  const longI: Record<string, [string, string]> = { te: ["ీ", "ి"], kn: ["ೀ", "ಿ"], ta: ["ீ", "ி"], ml: ["ീ", "ി"] };
  const [li, si] = longI[lang]!;
  let out = s.replace(new RegExp(`${li}(?=$|[\\s)/,-])`, "gu"), si);
  if (lang === "te") out = out.replace(/ా(?=$|[\s)/,-])/gu, "");
  // Tamil prints पूजा and व्रत as பூஜை and விரதம் (துர்கா பூஜை, வரலட்சுமி விரதம்).
  if (lang === "ta") out = out.replace(/பூஜா(?=$|[\s)/,-])/gu, "பூஜை").replace(/வ்ரத(?=$|[\s)/,-])/gu, "விரதம்");
  return out;
}

/**
 * The thirteen columns of a term: a language's own name where `own` gives one, else the Sanskrit term
 * in its script (src/i18n/translit.ts). Built once, at load.
 */
export function termRow(spec: TermSpec): Readonly<Record<Language, string>> {
  const sa = spec.sa ?? spec.hi;
  const script = (lang: "bn" | "gu" | "or" | "te" | "kn" | "ml" | "ta") => {
    const t = transliterate(sa, lang);
    return lang === "te" || lang === "kn" || lang === "ta" || lang === "ml" ? southernFinals(t, lang) : t;
  };
  const row: Record<Language, string> = {
    en: spec.en, hi: spec.hi, sa, mr: spec.hi, ne: spec.hi,
    bn: script("bn"), gu: script("gu"), or: script("or"), te: script("te"), ta: script("ta"), kn: script("kn"), ml: script("ml"),
    "sa-Latn": transliterate(sa, "sa-Latn"),
  };
  for (const [lang, name] of Object.entries(spec.own ?? {})) row[lang as Language] = name.normalize("NFC");
  return Object.freeze(row);
}

/** A vocabulary's rows from term specs, keyed. */
export function termRows(specs: Readonly<Record<string, TermSpec>>): Readonly<Record<string, Readonly<Record<Language, string>>>> {
  return Object.freeze(Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, termRow(s)])));
}
