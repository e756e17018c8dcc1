/**
 * The ten event types (src/engine/events/event-types.ts), keyed by the type the answers carry; the
 * localised name is an event's `title`.
 *
 * Sources: the tithi names as the tithis table; Sankranti as the festival table's word (Malayalam
 * സംക്രമം, the monthly sankranti of Kerala almanacs); a planet's change of sign as Hindi panchangs print
 * it (राशि परिवर्तन), Tamil பெயர்ச்சி (சனிப் பெயர்ச்சி, குருப் பெயர்ச்சி), Telugu రాశి మార్పు, Malayalam
 * രാശിമാറ്റം; retrogression वक्री / मार्गी (Hindi panchangs), Tamil வக்ரம் / வக்ர நிவர்த்தி; eclipses
 * सूर्य ग्रहण, चंद्र ग्रहण and their forms in each language's almanacs (সূর্যগ্রহণ, சூரிய கிரகணம், സൂര്യഗ്രഹണം …).
 */
import type { Language } from "../languages.js";
import type { VocabularyTable } from "../vocabulary.js";
import { GRAHAS } from "./grahas.js";
import { TITHIS } from "./tithis.js";
import { termRows } from "../term-row.js";

type Row = Readonly<Record<Language, string>>;
const row = (r: Record<Language, string>): Row => Object.freeze(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.normalize("NFC")])) as Record<Language, string>);

const SIGN_CHANGE: Row = row({
  en: "sign change", hi: "राशि परिवर्तन", sa: "राशिपरिवर्तनम्", mr: "राशी परिवर्तन", ne: "राशि परिवर्तन", bn: "রাশি পরিবর্তন", gu: "રાશિ પરિવર્તન",
  or: "ରାଶି ପରିବର୍ତ୍ତନ", te: "రాశి మార్పు", ta: "பெயர்ச்சி", kn: "ರಾಶಿ ಪರಿವರ್ತನೆ", ml: "രാശിമാറ്റം", "sa-Latn": "Rāśiparivartana",
});
const signChange = (graha: "saturn" | "jupiter", en: string): Row => {
  const g = GRAHAS.rows[graha]!;
  return row(Object.fromEntries(Object.entries(SIGN_CHANGE).map(([l, w]) => [l, l === "en" ? en : `${g[l as Language]} ${w}`])) as Record<Language, string>);
};

export const EVENT_TYPE_TITLES: VocabularyTable = Object.freeze({
  name: "event_types",
  rows: Object.freeze({
    ekadashi: TITHIS.rows.ekadashi!,
    purnima: TITHIS.rows.purnima!,
    amavasya: TITHIS.rows.amavasya!,
    sankranti: row({
      en: "Sankranti", hi: "संक्रांति", sa: "संक्रान्तिः", mr: "संक्रांत", ne: "संक्रान्ति", bn: "সংক্রান্তি", gu: "સંક્રાંતિ", or: "ସଂକ୍ରାନ୍ତି",
      te: "సంక్రాంతి", ta: "சங்கராந்தி", kn: "ಸಂಕ್ರಾಂತಿ", ml: "സംക്രമം", "sa-Latn": "Saṅkrāntiḥ",
    }),
    saturn_sign_change: signChange("saturn", "Saturn sign change"),
    jupiter_sign_change: signChange("jupiter", "Jupiter sign change"),
    mercury_retrograde_start: row({
      en: "Mercury retrograde begins", hi: "बुध वक्री", sa: "बुधवक्री", mr: "बुध वक्री", ne: "बुध वक्री", bn: "বুধ বক্রী", gu: "બુધ વક્રી", or: "ବୁଧ ବକ୍ରୀ",
      te: "బుధ వక్రి", ta: "புதன் வக்ரம்", kn: "ಬುಧ ವಕ್ರಿ", ml: "ബുധ വക്രി", "sa-Latn": "Budha Vakrī",
    }),
    mercury_retrograde_end: row({
      en: "Mercury retrograde ends", hi: "बुध मार्गी", sa: "बुधमार्गी", mr: "बुध मार्गी", ne: "बुध मार्गी", bn: "বুধ মার্গী", gu: "બુધ માર્ગી", or: "ବୁଧ ମାର୍ଗୀ",
      te: "బుధ మార్గి", ta: "புதன் வக்ர நிவர்த்தி", kn: "ಬುಧ ಮಾರ್ಗಿ", ml: "ബുധ മാർഗി", "sa-Latn": "Budha Mārgī",
    }),
    eclipse_solar: row({
      en: "Solar eclipse", hi: "सूर्य ग्रहण", sa: "सूर्यग्रहणम्", mr: "सूर्यग्रहण", ne: "सूर्य ग्रहण", bn: "সূর্যগ্রহণ", gu: "સૂર્યગ્રહણ", or: "ସୂର୍ଯ୍ୟଗ୍ରହଣ",
      te: "సూర్య గ్రహణం", ta: "சூரிய கிரகணம்", kn: "ಸೂರ್ಯ ಗ್ರಹಣ", ml: "സൂര്യഗ്രഹണം", "sa-Latn": "Sūryagrahaṇam",
    }),
    eclipse_lunar: row({
      en: "Lunar eclipse", hi: "चंद्र ग्रहण", sa: "चन्द्रग्रहणम्", mr: "चंद्रग्रहण", ne: "चन्द्र ग्रहण", bn: "চন্দ্রগ্রহণ", gu: "ચંદ્રગ્રહણ", or: "ଚନ୍ଦ୍ରଗ୍ରହଣ",
      te: "చంద్ర గ్రహణం", ta: "சந்திர கிரகணம்", kn: "ಚಂದ್ರ ಗ್ರಹಣ", ml: "ചന്ദ്രഗ്രഹണം", "sa-Latn": "Candragrahaṇam",
    }),
  }),
});

