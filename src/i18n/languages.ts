/**
 * The languages the service answers in (docs/languages.md): BCP 47 tags, how a caller's tag or
 * Accept-Language header chooses one, and each language's script (for the tables' test and the
 * SVG font stacks). Choosing is a rendering concern: prices never depend on it.
 */
export const LANGUAGES = ["en", "hi", "sa", "mr", "ne", "bn", "gu", "or", "te", "ta", "kn", "ml", "sa-Latn"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** The supported tags as a refusal lists them. */
export const SUPPORTED_LIST = LANGUAGES.join(", ");

const BY_LOWER: ReadonlyMap<string, Language> = new Map(LANGUAGES.map((l) => [l.toLowerCase(), l]));
const BY_TAG: ReadonlyMap<string, Language> = new Map([...BY_LOWER, ...LANGUAGES.map((l) => [l, l] as const)]);

/**
 * The language of a tag, case-insensitively (RFC 5646 tags are case-insensitive); a region or
 * other subtag after a supported primary language is ignored (`ta-IN` → `ta`, `hi-Deva` → `hi`),
 * except that `sa-Latn` is its own language. Undefined when unsupported.
 */
export function languageOfTag(tag: string): Language | undefined {
  // The tag as clients send it (`ta`, `sa-Latn`) is one map lookup, no string made.
  const asSent = BY_TAG.get(tag);
  if (asSent) return asSent;
  const t = tag.trim().toLowerCase();
  const exact = BY_LOWER.get(t);
  if (exact) return exact;
  if (t.startsWith("sa-latn")) return "sa-Latn";
  const dash = t.indexOf("-");
  return dash > 0 ? BY_LOWER.get(t.slice(0, dash)) : undefined;
}

/** The refusal message of an unsupported tag. */
export function unsupportedLanguageMessage(tag: string): string {
  return `unsupported language '${tag}'; supported: ${SUPPORTED_LIST}`;
}

const negotiated = new Map<string, Language | null>();
const NEGOTIATED_MAX = 512;

/**
 * The best supported language of an Accept-Language header (RFC 9110 §12.5.4: q-values,
 * `*` and q=0 honoured), or undefined when the header is absent or names none we have — then
 * the answer is English, as for a caller who asked nothing. An unsupported language in the
 * header is not an error (it is a preference, not a request), and `*` asks for nothing. Parsed headers are remembered,
 * so a repeated header costs one map lookup.
 */
export function negotiateLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const hit = negotiated.get(header);
  if (hit !== undefined) return hit ?? undefined;
  let best: Language | null = null;
  let bestQ = 0;
  for (const part of header.split(",")) {
    const [rawTag, ...params] = part.split(";");
    const tag = rawTag!.trim();
    if (!tag) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!(q > 0)) continue;
    // `*` (any language; what fetch sends by default) expresses no preference: English, unasked.
    if (tag === "*") continue;
    const lang = languageOfTag(tag);
    if (lang && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(header, best);
  return best ?? undefined;
}

/**
 * Unicode blocks of each language's script (The Unicode Standard, ch. 12 "South and Central
 * Asia-I"): names in these languages use only these letters, plus spaces and punctuation.
 * null: Latin (en, sa-Latn).
 */
export const SCRIPT_BLOCK: Readonly<Record<Language, readonly [number, number] | null>> = {
  en: null, "sa-Latn": null,
  hi: [0x0900, 0x097f], sa: [0x0900, 0x097f], mr: [0x0900, 0x097f], ne: [0x0900, 0x097f],
  bn: [0x0980, 0x09ff], gu: [0x0a80, 0x0aff], or: [0x0b00, 0x0b7f], ta: [0x0b80, 0x0bff],
  te: [0x0c00, 0x0c7f], kn: [0x0c80, 0x0cff], ml: [0x0d00, 0x0d7f],
};
