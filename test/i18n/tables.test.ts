/**
 * The translation tables (src/i18n/tables) reviewed for completeness: every vocabulary has every
 * language, NFC-normalised, written only in the language's own script (plus spaces and
 * punctuation) outside en and sa-Latn; the en column is exactly what the engine answers; and the
 * names the issue names are the almanacs' own (Tamil அசுவினி … திருவோணம், Malayalam അശ്വതി …
 * തിരുവോണം, Bengali rashi 4 কর্কট).
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES, SCRIPT_BLOCK, languageOfTag, negotiateLanguage } from "../../src/i18n/languages.js";
import { localName } from "../../src/i18n/localize.js";
import { VOCABULARIES } from "../../src/i18n/vocabularies.js";
import { transliterate } from "../../src/i18n/translit.js";
import { CHOGHADIYAS } from "../../src/engine/tables/choghadiya.js";
import { KARANAS } from "../../src/engine/tables/karanas.js";
import { MASAS } from "../../src/engine/tables/masas.js";
import { NAKSHATRAS } from "../../src/engine/tables/nakshatras.js";
import { RASHIS } from "../../src/engine/tables/rashis.js";
import { RITUS } from "../../src/engine/tables/ritus.js";
import { SAMVATSARAS } from "../../src/engine/tables/samvatsaras.js";
import { TITHIS } from "../../src/engine/tables/tithis.js";
import { VARAS } from "../../src/engine/tables/varas.js";
import { YOGAS } from "../../src/engine/tables/yogas.js";
import { GRAHA_NAMES } from "../../src/engine/tables/grahas.js";
import { YOGA_RULES } from "../../src/engine/chart/yogas/detect-yogas.js";
import { EVENT_TYPES } from "../../src/engine/events/event-types.js";
import { ACTIVITIES, BIRDS } from "../../src/engine/pancha-pakshi/pakshi-tables.js";
import { GRAHA_REMEDIES } from "../../src/engine/tables/remedies.js";
import { SUN_UPAGRAHAS, TIME_UPAGRAHAS } from "../../src/engine/tables/upagrahas.js";
import { KOOTA_ORDER } from "../../src/engine/tables/ashtakoota.js";
import { PORUTHAM_NAMES } from "../../src/engine/tables/porutham.js";
import { TAJAKA_YOGA_NAMES } from "../../src/engine/tajaka/tajaka-yogas.js";
import { KALSARPA_TYPES as KALSARPA_TYPE_NAMES } from "../../src/engine/chart/doshas/kalsarpa-dosha.js";

/** Spaces, hyphens, brackets, dots, slashes, the joiners some scripts need between letters, and digits (a Navaratri's day). */
const NEUTRAL = new Set([" ", "-", "(", ")", ".", "'", "/", "\u200c", "\u200d", ..."0123456789"]);

