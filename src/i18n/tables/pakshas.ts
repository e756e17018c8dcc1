/**
 * The two pakshas, keyed shukla and krishna (the keys the answers carry).
 *
 * Sources: as for tithis (Tamil வளர்பிறை/தேய்பிறை, Malayalam ശുക്ലപക്ഷം/കൃഷ്ണപക്ഷം as their panchangams print).
 */
import type { VocabularyTable } from "../vocabulary.js";

export const PAKSHAS: VocabularyTable = Object.freeze({
  name: "pakshas",
  rows: Object.freeze({
    shukla: { "en": "Shukla", "hi": "शुक्ल", "sa": "शुक्लपक्षः", "mr": "शुक्ल", "ne": "शुक्ल", "bn": "শুক্ল", "gu": "શુક્લ", "or": "ଶୁକ୍ଲ", "te": "శుక్ల", "ta": "வளர்பிறை", "kn": "ಶುಕ್ಲ", "ml": "ശുക്ലപക്ഷം", "sa-Latn": "Śuklapakṣaḥ" },
    krishna: { "en": "Krishna", "hi": "कृष्ण", "sa": "कृष्णपक्षः", "mr": "कृष्ण", "ne": "कृष्ण", "bn": "কৃষ্ণ", "gu": "કૃષ્ણ", "or": "କୃଷ୍ଣ", "te": "కృష్ణ", "ta": "தேய்பிறை", "kn": "ಕೃಷ್ಣ", "ml": "കൃഷ്ണപക്ഷം", "sa-Latn": "Kṛṣṇapakṣaḥ" },
  }),
});
