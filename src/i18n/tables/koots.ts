/**
 * The eight kootas of the Ashtakoota match and the ten poruthams of the South Indian match, keyed by the
 * keys the answers carry as `name` (`varna` … `nadi`; `dina` … `vedha`); the localised name is the
 * entry's `title` (English "Graha Maitri", "Stree Deergha").
 *
 * Sources: the koota names of Muhurta Chintamani (Vivaha prakarana), as Hindi Guna Milan tables print
 * them (वर्ण, वश्य, तारा, योनि, ग्रह मैत्री, गण, भकूट, नाड़ी), written as Sanskrit in the other scripts;
 * the poruthams under their Tamil names as Tamil almanacs print them (தினப் பொருத்தம் … வேதைப்
 * பொருத்தம்) and their Malayalam names as Kerala's (ദിനപ്പൊരുത്തം … വേധപ്പൊരുത്തം); Kannada the
 * Dashakoota names (ದಿನ ಕೂಟ … ವೇಧ ಕೂಟ); every other language the Sanskrit name with कूट (koota) in its script.
 */
import type { Language } from "../languages.js";
import { termRow, termRows } from "../term-row.js";
import type { VocabularyTable } from "../vocabulary.js";

export const KOOTS: VocabularyTable = Object.freeze({
  name: "koots",
  rows: termRows({
    varna: { en: "Varna", hi: "वर्ण", own: { ta: "வர்ணம்" } },
    vashya: { en: "Vashya", hi: "वश्य", own: { ta: "வசியம்" } },
    tara: { en: "Tara", hi: "तारा", own: { ta: "தாரை" } },
    yoni: { en: "Yoni", hi: "योनि" },
    graha_maitri: { en: "Graha Maitri", hi: "ग्रह मैत्री", sa: "ग्रहमैत्री" },
    gana: { en: "Gana", hi: "गण", own: { ta: "கணம்" } },
    bhakoot: { en: "Bhakoot", hi: "भकूट", own: { ta: "ராசி" } },
    nadi: { en: "Nadi", hi: "नाड़ी", sa: "नाडी" },
  }),
});

/** [key, English, Sanskrit stem, Tamil, Malayalam]. */
const PORUTHAMS: readonly (readonly [string, string, string, string, string])[] = [
  ["dina", "Dina", "दिन", "தினப் பொருத்தம்", "ദിനപ്പൊരുത്തം"],
  ["gana", "Gana", "गण", "கணப் பொருத்தம்", "ഗണപ്പൊരുത്തം"],
  ["mahendra", "Mahendra", "माहेन्द्र", "மகேந்திரப் பொருத்தம்", "മാഹേന്ദ്രപ്പൊരുത്തം"],
  ["stree_deergha", "Stree Deergha", "स्त्रीदीर्घ", "ஸ்திரீ தீர்க்கப் பொருத்தம்", "സ്ത്രീദീർഘപ്പൊരുത്തം"],
  ["yoni", "Yoni", "योनि", "யோனிப் பொருத்தம்", "യോനിപ്പൊരുത്തം"],
  ["rasi", "Rasi", "राशि", "ராசிப் பொருத்தம்", "രാശിപ്പൊരുത്തം"],
  ["rasyadhipati", "Rasyadhipati", "राश्यधिपति", "ராசி அதிபதி பொருத்தம்", "രാശ്യാധിപപ്പൊരുത്തം"],
  ["vasya", "Vasya", "वश्य", "வசியப் பொருத்தம்", "വശ്യപ്പൊരുത്തം"],
  ["rajju", "Rajju", "रज्जु", "ரஜ்ஜுப் பொருத்தம்", "രജ്ജുപ്പൊരുത്തം"],
  ["vedha", "Vedha", "वेध", "வேதைப் பொருத்தம்", "വേധപ്പൊരുത്തം"],
];

const KOOTA_WORD = termRow({ en: "Koota", hi: "कूट", own: { te: "కూటమి" } });

export const PORUTHAM_TITLES: VocabularyTable = Object.freeze({
  name: "poruthams",
  rows: Object.freeze(Object.fromEntries(PORUTHAMS.map(([key, en, stem, ta, ml]) => {
    const s = termRow({ en, hi: stem });
    const row = {} as Record<Language, string>;
    for (const l of Object.keys(s) as Language[]) row[l] = l === "en" ? en : `${s[l]} ${KOOTA_WORD[l]}`.normalize("NFC");
    row.ta = ta.normalize("NFC");
    row.ml = ml.normalize("NFC");
    return [key, Object.freeze(row)];
  }))),
});