describe("translation tables", () => {
  for (const [name, table] of Object.entries(VOCABULARIES)) {
    it(`${name}: every row has all ${LANGUAGES.length} languages, NFC, in the language's own script`, () => {
      const rows = Object.entries(table.rows);
      expect(rows.length).toBeGreaterThan(0);
      for (const [key, row] of rows) {
        expect(Object.keys(row).sort(), `${name}.${key}`).toEqual([...LANGUAGES].sort());
        for (const lang of LANGUAGES) {
          const text = row[lang];
          expect(text.trim().length, `${name}.${key}.${lang} is empty`).toBeGreaterThan(0);
          expect(text, `${name}.${key}.${lang} is not NFC`).toBe(text.normalize("NFC"));
          expect(/\p{Cn}/u.test(text), `${name}.${key}.${lang} has an unassigned code point`).toBe(false);
          const block = SCRIPT_BLOCK[lang];
          const outside: string[] = [];
          for (const ch of text) {
            if (NEUTRAL.has(ch)) continue;
            const cp = ch.codePointAt(0)!;
            // en and sa-Latn: Latin letters (IAST diacritics are Latin Extended / Additional).
            const ok = block ? cp >= block[0] && cp <= block[1] : /\p{Script=Latin}/u.test(ch);
            if (!ok) outside.push(`'${ch}' (U+${cp.toString(16)})`);
          }
          expect(outside, `${name}.${key}.${lang}: outside its script`).toEqual([]);
        }
      }
    });
  }

  it("the en columns are exactly the names the engine answers with", () => {
    const en = (t: { rows: Record<string, { en: string }> }) => Object.values(t.rows).map((r) => r.en);
    expect(en(VOCABULARIES.nakshatras)).toEqual(NAKSHATRAS.map((n) => n.name));
    expect(en(VOCABULARIES.rashis)).toEqual(RASHIS.map((r) => r.name));
    expect(en(VOCABULARIES.yogas)).toEqual(YOGAS.map((y) => y.name));
    expect(en(VOCABULARIES.karanas)).toEqual(KARANAS.map((k) => k.name));
    expect(en(VOCABULARIES.varas)).toEqual(VARAS.map((v) => v.name));
    expect(en(VOCABULARIES.masas)).toEqual(MASAS.map((m) => m.name));
    expect(en(VOCABULARIES.samvatsaras)).toEqual([...SAMVATSARAS]);
    expect(en(VOCABULARIES.ritus)).toEqual(RITUS.map((r) => r.name));
    expect(en(VOCABULARIES.grahas)).toEqual(Object.values(GRAHA_NAMES).map((g) => g.english));
    expect(en(VOCABULARIES.choghadiyas)).toEqual(Object.values(CHOGHADIYAS).map((c) => c.name));
    expect(new Set(en(VOCABULARIES.tithis))).toEqual(new Set(TITHIS.map((t) => t.name)));
    expect(Object.keys(VOCABULARIES.samvatsaras.rows)).toHaveLength(60);
    expect(new Set(en(VOCABULARIES.chart_yogas))).toEqual(new Set(YOGA_RULES.map((y) => y.name)));
    expect(en(VOCABULARIES.tajaka_yogas)).toEqual([...TAJAKA_YOGA_NAMES]);
    expect(en(VOCABULARIES.kalsarpa_types)).toEqual([...KALSARPA_TYPE_NAMES]);
    expect(Object.keys(VOCABULARIES.event_types.rows)).toEqual([...EVENT_TYPES]);
    expect(Object.keys(VOCABULARIES.pakshi_birds.rows)).toEqual([...BIRDS]);
    expect(Object.keys(VOCABULARIES.pakshi_activities.rows)).toEqual([...ACTIVITIES]);
    expect(Object.entries(VOCABULARIES.gemstones.rows).map(([g, r]) => [g, r.en])).toEqual(Object.entries(GRAHA_REMEDIES).map(([g, r]) => [g, r.gemstone]));
    expect(Object.entries(VOCABULARIES.deities.rows).map(([g, r]) => [g, r.en])).toEqual(Object.entries(GRAHA_REMEDIES).map(([g, r]) => [g, r.deity]));
    expect(Object.keys(VOCABULARIES.upagrahas.rows)).toEqual([...SUN_UPAGRAHAS, ...TIME_UPAGRAHAS]);
    expect(Object.keys(VOCABULARIES.koots.rows)).toEqual([...KOOTA_ORDER]);
    expect(Object.keys(VOCABULARIES.poruthams.rows)).toEqual([...PORUTHAM_NAMES]);
  });

  it("uses each language's own almanac names, not transliterated English", () => {
    expect(VOCABULARIES.nakshatras.rows.ashwini!.ta).toBe("அசுவினி");
    expect(VOCABULARIES.nakshatras.rows.shravana!.ta).toBe("திருவோணம்");
    expect(VOCABULARIES.nakshatras.rows.ashwini!.ml).toBe("അശ്വതി");
    expect(VOCABULARIES.nakshatras.rows.shravana!.ml).toBe("തിരുവോണം");
    expect(VOCABULARIES.rashis.rows.karka!.bn).toBe("কর্কট");
    expect(VOCABULARIES.nakshatras.rows.purva_phalguni!["sa-Latn"]).toBe("Pūrvaphalgunī");
    expect(VOCABULARIES.nakshatras.rows.ashwini!["sa-Latn"]).toBe("Aśvinī");
    expect(VOCABULARIES.masas.rows.chaitra!.ta).toBe("சித்திரை");
    // Shravana the nakshatra and Shravana the month are different words in Tamil.
    expect(localName("masas", "Shravana", "ta")).toBe("ஆவணி");
    expect(localName("nakshatras", "Shravana", "ta")).toBe("திருவோணம்");
    expect(localName("varas", "Somavara", "hi")).toBe("सोमवार");
    // Gulika as Telugu and Kannada panchangas print it; the Bengali jeweller's ruby.
    expect(VOCABULARIES.upagrahas.rows.gulika!.te).toBe("గుళిక");
    expect(VOCABULARIES.upagrahas.rows.gulika!.kn).toBe("ಗುಳಿಕ");
    expect(VOCABULARIES.gemstones.rows.sun!.bn).toBe("চুনী");
  });

  it("writes a Sanskrit term the way the script writes it: Odia doubles ya after a reph (ସୂର୍ଯ୍ୟ)", () => {
    expect(transliterate("सूर्य", "or")).toBe("ସୂର୍ଯ୍ୟ");
    expect(transliterate("माणिक्य", "or")).toBe("ମାଣିକ୍ୟ");
    expect(transliterate("यम", "or")).toBe("ଯମ");
    expect(transliterate("विजय", "or")).toBe("ବିଜୟ");
    expect(VOCABULARIES.deities.rows.sun!.or.startsWith("ସୂର୍ଯ୍ୟ")).toBe(true);
  });

  it("festivals carry their regional names; composed names are composed in the language", () => {
    const f = VOCABULARIES.festivals.rows;
    expect(f.makar_sankranti!.ta).toBe("பொங்கல்");
    expect(f.makar_sankranti!.gu).toBe("ઉત્તરાયણ");
    expect(f.makar_sankranti!.ne).toBe("माघे संक्रान्ति");
    expect(f.ugadi!.te).toBe("ఉగాది");
    expect(f.ugadi!.kn).toBe("ಯುಗಾದಿ");
    expect(f.ugadi!.mr).toBe("गुढीपाडवा");
    expect(f.vishu!.ml).toBe("വിഷു");
    expect(f.pohela_boishakh!.bn).toBe("পয়লা বৈশাখ".normalize("NFC"));
    expect(f.dussehra!.bn).toBe("বিজয়া দশমী".normalize("NFC"));
    expect(localName("festivals", "Chaitra Purnima (upavasa)", "ta")).toBe("சித்திரை பௌர்ணமி (விரதம்)");
    expect(localName("festivals", "Kumbha Sankranti", "bn")).toBe("কুম্ভ সংক্রান্তি");
    expect(localName("festivals", "Kamada Ekadashi", "te")).toBe("కామద ఏకాదశి");
    expect(localName("festivals", "Sharad Navaratri day 3", "hi")).toBe("शारदीय नवरात्रि दिन 3");
    expect(localName("chart_yogas", "Gaja Kesari Yoga", "ta")).toBe("கஜகேஸரி யோகம்");
    expect(localName("chart_yogas", "Gaja Kesari Yoga", "sa-Latn")).toBe("Gajakesarī Yoga");
    expect(localName("doshas", "Mangal Dosha", "ta")).toBe("செவ்வாய் தோஷம்");
  });

  it("an English name no table knows stays English", () => {
    expect(localName("nakshatras", "Nowhere", "ta")).toBe("Nowhere");
  });
});

describe("choosing a language", () => {
  it("reads tags case-insensitively, with region subtags, and sa-Latn as its own", () => {
    expect(languageOfTag("TA")).toBe("ta");
    expect(languageOfTag("ta-IN")).toBe("ta");
    expect(languageOfTag("sa-latn")).toBe("sa-Latn");
    expect(languageOfTag("sa")).toBe("sa");
    expect(languageOfTag("fr")).toBeUndefined();
    expect(languageOfTag("tam")).toBeUndefined();
  });

  it("Accept-Language: the highest q-value we have wins; q=0 and unsupported tags are skipped", () => {
    expect(negotiateLanguage("fr-FR, ta;q=0.8, hi;q=0.9")).toBe("hi");
    expect(negotiateLanguage("ml;q=0, kn;q=0.2")).toBe("kn");
    expect(negotiateLanguage("fr, de")).toBeUndefined();
    expect(negotiateLanguage("fr, *;q=0.1")).toBeUndefined();
    expect(negotiateLanguage("*")).toBeUndefined();
    expect(negotiateLanguage(undefined)).toBeUndefined();
    expect(negotiateLanguage("bn-IN")).toBe("bn");
  });
});
