/**
 * Sanskrit terms written in the other Indic scripts (docs/languages.md, "Sanskrit terms"): where a
 * language's almanacs print a term as the Sanskrit word in their own letters (chart yogas, festival
 * names with no regional form), its column is made from the Devanagari once, at load, by the
 * scripts' common layout. The Unicode Indic blocks keep the ISCII order, so a Devanagari letter and
 * its Bengali, Gujarati, Odia, Telugu, Kannada and Malayalam counterpart sit at the same offset in
 * their blocks (The Unicode Standard, ch. 12); the few letters a script writes otherwise are mapped
 * apart (Bengali and Odia write व as ব/ବ; Odia writes य as ଯ at a word's start and ୟ inside it;
 * Bengali ya after a vowel is য়). Tamil, which has no aspirated or voiced stops, is written the way
 * Tamil almanacs write Sanskrit words (க for क ख ग घ; Grantha ஜ ஷ ஸ ஹ; ச for श; ன inside a word).
 * IAST is the ISO 15919 / IAST romanisation. None of this runs per request.
 */

export type IndicTarget = "bn" | "gu" | "or" | "te" | "kn" | "ml" | "ta" | "sa-Latn";

const DEVA = 0x0900;
const BASE: Readonly<Record<"bn" | "gu" | "or" | "te" | "kn" | "ml", number>> = {
  bn: 0x0980, gu: 0x0a80, or: 0x0b00, te: 0x0c00, kn: 0x0c80, ml: 0x0d00,
};

const VIRAMA = 0x094d;
const isConsonant = (cp: number) => cp >= 0x0915 && cp <= 0x0939;
const isDevaLetter = (cp: number) => cp >= 0x0900 && cp <= 0x097f;

/** The nasal of a stop's class (ङ ञ ण न म), or undefined for a letter that is not a stop. */
function classNasal(cp: number): number | undefined {
  if (cp >= 0x0915 && cp <= 0x0918) return 0x0919;
  if (cp >= 0x091a && cp <= 0x091d) return 0x091e;
  if (cp >= 0x091f && cp <= 0x0922) return 0x0923;
  if (cp >= 0x0924 && cp <= 0x0927) return 0x0928;
  if (cp >= 0x092a && cp <= 0x092d) return 0x092e;
  return undefined;
}

/** Homorganic nasal + virama before a stop, which Telugu, Kannada and Gujarati print as an anusvara (సంక్రాంతి, ಪಂಚಮಿ, પંચમી). */
const NASALS = new Set([0x0919, 0x091e, 0x0923, 0x0928, 0x092e]);

