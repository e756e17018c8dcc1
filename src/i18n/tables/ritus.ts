/**
 * The six ritus, keyed vasanta … shishira; ritu number = row order (the answers' `english` gloss stays English).
 *
 * Sources: Taittiriya Samhita 4.4.11 names in Devanagari (sa with its endings; hi/mr/ne as Hindi panchangas print); Tamil வசந்தம் … சிசிரம், Malayalam വസന്തം … ശിശിരം and Telugu వసంతం … శిశిరం as their panchangams print; the other scripts the Hindi spelling in their script; sa-Latn IAST.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const RITUS: VocabularyTable = Object.freeze({
  name: "ritus",
  rows: Object.freeze({
    vasanta: { "en": "Vasanta", "hi": "वसंत", "sa": "वसन्तः", "mr": "वसंत", "ne": "वसन्त", "bn": "বসন্ত", "gu": "વસંત", "or": "ବସନ୍ତ", "te": "వసంతం", "ta": "வசந்தம்", "kn": "ವಸಂತ", "ml": "വസന്തം", "sa-Latn": "Vasantaḥ" },
    grishma: { "en": "Grishma", "hi": "ग्रीष्म", "sa": "ग्रीष्मः", "mr": "ग्रीष्म", "ne": "ग्रीष्म", "bn": "গ্রীষ্ম", "gu": "ગ્રીષ્મ", "or": "ଗ୍ରୀଷ୍ମ", "te": "గ్రీష్మం", "ta": "கிரீஷ்மம்", "kn": "ಗ್ರೀಷ್ಮ", "ml": "ഗ്രീഷ്മം", "sa-Latn": "Grīṣmaḥ" },
    varsha: { "en": "Varsha", "hi": "वर्षा", "sa": "वर्षाः", "mr": "वर्षा", "ne": "वर्षा", "bn": "বর্ষা", "gu": "વર્ષા", "or": "ବର୍ଷା", "te": "వర్షం", "ta": "வர்ஷம்", "kn": "ವರ್ಷಾ", "ml": "വർഷം", "sa-Latn": "Varṣāḥ" },
    sharad: { "en": "Sharad", "hi": "शरद", "sa": "शरत्", "mr": "शरद", "ne": "शरद", "bn": "শরদ", "gu": "શરદ", "or": "ଶରଦ", "te": "శరత్", "ta": "சரத்", "kn": "ಶರದ", "ml": "ശരത്", "sa-Latn": "Śarat" },
    hemanta: { "en": "Hemanta", "hi": "हेमंत", "sa": "हेमन्तः", "mr": "हेमंत", "ne": "हेमन्त", "bn": "হেমন্ত", "gu": "હેમંત", "or": "ହେମନ୍ତ", "te": "హేమంతం", "ta": "ஹேமந்தம்", "kn": "ಹೇಮಂತ", "ml": "ഹേമന്തം", "sa-Latn": "Hemantaḥ" },
    shishira: { "en": "Shishira", "hi": "शिशिर", "sa": "शिशिरः", "mr": "शिशिर", "ne": "शिशिर", "bn": "শিশির", "gu": "શિશિર", "or": "ଶିଶିର", "te": "శిశిరం", "ta": "சிசிரம்", "kn": "ಶಿಶಿರ", "ml": "ശിശിരം", "sa-Latn": "Śiśiraḥ" },
  }),
});
