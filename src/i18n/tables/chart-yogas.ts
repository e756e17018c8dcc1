/**
 * The chart yogas (src/engine/chart/yogas) and doshas (src/engine/chart/doshas), keyed by a stable
 * language-free key (`gaja_kesari`, `mangal_dosha`); the answers carry the English name, which these
 * rows map.
 *
 * Sources: the yogas' Sanskrit names as BPHS (R. Santhanam's edition), Phaladeepika and B.V. Raman's
 * "Three Hundred Important Combinations" spell them, in Devanagari; Hindi the same names as Hindi
 * almanacs and Drik Panchang's Hindi edition print them (anusvara for a nasal before a stop). Every other
 * script writes the Sanskrit name (src/i18n/translit.ts) followed by the language's word for yoga —
 * योग, যোগ, યોગ, ଯୋଗ, యోగం, யோகம், ಯೋಗ, യോഗം — the form the regional almanacs and astrology
 * books print these technical names in; none has a vernacular name of its own. The doshas take the
 * regional names where they are the common ones: Mangal Dosha is செவ்வாய் தோஷம் (ta), కుజ దోషం (te),
 * ಕುಜ ದೋಷ (kn), ചൊവ്വാദോഷം (ml), मंगळ दोष (mr), મંગળ દોષ (gu), ମଙ୍ଗଳ ଦୋଷ (or).
 */
import type { Language } from "../languages.js";
import { termRow } from "../term-row.js";
import type { VocabularyTable } from "../vocabulary.js";

/** The word for yoga (and dosha) in each language. */
const YOGA: Readonly<Record<Language, string>> = {
  en: "Yoga", hi: "योग", sa: "योगः", mr: "योग", ne: "योग", bn: "যোগ", gu: "યોગ", or: "ଯୋଗ", te: "యోగం", ta: "யோகம்", kn: "ಯೋಗ", ml: "യോഗം", "sa-Latn": "Yoga",
};
const DOSHA: Readonly<Record<Language, string>> = {
  en: "Dosha", hi: "दोष", sa: "दोषः", mr: "दोष", ne: "दोष", bn: "দোষ", gu: "દોષ", or: "ଦୋଷ", te: "దోషం", ta: "தோஷம்", kn: "ದೋಷ", ml: "ദോഷം", "sa-Latn": "Doṣa",
};

