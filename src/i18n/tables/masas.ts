/**
 * The twelve lunar months, keyed chaitra … phalguna; masa number = row order. Amanta and purnimanta months share the names; an adhika month is flagged beside the name.
 *
 * Sources: Unicode CLDR 44 `indian` calendar month names (hi, mr, bn as a base) checked against the panchangas: Gujarati the Gujarati almanac names (ભાદરવો, આસો, કારતક, માગશર, મહા, ફાગણ); Bengali ভাদ্র, অগ্রহায়ণ (Gupta Press); Nepali भाद्र; Telugu ఆశ్వయుజం, మార్గశిరం, పుష్యం (Telugu panchangam); Kannada ಆಶ್ವಯುಜ, ಮಾರ್ಗಶಿರ, ಪುಷ್ಯ; Tamil the Tamil month a lunar month is named for in Tamil almanacs (சித்திரை … பங்குனி); Malayalam the Sanskrit lunar names in Malayalam (ചൈത്രം … ഫാൽഗുനം).
 */
import type { VocabularyTable } from "../vocabulary.js";

export const MASAS: VocabularyTable = Object.freeze({
  name: "masas",
  rows: Object.freeze({
    chaitra: { "en": "Chaitra", "hi": "चैत्र", "sa": "चैत्रः", "mr": "चैत्र", "ne": "चैत्र", "bn": "চৈত্র", "gu": "ચૈત્ર", "or": "ଚୈତ୍ର", "te": "చైత్రం", "ta": "சித்திரை", "kn": "ಚೈತ್ರ", "ml": "ചൈത്രം", "sa-Latn": "Caitra" },
    vaishakha: { "en": "Vaishakha", "hi": "वैशाख", "sa": "वैशाखः", "mr": "वैशाख", "ne": "वैशाख", "bn": "বৈশাখ", "gu": "વૈશાખ", "or": "ବୈଶାଖ", "te": "వైశాఖం", "ta": "வைகாசி", "kn": "ವೈಶಾಖ", "ml": "വൈശാഖം", "sa-Latn": "Vaiśākha" },
    jyeshtha: { "en": "Jyeshtha", "hi": "ज्येष्ठ", "sa": "ज्येष्ठः", "mr": "ज्येष्ठ", "ne": "ज्येष्ठ", "bn": "জ্যৈষ্ঠ", "gu": "જેઠ", "or": "ଜ୍ୟେଷ୍ଠ", "te": "జ్యేష్ఠం", "ta": "ஆனி", "kn": "ಜ್ಯೇಷ್ಠ", "ml": "ജ്യേഷ്ഠം", "sa-Latn": "Jyeṣṭha" },
    ashadha: { "en": "Ashadha", "hi": "आषाढ़", "sa": "आषाढः", "mr": "आषाढ", "ne": "आषाढ", "bn": "আষাঢ়", "gu": "અષાઢ", "or": "ଆଷାଢ଼", "te": "ఆషాఢం", "ta": "ஆடி", "kn": "ಆಷಾಢ", "ml": "ആഷാഢം", "sa-Latn": "Āṣāḍha" },
    shravana: { "en": "Shravana", "hi": "श्रावण", "sa": "श्रावणः", "mr": "श्रावण", "ne": "श्रावण", "bn": "শ্রাবণ", "gu": "શ્રાવણ", "or": "ଶ୍ରାବଣ", "te": "శ్రావణం", "ta": "ஆவணி", "kn": "ಶ್ರಾವಣ", "ml": "ശ്രാവണം", "sa-Latn": "Śrāvaṇa" },
    bhadrapada: { "en": "Bhadrapada", "hi": "भाद्रपद", "sa": "भाद्रपदः", "mr": "भाद्रपद", "ne": "भाद्र", "bn": "ভাদ্র", "gu": "ભાદરવો", "or": "ଭାଦ୍ରବ", "te": "భాద్రపదం", "ta": "புரட்டாசி", "kn": "ಭಾದ್ರಪದ", "ml": "ഭാദ്രപദം", "sa-Latn": "Bhādrapada" },
    ashwin: { "en": "Ashwin", "hi": "आश्विन", "sa": "आश्विनः", "mr": "आश्विन", "ne": "आश्विन", "bn": "আশ্বিন", "gu": "આસો", "or": "ଆଶ୍ୱିନ", "te": "ఆశ్వయుజం", "ta": "ஐப்பசி", "kn": "ಆಶ್ವಯುಜ", "ml": "ആശ്വിനം", "sa-Latn": "Āśvina" },
    kartika: { "en": "Kartika", "hi": "कार्तिक", "sa": "कार्तिकः", "mr": "कार्तिक", "ne": "कार्तिक", "bn": "কার্তিক", "gu": "કારતક", "or": "କାର୍ତ୍ତିକ", "te": "కార్తీకం", "ta": "கார்த்திகை", "kn": "ಕಾರ್ತಿಕ", "ml": "കാർത്തികം", "sa-Latn": "Kārttika" },
    margashirsha: { "en": "Margashirsha", "hi": "मार्गशीर्ष", "sa": "मार्गशीर्षः", "mr": "मार्गशीर्ष", "ne": "मार्गशीर्ष", "bn": "অগ্রহায়ণ", "gu": "માગશર", "or": "ମାର୍ଗଶିର", "te": "మార్గశిరం", "ta": "மார்கழி", "kn": "ಮಾರ್ಗಶಿರ", "ml": "മാർഗ്ഗശീർഷം", "sa-Latn": "Mārgaśīrṣa" },
    pausha: { "en": "Pausha", "hi": "पौष", "sa": "पौषः", "mr": "पौष", "ne": "पौष", "bn": "পৌষ", "gu": "પોષ", "or": "ପୌଷ", "te": "పుష్యం", "ta": "தை", "kn": "ಪುಷ್ಯ", "ml": "പൗഷം", "sa-Latn": "Pauṣa" },
    magha: { "en": "Magha", "hi": "माघ", "sa": "माघः", "mr": "माघ", "ne": "माघ", "bn": "মাঘ", "gu": "મહા", "or": "ମାଘ", "te": "మాఘం", "ta": "மாசி", "kn": "ಮಾಘ", "ml": "മാഘം", "sa-Latn": "Māgha" },
    phalguna: { "en": "Phalguna", "hi": "फाल्गुन", "sa": "फाल्गुनः", "mr": "फाल्गुन", "ne": "फाल्गुन", "bn": "ফাল্গুন", "gu": "ફાગણ", "or": "ଫାଲ୍ଗୁନ", "te": "ఫాల్గుణం", "ta": "பங்குனி", "kn": "ಫಾಲ್ಗುಣ", "ml": "ഫാൽഗുനം", "sa-Latn": "Phālguna" },
  }),
});