function brahmic(dev: string, target: "bn" | "gu" | "or" | "te" | "kn" | "ml"): string {
  const cps = [...dev.normalize("NFC")].map((c) => c.codePointAt(0)!);
  const out: number[] = [];
  const anusvaraNasals = target === "te" || target === "kn" || target === "gu";
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    if (!isDevaLetter(cp)) {
      out.push(cp);
      continue;
    }
    const prev = cps[i - 1];
    const atWordStart = prev === undefined || !isDevaLetter(prev);
    if (anusvaraNasals && NASALS.has(cp) && cps[i + 1] === VIRAMA && cps[i + 2] !== undefined && isConsonant(cps[i + 2]!) && !NASALS.has(cps[i + 2]!) && cps[i + 2] !== 0x092f && cps[i + 2] !== 0x0930 && cps[i + 2] !== 0x0935) {
      out.push(0x0902 - DEVA + BASE[target]);
      i++;
      continue;
    }
    if (cp === 0x0935 && (target === "bn" || target === "or")) {
      out.push(target === "bn" ? 0x09ac : 0x0b2c);
      continue;
    }
    if (cp === 0x092f && target === "or") {
      // After a reph Odia doubles ya: र्य is ର୍ଯ୍ୟ (ସୂର୍ଯ୍ୟ, କାର୍ଯ୍ୟ, ଆଚାର୍ଯ୍ୟ), as the tables' own Odia (ସୂର୍ଯ୍ୟଗ୍ରହଣ, ବୈଦୂର୍ଯ୍ୟ) writes it.
      if (prev === VIRAMA && cps[i - 2] === 0x0930) out.push(0x0b2f, 0x0b4d, 0x0b5f);
      else out.push(atWordStart ? 0x0b2f : 0x0b5f);
      continue;
    }
    if (cp === 0x092f && target === "bn" && !atWordStart && prev !== VIRAMA) {
      out.push(0x09af, 0x09bc);
      continue;
    }
    // An anusvara before a palatal, retroflex, dental or labial stop is that class's nasal in Bengali, Odia and
    // Malayalam print (কুম্ভ, କୁମ୍ଭ, കുംഭം is the exception Malayalam keeps: only Bengali and Odia); before a velar it stays (সংক্রান্তি).
    if (cp === 0x0902 && (target === "bn" || target === "or") && cps[i + 1] !== undefined && classNasal(cps[i + 1]!) !== undefined && classNasal(cps[i + 1]!) !== 0x0919) {
      out.push(classNasal(cps[i + 1]!)! - DEVA + BASE[target], VIRAMA - DEVA + BASE[target]);
      continue;
    }
    // Malayalam: ṅa with virama before a velar is the anusvara (ശംഖ, മൃദംഗം, മംഗലം).
    if (target === "ml" && cp === 0x0919 && cps[i + 1] === VIRAMA && cps[i + 2] !== undefined && cps[i + 2]! >= 0x0915 && cps[i + 2]! <= 0x0918) {
      out.push(0x0d02);
      i++;
      continue;
    }
    // Malayalam: ra with virama is the chillu ർ (പൗർണ്ണമി), and the au sign the length mark ൗ (modern print).
    if (target === "ml" && cp === 0x0930 && cps[i + 1] === VIRAMA) {
      out.push(0x0d7c);
      i++;
      continue;
    }
    if (target === "ml" && cp === 0x094c) {
      out.push(0x0d57);
      continue;
    }
    // Bengali khanda ta: त् before a consonant other than त थ न म य र ल व, or at a word's end, is ৎ (উৎপন্না, উৎসব).
    if (target === "bn" && cp === 0x0924 && cps[i + 1] === VIRAMA) {
      const after = cps[i + 2];
      const keepsConjunct = after !== undefined && [0x0924, 0x0925, 0x0928, 0x092e, 0x092f, 0x0930, 0x0932, 0x0935].includes(after);
      if (after === undefined || !isDevaLetter(after) || (isConsonant(after) && !keepsConjunct)) {
        out.push(0x09ce);
        i++;
        continue;
      }
    }
    if (cp === 0x0933 && target === "bn") {
      out.push(0x09b2);
      continue;
    }
    out.push(cp - DEVA + BASE[target]);
  }
  return String.fromCodePoint(...out).normalize("NFC");
}

const TA_CONS: Readonly<Record<number, string>> = {
  0x0915: "க", 0x0916: "க", 0x0917: "க", 0x0918: "க", 0x0919: "ங",
  0x091a: "ச", 0x091b: "ச", 0x091c: "ஜ", 0x091d: "ஜ", 0x091e: "ஞ",
  0x091f: "ட", 0x0920: "ட", 0x0921: "ட", 0x0922: "ட", 0x0923: "ண",
  0x0924: "த", 0x0925: "த", 0x0926: "த", 0x0927: "த", 0x0928: "ந",
  0x092a: "ப", 0x092b: "ப", 0x092c: "ப", 0x092d: "ப", 0x092e: "ம",
  0x092f: "ய", 0x0930: "ர", 0x0932: "ல", 0x0933: "ள", 0x0935: "வ",
  0x0936: "ச", 0x0937: "ஷ", 0x0938: "ஸ", 0x0939: "ஹ",
};
const TA_VOWEL: Readonly<Record<number, string>> = {
  0x0905: "அ", 0x0906: "ஆ", 0x0907: "இ", 0x0908: "ஈ", 0x0909: "உ", 0x090a: "ஊ", 0x090b: "ரு",
  0x090f: "ஏ", 0x0910: "ஐ", 0x0913: "ஓ", 0x0914: "ஔ",
};
const TA_SIGN: Readonly<Record<number, string>> = {
  0x093e: "ா", 0x093f: "ி", 0x0940: "ீ", 0x0941: "ு", 0x0942: "ூ", 0x0943: "ிரு",
  0x0947: "ே", 0x0948: "ை", 0x094b: "ோ", 0x094c: "ௌ", 0x094d: "்",
};
/** The nasal an anusvara is read as before each class of stop. */
function taAnusvara(next: number | undefined): string {
  if (next === undefined) return "ம்";
  if (next >= 0x0915 && next <= 0x0918) return "ங்";
  if (next >= 0x091a && next <= 0x091d) return "ஞ்";
  if (next >= 0x091f && next <= 0x0922) return "ண்";
  if (next >= 0x0924 && next <= 0x0928) return "ந்";
  return "ம்";
}