/** [key, English stem (the engine's name without " Yoga"), Hindi stem, Sanskrit stem (default the Hindi)]. */
const STEMS: readonly (readonly [string, string, string, string?])[] = [
  ["adhi", "Adhi", "अधि"], ["akhanda_samrajya", "Akhanda Samrajya", "अखंड साम्राज्य", "अखण्ड साम्राज्य"], ["amala", "Amala", "अमल"],
  ["anapha", "Anapha", "अनफा"], ["ardhachandra", "Ardhachandra", "अर्धचंद्र", "अर्धचन्द्र"], ["bhadra", "Bhadra", "भद्र"],
  ["bharati", "Bharati", "भारती"], ["bheri", "Bheri", "भेरी"], ["budha_aditya", "Budha-Aditya", "बुधादित्य"], ["chakra", "Chakra", "चक्र"],
  ["chamara", "Chamara", "चामर"], ["chandra_mangala", "Chandra-Mangala", "चंद्र-मंगल", "चन्द्र-मङ्गल"], ["chapa", "Chapa", "चाप"],
  ["chhatra", "Chhatra", "छत्र"], ["dainya", "Dainya", "दैन्य"], ["dama", "Dama", "दाम"], ["danda", "Danda", "दंड", "दण्ड"],
  ["daridra", "Daridra", "दरिद्र"], ["dhana", "Dhana", "धन"], ["durudhara", "Durudhara", "दुरुधरा"], ["gada", "Gada", "गदा"],
  ["gaja_kesari", "Gaja Kesari", "गजकेसरी"], ["gauri", "Gauri", "गौरी"], ["gola", "Gola", "गोल"], ["hala", "Hala", "हल"],
  ["hamsa", "Hamsa", "हंस"], ["harsha", "Harsha", "हर्ष"], ["ishu", "Ishu", "इषु"], ["kahala", "Kahala", "काहल"], ["kamala", "Kamala", "कमल"],
  ["kedara", "Kedara", "केदार"], ["kemadruma_bhanga", "Kemadruma Bhanga", "केमद्रुम भंग", "केमद्रुम भङ्ग"], ["kemadruma", "Kemadruma", "केमद्रुम"],
  ["khadga", "Khadga", "खड्ग"], ["khala", "Khala", "खल"], ["kurma", "Kurma", "कूर्म"], ["kusuma", "Kusuma", "कुसुम"], ["kuta", "Kuta", "कूट"],
  ["lagnadhi", "Lagnadhi", "लग्नाधि"], ["lakshmi", "Lakshmi", "लक्ष्मी"], ["maha_parivartana", "Maha Parivartana", "महा परिवर्तन"],
  ["mala", "Mala", "माला"], ["malavya", "Malavya", "मालव्य"], ["matsya", "Matsya", "मत्स्य"], ["mridanga", "Mridanga", "मृदंग", "मृदङ्ग"],
  ["musala", "Musala", "मुसल"], ["nala", "Nala", "नल"], ["nauka", "Nauka", "नौका"],
  ["neecha_bhanga_raja", "Neecha Bhanga Raja", "नीचभंग राज", "नीचभङ्ग राज"], ["papa_kartari", "Papa Kartari", "पाप कर्तरी"],
  ["parvata", "Parvata", "पर्वत"], ["pasha", "Pasha", "पाश"], ["pushkala", "Pushkala", "पुष्कल"], ["raja", "Raja", "राज"],
  ["rajju", "Rajju", "रज्जु"], ["ruchaka", "Ruchaka", "रुचक"], ["samudra", "Samudra", "समुद्र"], ["sarala", "Sarala", "सरल"],
  ["saraswati", "Saraswati", "सरस्वती"], ["sarpa", "Sarpa", "सर्प"], ["shakata_nabhasa", "Shakata Nabhasa", "शकट नाभस"],
  ["shakata", "Shakata", "शकट"], ["shakti", "Shakti", "शक्ति"], ["shankha", "Shankha", "शंख", "शङ्ख"], ["shasha", "Shasha", "शश"],
  ["shoola", "Shoola", "शूल"], ["shrinatha", "Shrinatha", "श्रीनाथ"], ["shringataka", "Shringataka", "शृंगाटक", "शृङ्गाटक"],
  ["shubha_kartari", "Shubha Kartari", "शुभ कर्तरी"], ["sunapha", "Sunapha", "सुनफा"], ["ubhayachari", "Ubhayachari", "उभयचरी"],
  ["vajra", "Vajra", "वज्र"], ["vallaki", "Vallaki", "वल्लकी"], ["vapi", "Vapi", "वापी"], ["vasi", "Vasi", "वासि"],
  ["vasumati", "Vasumati", "वसुमती"], ["vesi", "Vesi", "वेशि"], ["vihaga", "Vihaga", "विहग"], ["vimala", "Vimala", "विमल"],
  ["yava", "Yava", "यव"], ["yogakaraka_raja", "Yogakaraka Raja", "योगकारक राज"], ["yuga", "Yuga", "युग"], ["yupa", "Yupa", "यूप"],
];

function yogaRow(en: string, hi: string, sa: string | undefined): Readonly<Record<Language, string>> {
  const stem = termRow({ en, hi, sa });
  const row = {} as Record<Language, string>;
  for (const l of Object.keys(YOGA) as Language[]) row[l] = l === "en" ? `${en} Yoga` : `${stem[l]} ${YOGA[l]}`.normalize("NFC");
  return Object.freeze(row);
}

const yogaRows: Record<string, Readonly<Record<Language, string>>> = Object.fromEntries(STEMS.map(([k, en, hi, sa]) => [k, yogaRow(en, hi, sa)]));
// Dur Yoga is one word in Sanskrit (दुर्योग): the yoga word is not repeated.
yogaRows.dur = Object.freeze({ ...termRow({ en: "Dur Yoga", hi: "दुर्योग", own: { te: "దుర్యోగం", ta: "துர்யோகம்", ml: "ദുര്യോഗം" } }), "sa-Latn": "Duryoga" });

export const CHART_YOGAS: VocabularyTable = Object.freeze({ name: "chart_yogas", rows: Object.freeze(yogaRows) });

export const DOSHAS: VocabularyTable = Object.freeze({
  name: "doshas",
  rows: Object.freeze({
    mangal_dosha: Object.freeze({
      en: "Mangal Dosha", hi: "मंगल दोष", sa: "कुजदोषः", mr: "मंगळ दोष", ne: "मंगल दोष", bn: "মঙ্গল দোষ", gu: "મંગળ દોષ", or: "ମଙ୍ଗଳ ଦୋଷ",
      te: "కుజ దోషం", ta: "செவ்வாய் தோஷம்", kn: "ಕುಜ ದೋಷ", ml: "ചൊവ്വാദോഷം", "sa-Latn": "Kujadoṣaḥ",
    }),
    kalsarpa_dosha: Object.freeze({
      en: "Kalsarpa Dosha", hi: "कालसर्प दोष", sa: "कालसर्पदोषः", mr: "कालसर्प दोष", ne: "कालसर्प दोष", bn: "কালসর্প দোষ", gu: "કાલસર્પ દોષ",
      or: "କାଳସର୍ପ ଦୋଷ", te: "కాలసర్ప దోషం", ta: "கால சர்ப்ப தோஷம்", kn: "ಕಾಲಸರ್ಪ ದೋಷ", ml: "കാലസർപ്പദോഷം", "sa-Latn": "Kālasarpadoṣaḥ",
    }),
    pitra_dosha: Object.freeze({
      en: "Pitra Dosha", hi: "पितृ दोष", sa: "पितृदोषः", mr: "पितृदोष", ne: "पितृ दोष", bn: "পিতৃ দোষ", gu: "પિતૃ દોષ", or: "ପିତୃ ଦୋଷ",
      te: "పితృ దోషం", ta: "பித்ரு தோஷம்", kn: "ಪಿತೃ ದೋಷ", ml: "പിതൃദോഷം", "sa-Latn": "Pitṛdoṣaḥ",
    }),
  }),
});

