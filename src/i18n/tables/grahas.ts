/**
 * The nine grahas, keyed by the service's graha key (sun … ketu).
 *
 * Sources: Hindi, Marathi, Gujarati, Bengali, Odia, Telugu, Tamil, Kannada and Malayalam almanac usage as printed by Prokerala's and Drik Panchang's regional editions and the Kalnirnay (mr), Gujarati Sandesh, Bengali Gupta Press, Odia Kohinoor, Telugu Mulugu, Tamil Vakya and Kerala Manorama panchangas; Sanskrit after Monier-Williams; IAST by ISO 15919 / the IAST table.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const GRAHAS: VocabularyTable = Object.freeze({
  name: "grahas",
  rows: Object.freeze({
    sun: { "en": "Sun", "hi": "सूर्य", "sa": "सूर्यः", "mr": "सूर्य", "ne": "सूर्य", "bn": "সূর্য", "gu": "સૂર્ય", "or": "ସୂର୍ଯ୍ୟ", "te": "సూర్యుడు", "ta": "சூரியன்", "kn": "ಸೂರ್ಯ", "ml": "സൂര്യൻ", "sa-Latn": "Sūrya" },
    moon: { "en": "Moon", "hi": "चंद्र", "sa": "चन्द्रः", "mr": "चंद्र", "ne": "चन्द्र", "bn": "চন্দ্র", "gu": "ચંદ્ર", "or": "ଚନ୍ଦ୍ର", "te": "చంద్రుడు", "ta": "சந்திரன்", "kn": "ಚಂದ್ರ", "ml": "ചന്ദ്രൻ", "sa-Latn": "Candra" },
    mars: { "en": "Mars", "hi": "मंगल", "sa": "मङ्गलः", "mr": "मंगळ", "ne": "मङ्गल", "bn": "মঙ্গল", "gu": "મંગળ", "or": "ମଙ୍ଗଳ", "te": "కుజుడు", "ta": "செவ்வாய்", "kn": "ಕುಜ", "ml": "ചൊവ്വ", "sa-Latn": "Maṅgala" },
    mercury: { "en": "Mercury", "hi": "बुध", "sa": "बुधः", "mr": "बुध", "ne": "बुध", "bn": "বুধ", "gu": "બુધ", "or": "ବୁଧ", "te": "బుధుడు", "ta": "புதன்", "kn": "ಬುಧ", "ml": "ബുധൻ", "sa-Latn": "Budha" },
    jupiter: { "en": "Jupiter", "hi": "गुरु", "sa": "गुरुः", "mr": "गुरु", "ne": "बृहस्पति", "bn": "বৃহস্পতি", "gu": "ગુરુ", "or": "ଗୁରୁ", "te": "గురుడు", "ta": "குரு", "kn": "ಗುರು", "ml": "വ്യാഴം", "sa-Latn": "Guru" },
    venus: { "en": "Venus", "hi": "शुक्र", "sa": "शुक्रः", "mr": "शुक्र", "ne": "शुक्र", "bn": "শুক্র", "gu": "શુક્ર", "or": "ଶୁକ୍ର", "te": "శుక్రుడు", "ta": "சுக்கிரன்", "kn": "ಶುಕ್ರ", "ml": "ശുക്രൻ", "sa-Latn": "Śukra" },
    saturn: { "en": "Saturn", "hi": "शनि", "sa": "शनिः", "mr": "शनि", "ne": "शनि", "bn": "শনি", "gu": "શનિ", "or": "ଶନି", "te": "శని", "ta": "சனி", "kn": "ಶನಿ", "ml": "ശനി", "sa-Latn": "Śani" },
    rahu: { "en": "Rahu", "hi": "राहु", "sa": "राहुः", "mr": "राहू", "ne": "राहु", "bn": "রাহু", "gu": "રાહુ", "or": "ରାହୁ", "te": "రాహువు", "ta": "ராகு", "kn": "ರಾಹು", "ml": "രാഹു", "sa-Latn": "Rāhu" },
    ketu: { "en": "Ketu", "hi": "केतु", "sa": "केतुः", "mr": "केतू", "ne": "केतु", "bn": "কেতু", "gu": "કેતુ", "or": "କେତୁ", "te": "కేతువు", "ta": "கேது", "kn": "ಕೇತು", "ml": "കേതു", "sa-Latn": "Ketu" },
  }),
});