function tamil(dev: string): string {
  const cps = [...dev.normalize("NFD")].map((c) => c.codePointAt(0)!).filter((cp) => cp !== 0x093c);
  let out = "";
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const prev = cps[i - 1];
    const next = cps[i + 1];
    if (!isDevaLetter(cp)) {
      out += String.fromCodePoint(cp);
      continue;
    }
    if (cp === 0x0902 || cp === 0x0901) {
      out += taAnusvara(next);
      continue;
    }
    if (cp === 0x0903) continue;
    if (cp === 0x0928) {
      // Dental na: ந at a word's start and before a dental stop, ன elsewhere (ஆனந்த, சனி).
      const atStart = prev === undefined || !isDevaLetter(prev);
      const beforeDental = next === VIRAMA && cps[i + 2] !== undefined && cps[i + 2]! >= 0x0924 && cps[i + 2]! <= 0x0928;
      out += atStart || beforeDental ? "ந" : "ன";
      continue;
    }
    // श्र is written ஸ்ர (ஸ்ரீ, ஸ்ராவண), not ச்ர.
    if (cp === 0x0936 && next === VIRAMA && cps[i + 2] === 0x0930) {
      out += "ஸ";
      continue;
    }
    if (TA_CONS[cp]) out += TA_CONS[cp];
    else if (TA_VOWEL[cp]) out += TA_VOWEL[cp];
    else if (TA_SIGN[cp]) out += TA_SIGN[cp];
  }
  return out.normalize("NFC");
}

const IAST_CONS: Readonly<Record<number, string>> = {
  0x0915: "k", 0x0916: "kh", 0x0917: "g", 0x0918: "gh", 0x0919: "ṅ",
  0x091a: "c", 0x091b: "ch", 0x091c: "j", 0x091d: "jh", 0x091e: "ñ",
  0x091f: "ṭ", 0x0920: "ṭh", 0x0921: "ḍ", 0x0922: "ḍh", 0x0923: "ṇ",
  0x0924: "t", 0x0925: "th", 0x0926: "d", 0x0927: "dh", 0x0928: "n",
  0x092a: "p", 0x092b: "ph", 0x092c: "b", 0x092d: "bh", 0x092e: "m",
  0x092f: "y", 0x0930: "r", 0x0932: "l", 0x0933: "ḷ", 0x0935: "v",
  0x0936: "ś", 0x0937: "ṣ", 0x0938: "s", 0x0939: "h",
};
const IAST_VOWEL: Readonly<Record<number, string>> = {
  0x0905: "a", 0x0906: "ā", 0x0907: "i", 0x0908: "ī", 0x0909: "u", 0x090a: "ū", 0x090b: "ṛ",
  0x090f: "e", 0x0910: "ai", 0x0913: "o", 0x0914: "au",
};
const IAST_SIGN: Readonly<Record<number, string>> = {
  0x093e: "ā", 0x093f: "i", 0x0940: "ī", 0x0941: "u", 0x0942: "ū", 0x0943: "ṛ",
  0x0947: "e", 0x0948: "ai", 0x094b: "o", 0x094c: "au",
};

function iast(dev: string): string {
  const cps = [...dev.normalize("NFD")].map((c) => c.codePointAt(0)!).filter((cp) => cp !== 0x093c);
  let out = "";
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    if (!isDevaLetter(cp)) {
      out += String.fromCodePoint(cp);
      continue;
    }
    if (IAST_CONS[cp] !== undefined) {
      out += IAST_CONS[cp];
      const next = cps[i + 1];
      if (next === VIRAMA) i++;
      else if (next !== undefined && IAST_SIGN[next] !== undefined) {
        out += IAST_SIGN[next];
        i++;
      } else out += "a";
      continue;
    }
    if (IAST_VOWEL[cp] !== undefined) out += IAST_VOWEL[cp];
    else if (cp === 0x0902 || cp === 0x0901) {
      // Before a stop the anusvara is read as that class's nasal (Kumbha, Saṅkrānti), else ṃ.
      const nasal = cps[i + 1] !== undefined ? classNasal(cps[i + 1]!) : undefined;
      out += nasal !== undefined ? IAST_CONS[nasal]! : "ṃ";
    }
    else if (cp === 0x0903) out += "ḥ";
  }
  // Names: each word capitalised (Aśvinī, Makara Saṅkrānti).
  return out.replace(/(^|[\s(/-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase()).normalize("NFC");
}

/** A Devanagari Sanskrit term in a target script (done once, at load). */
export function transliterate(dev: string, target: IndicTarget): string {
  if (target === "ta") return tamil(dev);
  if (target === "sa-Latn") return iast(dev);
  return brahmic(dev, target);
}