/**
 * The twelve Kalsarpa types (nagas), by Rahu's house from the lagna (Anant … Sheshnag); sources: the
 * naga names of the Puranas in Devanagari (अनंत, कुलिक, वासुकि, शंखपाल, पद्म, महापद्म, तक्षक,
 * कर्कोटक, शंखचूड़, घातक, विषधर, शेषनाग) as the Kalsarpa literature prints them, in every script.
 */
export const KALSARPA_TYPES: VocabularyTable = Object.freeze({
  name: "kalsarpa_types",
  rows: Object.freeze(Object.fromEntries(([
    ["anant", "Anant", "अनंत", "अनन्त"], ["kulik", "Kulik", "कुलिक"], ["vasuki", "Vasuki", "वासुकि"], ["shankhpal", "Shankhpal", "शंखपाल", "शङ्खपाल"],
    ["padma", "Padma", "पद्म"], ["mahapadma", "Mahapadma", "महापद्म"], ["takshak", "Takshak", "तक्षक"], ["karkotak", "Karkotak", "कर्कोटक"],
    ["shankhachud", "Shankhachud", "शंखचूड़", "शङ्खचूड"], ["ghatak", "Ghatak", "घातक"], ["vishdhar", "Vishdhar", "विषधर"], ["sheshnag", "Sheshnag", "शेषनाग"],
  ] as const).map(([k, en, hi, sa]) => [k, termRow({ en, hi, sa: sa as string | undefined })]))),
});

/**
 * The sixteen Tajaka yogas (src/engine/tajaka/tajaka-yogas.ts), keyed by the engine's name in lower case.
 * Sources: Nilakantha's Tajaka Neelakanthi (Samjna Tantra), whose Devanagari names (इक्कवाल, इन्दुवार,
 * इत्थशाल, ईसराफ, नक्त, यमया, मणऊ, कम्बूल, गैरिकम्बूल, खल्लासर, रद्द, दुःफालिकुत्थ, दुत्थोत्थदवीर, तम्बीर,
 * कुत्थ, दुरफ) are Sanskritised Arabic terms with no vernacular names: every script writes them (and
 * "yoga") as Sanskrit. The engine's "Durudhura" is Neelakanthi's sixteenth, Durapha (दुरफ).
 */
export const TAJAKA_YOGAS: VocabularyTable = Object.freeze({
  name: "tajaka_yogas",
  rows: Object.freeze(Object.fromEntries(([
    ["ikkavala", "Ikkavala", "इक्कवाल"], ["induvara", "Induvara", "इन्दुवार"], ["ithasala", "Ithasala", "इत्थशाल"], ["eesarpha", "Eesarpha", "ईसराफ"],
    ["nakta", "Nakta", "नक्त"], ["yamaya", "Yamaya", "यमया"], ["manahoo", "Manahoo", "मणऊ"], ["kamboola", "Kamboola", "कम्बूल"],
    ["gairi_kamboola", "Gairi-Kamboola", "गैरिकम्बूल"], ["khallasara", "Khallasara", "खल्लासर"], ["radda", "Radda", "रद्द"],
    ["duhphali_kutta", "Duhphali-kutta", "दुःफालिकुत्थ"], ["dutthotha_davira", "Dutthotha-davira", "दुत्थोत्थदवीर"], ["tambira", "Tambira", "तम्बीर"],
    ["kuttha", "Kuttha", "कुत्थ"], ["durudhura", "Durudhura", "दुरफ"],
  ] as const).map(([k, en, hi]) => {
    const stem = termRow({ en, hi });
    const row = {} as Record<Language, string>;
    for (const l of Object.keys(YOGA) as Language[]) row[l] = l === "en" ? en : `${stem[l]} ${YOGA[l]}`.normalize("NFC");
    return [k, Object.freeze(row)];
  }))),
});
