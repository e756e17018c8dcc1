/**
 * The words an SVG chart draws, per language (docs/languages.md): graha abbreviations, the
 * lagna mark, sign names and a font-family stack that covers the script. Built once at load.
 * Abbreviations are the first syllables Indian chart drawings use in each script (सू चं मं …,
 * Tamil சூரி சந் செவ் … as Tamil almanac charts print them); R/C (retrograde, combust) and the
 * caption's legend stay as symbols and English.
 */
import { GRAHAS, type Graha } from "../../../engine/types.js";
import { RASHIS } from "../../../engine/tables/rashis.js";
import { LANGUAGES, type Language } from "../../../i18n/languages.js";
import { localName } from "../../../i18n/localize.js";
import { GRAHA_ABBR } from "./chart-drawing.js";

export interface SvgLabels {
  readonly abbr: Readonly<Record<Graha, string>>;
  /** Marks the lagna in a cell ("Asc 12°05′"). */
  readonly asc: string;
  /** Sign names in South Indian cells, 1..12 → index 0..11. */
  readonly signShort: readonly string[];
  /** Sign names in the caption. */
  readonly signName: readonly string[];
  readonly font: string;
  /** Varga display name of a chart key's English name. */
  vargaName(english: string): string;
}

const ABBR: Readonly<Record<Exclude<Language, "en">, string>> = {
  hi: "सू चं मं बु गु शु श रा के", sa: "सू चं मं बु गु शु श रा के", mr: "सू चं मं बु गु शु श रा के", ne: "सू चं मं बु गु शु श रा के",
  bn: "সূ চ মং বু বৃ শু শ রা কে", gu: "સૂ ચં મં બુ ગુ શુ શ રા કે", or: "ସୂ ଚ ମ ବୁ ଗୁ ଶୁ ଶ ରା କେ", te: "సూ చం కు బు గు శు శ రా కే",
  ta: "சூரி சந் செவ் புத குரு சுக் சனி ராகு கேது", kn: "ಸೂ ಚಂ ಕು ಬು ಗು ಶು ಶ ರಾ ಕೇ", ml: "സൂ ച കു ബു ഗു ശു മ രാ കേ",
  "sa-Latn": "Sū Ca Ma Bu Gu Śu Śa Rā Ke",
};
const ASC: Readonly<Record<Exclude<Language, "en">, string>> = {
  hi: "ल", sa: "ल", mr: "ल", ne: "ल", bn: "ল", gu: "લ", or: "ଲ", te: "ల", ta: "ல", kn: "ಲ", ml: "ല", "sa-Latn": "La",
};
const DEVANAGARI = "Noto Sans Devanagari, Mangal, Nirmala UI, Kohinoor Devanagari, DejaVu Sans, sans-serif";
const FONT: Readonly<Record<Language, string>> = {
  en: "DejaVu Sans, Arial, Helvetica, sans-serif",
  hi: DEVANAGARI, sa: DEVANAGARI, mr: DEVANAGARI, ne: DEVANAGARI,
  bn: "Noto Sans Bengali, Vrinda, Nirmala UI, Kohinoor Bangla, sans-serif",
  gu: "Noto Sans Gujarati, Shruti, Nirmala UI, Kohinoor Gujarati, sans-serif",
  or: "Noto Sans Oriya, Kalinga, Nirmala UI, sans-serif",
  te: "Noto Sans Telugu, Gautami, Nirmala UI, Kohinoor Telugu, sans-serif",
  ta: "Noto Sans Tamil, Latha, Nirmala UI, Tamil Sangam MN, sans-serif",
  kn: "Noto Sans Kannada, Tunga, Nirmala UI, Kannada Sangam MN, sans-serif",
  ml: "Noto Sans Malayalam, Kartika, Nirmala UI, Malayalam Sangam MN, sans-serif",
  "sa-Latn": "Noto Sans, DejaVu Sans, Arial, sans-serif",
};

function labelsOf(lang: Language): SvgLabels {
  if (lang === "en") {
    return Object.freeze({
      abbr: GRAHA_ABBR,
      asc: "Asc",
      signShort: RASHIS.map((r) => r.name.slice(0, 3)),
      signName: RASHIS.map((r) => r.name),
      font: FONT.en,
      vargaName: (english: string) => english,
    });
  }
  const parts = ABBR[lang].split(" ");
  const names = RASHIS.map((r) => localName("rashis", r.name, lang));
  return Object.freeze({
    abbr: Object.fromEntries(GRAHAS.map((g, i) => [g, parts[i]!])) as Record<Graha, string>,
    asc: ASC[lang],
    signShort: names,
    signName: names,
    font: FONT[lang],
    vargaName: (english: string) => localName("vargas", english, lang),
  });
}

export const SVG_LABELS: Readonly<Record<Language, SvgLabels>> = Object.freeze(
  Object.fromEntries(LANGUAGES.map((l) => [l, labelsOf(l)])) as Record<Language, SvgLabels>,
);
