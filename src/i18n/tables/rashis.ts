/**
 * The twelve rashis, keyed by their Sanskrit name (mesha … meena); rashi number = row order.
 *
 * Sources: as for grahas; Bengali rashi 4 কর্কট and Odia ବୃଶ୍ଚିକ as the Gupta Press and Kohinoor panjikas print them; Malayalam the Kerala names (മേടം … മീനം) of the Manorama panchangam.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const RASHIS: VocabularyTable = Object.freeze({
  name: "rashis",
  rows: Object.freeze({
    mesha: { "en": "Aries", "hi": "मेष", "sa": "मेषः", "mr": "मेष", "ne": "मेष", "bn": "মেষ", "gu": "મેષ", "or": "ମେଷ", "te": "మేషం", "ta": "மேஷம்", "kn": "ಮೇಷ", "ml": "മേടം", "sa-Latn": "Meṣa" },
    vrishabha: { "en": "Taurus", "hi": "वृषभ", "sa": "वृषभः", "mr": "वृषभ", "ne": "वृष", "bn": "বৃষ", "gu": "વૃષભ", "or": "ବୃଷ", "te": "వృషభం", "ta": "ரிஷபம்", "kn": "ವೃಷಭ", "ml": "ഇടവം", "sa-Latn": "Vṛṣabha" },
    mithuna: { "en": "Gemini", "hi": "मिथुन", "sa": "मिथुनम्", "mr": "मिथुन", "ne": "मिथुन", "bn": "মিথুন", "gu": "મિથુન", "or": "ମିଥୁନ", "te": "మిథునం", "ta": "மிதுனம்", "kn": "ಮಿಥುನ", "ml": "മിഥുനം", "sa-Latn": "Mithuna" },
    karka: { "en": "Cancer", "hi": "कर्क", "sa": "कर्कटः", "mr": "कर्क", "ne": "कर्कट", "bn": "কর্কট", "gu": "કર્ક", "or": "କର୍କଟ", "te": "కర్కాటకం", "ta": "கடகம்", "kn": "ಕರ್ಕಾಟಕ", "ml": "കർക്കടകം", "sa-Latn": "Karkaṭa" },
    simha: { "en": "Leo", "hi": "सिंह", "sa": "सिंहः", "mr": "सिंह", "ne": "सिंह", "bn": "সিংহ", "gu": "સિંહ", "or": "ସିଂହ", "te": "సింహం", "ta": "சிம்மம்", "kn": "ಸಿಂಹ", "ml": "ചിങ്ങം", "sa-Latn": "Siṃha" },
    kanya: { "en": "Virgo", "hi": "कन्या", "sa": "कन्या", "mr": "कन्या", "ne": "कन्या", "bn": "কন্যা", "gu": "કન્યા", "or": "କନ୍ୟା", "te": "కన్య", "ta": "கன்னி", "kn": "ಕನ್ಯಾ", "ml": "കന്നി", "sa-Latn": "Kanyā" },
    tula: { "en": "Libra", "hi": "तुला", "sa": "तुला", "mr": "तूळ", "ne": "तुला", "bn": "তুলা", "gu": "તુલા", "or": "ତୁଳା", "te": "తుల", "ta": "துலாம்", "kn": "ತುಲಾ", "ml": "തുലാം", "sa-Latn": "Tulā" },
    vrishchika: { "en": "Scorpio", "hi": "वृश्चिक", "sa": "वृश्चिकः", "mr": "वृश्चिक", "ne": "वृश्चिक", "bn": "বৃশ্চিক", "gu": "વૃશ્ચિક", "or": "ବୃଶ୍ଚିକ", "te": "వృశ్చికం", "ta": "விருச்சிகம்", "kn": "ವೃಶ್ಚಿಕ", "ml": "വൃശ്ചികം", "sa-Latn": "Vṛścika" },
    dhanu: { "en": "Sagittarius", "hi": "धनु", "sa": "धनुः", "mr": "धनु", "ne": "धनु", "bn": "ধনু", "gu": "ધન", "or": "ଧନୁ", "te": "ధనుస్సు", "ta": "தனுசு", "kn": "ಧನು", "ml": "ധനു", "sa-Latn": "Dhanus" },
    makara: { "en": "Capricorn", "hi": "मकर", "sa": "मकरः", "mr": "मकर", "ne": "मकर", "bn": "মকর", "gu": "મકર", "or": "ମକର", "te": "మకరం", "ta": "மகரம்", "kn": "ಮಕರ", "ml": "മകരം", "sa-Latn": "Makara" },
    kumbha: { "en": "Aquarius", "hi": "कुंभ", "sa": "कुम्भः", "mr": "कुंभ", "ne": "कुम्भ", "bn": "কুম্ভ", "gu": "કુંભ", "or": "କୁମ୍ଭ", "te": "కుంభం", "ta": "கும்பம்", "kn": "ಕುಂಭ", "ml": "കുംഭം", "sa-Latn": "Kumbha" },
    meena: { "en": "Pisces", "hi": "मीन", "sa": "मीनः", "mr": "मीन", "ne": "मीन", "bn": "মীন", "gu": "મીન", "or": "ମୀନ", "te": "మీనం", "ta": "மீனம்", "kn": "ಮೀನ", "ml": "മീനം", "sa-Latn": "Mīna" },
  }),
});