/**
 * The eleven upagrahas (BPHS ch. 3), keyed by the engine's key (dhuma … mandi); REST answers carry the
 * capitalised name ("Dhuma"), GraphQL the key and a `title`. Sources: BPHS's Sanskrit names in
 * Devanagari (धूम, व्यतीपात, परिवेष, इन्द्रचाप, उपकेतु, काल, मृत्यु, अर्धप्रहर, यमघण्टक, गुलिक, मान्दि),
 * written as Sanskrit in every script (src/i18n/translit.ts); Gulika and Mandi under their Tamil and
 * Malayalam almanac names (குளிகன், மாந்தி; ഗുളികൻ, മാന്ദി); Gulika with the retroflex ḷ Telugu and Kannada
 * panchangas print in its kalam (Telugu గుళిక: "రాహుకాలం, గుళిక కాలం, యమగండకాలం", subbaraonidumolu.blogspot.com,
 * 2021-10; Kannada ಗುಳಿಕ: "ರಾಹುಕಾಲ, ಗುಳಿಕಕಾಲ, ಯಮಗಂಡಕಾಲ", the Kannada Wikipedia article ರಾಹುಕಾಲ).
 */
export const UPAGRAHAS: VocabularyTable = Object.freeze({
  name: "upagrahas",
  rows: termRows({
    dhuma: { en: "Dhuma", hi: "धूम" }, vyatipata: { en: "Vyatipata", hi: "व्यतीपात" }, parivesha: { en: "Parivesha", hi: "परिवेष" },
    indrachapa: { en: "Indrachapa", hi: "इन्द्रचाप" }, upaketu: { en: "Upaketu", hi: "उपकेतु" }, kaala: { en: "Kaala", hi: "काल" },
    mrityu: { en: "Mrityu", hi: "मृत्यु" }, ardhaprahara: { en: "Ardhaprahara", hi: "अर्धप्रहर" }, yamaghantaka: { en: "Yamaghantaka", hi: "यमघंटक", sa: "यमघण्टक" },
    gulika: { en: "Gulika", hi: "गुलिक", own: { ta: "குளிகன்", ml: "ഗുളികൻ", te: "గుళిక", kn: "ಗುಳಿಕ" } }, mandi: { en: "Mandi", hi: "मान्दि", own: { ta: "மாந்தி", ml: "മാന്ദി" } },
  }),
});
