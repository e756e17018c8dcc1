/**
 * The seven choghadiyas, keyed udveg … rog.
 *
 * Sources: Gujarati and Rajasthani panchangas (Gujarati ચલ for Char, કાળ for Kaal, as Gujarati almanacs print); the other scripts the Hindi names; Tamil and Malayalam with their nominal endings; sa-Latn IAST.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const CHOGHADIYAS: VocabularyTable = Object.freeze({
  name: "choghadiyas",
  rows: Object.freeze({
    udveg: { "en": "Udveg", "hi": "उद्वेग", "sa": "उद्वेगः", "mr": "उद्वेग", "ne": "उद्वेग", "bn": "উদ্বেগ", "gu": "ઉદ્વેગ", "or": "ଉଦ୍ବେଗ", "te": "ఉద్వేగ", "ta": "உத்வேகம்", "kn": "ಉದ್ವೇಗ", "ml": "ഉദ്വേഗം", "sa-Latn": "Udvegaḥ" },
    char: { "en": "Char", "hi": "चर", "sa": "चरः", "mr": "चर", "ne": "चर", "bn": "চর", "gu": "ચલ", "or": "ଚର", "te": "చర", "ta": "சரம்", "kn": "ಚರ", "ml": "ചരം", "sa-Latn": "Caraḥ" },
    labh: { "en": "Labh", "hi": "लाभ", "sa": "लाभः", "mr": "लाभ", "ne": "लाभ", "bn": "লাভ", "gu": "લાભ", "or": "ଲାଭ", "te": "లాభ", "ta": "லாபம்", "kn": "ಲಾಭ", "ml": "ലാഭം", "sa-Latn": "Lābhaḥ" },
    amrit: { "en": "Amrit", "hi": "अमृत", "sa": "अमृतम्", "mr": "अमृत", "ne": "अमृत", "bn": "অমৃত", "gu": "અમૃત", "or": "ଅମୃତ", "te": "అమృత", "ta": "அமிர்தம்", "kn": "ಅಮೃತ", "ml": "അമൃതം", "sa-Latn": "Amṛtam" },
    kaal: { "en": "Kaal", "hi": "काल", "sa": "कालः", "mr": "काळ", "ne": "काल", "bn": "কাল", "gu": "કાળ", "or": "କାଲ", "te": "కాల", "ta": "காலம்", "kn": "ಕಾಲ", "ml": "കാലം", "sa-Latn": "Kālaḥ" },
    shubh: { "en": "Shubh", "hi": "शुभ", "sa": "शुभः", "mr": "शुभ", "ne": "शुभ", "bn": "শুভ", "gu": "શુભ", "or": "ଶୁଭ", "te": "శుభ", "ta": "சுபம்", "kn": "ಶುಭ", "ml": "ശുഭം", "sa-Latn": "Śubhaḥ" },
    rog: { "en": "Rog", "hi": "रोग", "sa": "रोगः", "mr": "रोग", "ne": "रोग", "bn": "রোগ", "gu": "રોગ", "or": "ରୋଗ", "te": "రోగ", "ta": "ரோகம்", "kn": "ರೋಗ", "ml": "രോഗം", "sa-Latn": "Rogaḥ" },
  }),
});
