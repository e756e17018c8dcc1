/**
 * The tithi names (a paksha's 1st … 14th, Purnima, Amavasya), keyed pratipada … amavasya; the tithi number 1–30 and paksha travel beside the name.
 *
 * Sources: Hindi/Gujarati/Odia as Drik Panchang's editions; Marathi पौर्णिमा/अमावास्या (Kalnirnay); Nepali औंसी (Nepal Panchanga Nirnayak Samiti's patro); Bengali (Gupta Press panjika); Telugu పాడ్యమి, విదియ … (Telugu panchangam); Tamil பிரதமை … பௌர்ணமி, அமாவாசை (Tamil panchangams); Kannada ಪಾಡ್ಯ, ಬಿದಿಗೆ … ಹುಣ್ಣಿಮೆ, ಅಮಾವಾಸ್ಯೆ; Malayalam പ്രഥമ … പൗർണ്ണമി, അമാവാസി.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const TITHIS: VocabularyTable = Object.freeze({
  name: "tithis",
  rows: Object.freeze({
    pratipada: { "en": "Pratipada", "hi": "प्रतिपदा", "sa": "प्रतिपत्", "mr": "प्रतिपदा", "ne": "प्रतिपदा", "bn": "প্রতিপদ", "gu": "પ્રતિપદા", "or": "ପ୍ରତିପଦା", "te": "పాడ్యమి", "ta": "பிரதமை", "kn": "ಪಾಡ್ಯ", "ml": "പ്രഥമ", "sa-Latn": "Pratipat" },
    dwitiya: { "en": "Dwitiya", "hi": "द्वितीया", "sa": "द्वितीया", "mr": "द्वितीया", "ne": "द्वितीया", "bn": "দ্বিতীয়া", "gu": "દ્વિતીયા", "or": "ଦ୍ବିତୀୟା", "te": "విదియ", "ta": "துவிதியை", "kn": "ಬಿದಿಗೆ", "ml": "ദ്വിതീയ", "sa-Latn": "Dvitīyā" },
    tritiya: { "en": "Tritiya", "hi": "तृतीया", "sa": "तृतीया", "mr": "तृतीया", "ne": "तृतीया", "bn": "তৃতীয়া", "gu": "તૃતીયા", "or": "ତୃତୀୟା", "te": "తదియ", "ta": "திருதியை", "kn": "ತದಿಗೆ", "ml": "തൃതീയ", "sa-Latn": "Tṛtīyā" },
    chaturthi: { "en": "Chaturthi", "hi": "चतुर्थी", "sa": "चतुर्थी", "mr": "चतुर्थी", "ne": "चतुर्थी", "bn": "চতুর্থী", "gu": "ચતુર્થી", "or": "ଚତୁର୍ଥୀ", "te": "చవితి", "ta": "சதுர்த்தி", "kn": "ಚೌತಿ", "ml": "ചതുർത്ഥി", "sa-Latn": "Caturthī" },
    panchami: { "en": "Panchami", "hi": "पंचमी", "sa": "पञ्चमी", "mr": "पंचमी", "ne": "पञ्चमी", "bn": "পঞ্চমী", "gu": "પઞ્ચમી", "or": "ପଞ୍ଚମୀ", "te": "పంచమి", "ta": "பஞ்சமி", "kn": "ಪಂಚಮಿ", "ml": "പഞ്ചമി", "sa-Latn": "Pañcamī" },
    shashthi: { "en": "Shashthi", "hi": "षष्ठी", "sa": "षष्ठी", "mr": "षष्ठी", "ne": "षष्ठी", "bn": "ষষ্ঠী", "gu": "ષષ્ઠી", "or": "ଷଷ୍ଠୀ", "te": "షష్ఠి", "ta": "சஷ்டி", "kn": "ಷಷ್ಠಿ", "ml": "ഷഷ്ഠി", "sa-Latn": "Ṣaṣṭhī" },
    saptami: { "en": "Saptami", "hi": "सप्तमी", "sa": "सप्तमी", "mr": "सप्तमी", "ne": "सप्तमी", "bn": "সপ্তমী", "gu": "સપ્તમી", "or": "ସପ୍ତମୀ", "te": "సప్తమి", "ta": "சப்தமி", "kn": "ಸಪ್ತಮಿ", "ml": "സപ്തമി", "sa-Latn": "Saptamī" },
    ashtami: { "en": "Ashtami", "hi": "अष्टमी", "sa": "अष्टमी", "mr": "अष्टमी", "ne": "अष्टमी", "bn": "অষ্টমী", "gu": "અષ્ટમી", "or": "ଅଷ୍ଟମୀ", "te": "అష్టమి", "ta": "அஷ்டமி", "kn": "ಅಷ್ಟಮಿ", "ml": "അഷ്ടമി", "sa-Latn": "Aṣṭamī" },
    navami: { "en": "Navami", "hi": "नवमी", "sa": "नवमी", "mr": "नवमी", "ne": "नवमी", "bn": "নবমী", "gu": "નવમી", "or": "ନବମୀ", "te": "నవమి", "ta": "நவமி", "kn": "ನವಮಿ", "ml": "നവമി", "sa-Latn": "Navamī" },
    dashami: { "en": "Dashami", "hi": "दशमी", "sa": "दशमी", "mr": "दशमी", "ne": "दशमी", "bn": "দশমী", "gu": "દશમી", "or": "ଦଶମୀ", "te": "దశమి", "ta": "தசமி", "kn": "ದಶಮಿ", "ml": "ദശമി", "sa-Latn": "Daśamī" },
    ekadashi: { "en": "Ekadashi", "hi": "एकादशी", "sa": "एकादशी", "mr": "एकादशी", "ne": "एकादशी", "bn": "একাদশী", "gu": "એકાદશી", "or": "ଏକାଦଶୀ", "te": "ఏకాదశి", "ta": "ஏகாதசி", "kn": "ಏಕಾದಶಿ", "ml": "ഏകാദശി", "sa-Latn": "Ekādaśī" },
    dwadashi: { "en": "Dwadashi", "hi": "द्वादशी", "sa": "द्वादशी", "mr": "द्वादशी", "ne": "द्वादशी", "bn": "দ্বাদশী", "gu": "દ્વાદશી", "or": "ଦ୍ବାଦଶୀ", "te": "ద్వాదశి", "ta": "துவாதசி", "kn": "ದ್ವಾದಶಿ", "ml": "ദ്വാദശി", "sa-Latn": "Dvādaśī" },
    trayodashi: { "en": "Trayodashi", "hi": "त्रयोदशी", "sa": "त्रयोदशी", "mr": "त्रयोदशी", "ne": "त्रयोदशी", "bn": "ত্রয়োদশী", "gu": "ત્રયોદશી", "or": "ତ୍ରୟୋଦଶୀ", "te": "త్రయోదశి", "ta": "திரயோதசி", "kn": "ತ್ರಯೋದಶಿ", "ml": "ത്രയോദശി", "sa-Latn": "Trayodaśī" },
    chaturdashi: { "en": "Chaturdashi", "hi": "चतुर्दशी", "sa": "चतुर्दशी", "mr": "चतुर्दशी", "ne": "चतुर्दशी", "bn": "চতুর্দশী", "gu": "ચતુર્દશી", "or": "ଚତୁର୍ଦଶୀ", "te": "చతుర్దశి", "ta": "சதுர்த்தசி", "kn": "ಚತುರ್ದಶಿ", "ml": "ചതുർദ്ദശി", "sa-Latn": "Caturdaśī" },
    purnima: { "en": "Purnima", "hi": "पूर्णिमा", "sa": "पूर्णिमा", "mr": "पौर्णिमा", "ne": "पूर्णिमा", "bn": "পূর্ণিমা", "gu": "પૂર્ણિમા", "or": "ପୂର୍ଣିମା", "te": "పౌర్ణమి", "ta": "பௌர்ணமி", "kn": "ಹುಣ್ಣಿಮೆ", "ml": "പൗർണ്ണമി", "sa-Latn": "Pūrṇimā" },
    amavasya: { "en": "Amavasya", "hi": "अमावस्या", "sa": "अमावास्या", "mr": "अमावास्या", "ne": "औंसी", "bn": "অমাবস্যা", "gu": "અમાવસ્યા", "or": "ଅମାବସ୍ୟା", "te": "అమావాస్య", "ta": "அமாவாசை", "kn": "ಅಮಾವಾಸ್ಯೆ", "ml": "അമാവാസി", "sa-Latn": "Amāvāsyā" },
  }),
});
