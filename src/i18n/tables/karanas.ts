/**
 * The 11 karanas, keyed bava … kimstughna; karana number = row order (the answers' Garaja is Gara).
 *
 * Sources: Hindi as Drik Panchang's Hindi edition, the other Devanagari-derived columns the same Sanskrit names in their script
 * (Telugu panchangas print the Sanskrit names: బవ, బాలవ, కౌలవ … విష్టి; శకుని, చతుష్పాద, నాగ, కింస్తుఘ్న — teluguone.com, "కరణములు"); Tamil the Tamil panchangam forms (பவம் … கிம்ஸ்துக்னம்); sa-Latn IAST.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const KARANAS: VocabularyTable = Object.freeze({
  name: "karanas",
  rows: Object.freeze({
    bava: { "en": "Bava", "hi": "बव", "sa": "बवम्", "mr": "बव", "ne": "बव", "bn": "বব", "gu": "બવ", "or": "ବବ", "te": "బవ", "ta": "பவம்", "kn": "ಬವ", "ml": "ബവ", "sa-Latn": "Bavam" },
    balava: { "en": "Balava", "hi": "बालव", "sa": "बालवम्", "mr": "बालव", "ne": "बालव", "bn": "বালব", "gu": "બાલવ", "or": "ବାଲବ", "te": "బాలవ", "ta": "பாலவம்", "kn": "ಬಾಲವ", "ml": "ബാലവ", "sa-Latn": "Bālavam" },
    kaulava: { "en": "Kaulava", "hi": "कौलव", "sa": "कौलवम्", "mr": "कौलव", "ne": "कौलव", "bn": "কৌলব", "gu": "કૌલવ", "or": "କୌଲବ", "te": "కౌలవ", "ta": "கௌலவம்", "kn": "ಕೌಲವ", "ml": "കൌലവ", "sa-Latn": "Kaulavam" },
    taitila: { "en": "Taitila", "hi": "तैतिल", "sa": "तैतिलम्", "mr": "तैतिल", "ne": "तैतिल", "bn": "তৈতিল", "gu": "તૈતિલ", "or": "ତୈତିଲ", "te": "తైతిల", "ta": "தைதுலம்", "kn": "ತೈತಿಲ", "ml": "തൈതില", "sa-Latn": "Taitilam" },
    garaja: { "en": "Garaja", "hi": "गर", "sa": "गरजम्", "mr": "गर", "ne": "गर", "bn": "গর", "gu": "ગર", "or": "ଗର", "te": "గర", "ta": "கரசை", "kn": "ಗರ", "ml": "ഗര", "sa-Latn": "Garajam" },
    vanija: { "en": "Vanija", "hi": "वणिज", "sa": "वणिजम्", "mr": "वणिज", "ne": "वणिज", "bn": "বণিজ", "gu": "વણિજ", "or": "ବଣିଜ", "te": "వణిజ", "ta": "வணிசை", "kn": "ವಣಿಜ", "ml": "വണിജ", "sa-Latn": "Vaṇijam" },
    vishti: { "en": "Vishti", "hi": "विष्टि", "sa": "विष्टिः", "mr": "विष्टि", "ne": "विष्टि", "bn": "বিষ্টি", "gu": "વિષ્ટિ", "or": "ବିଷ୍ଟି", "te": "విష్టి", "ta": "பத்திரை", "kn": "ವಿಷ್ಟಿ", "ml": "വിഷ്ടി", "sa-Latn": "Viṣṭiḥ" },
    shakuni: { "en": "Shakuni", "hi": "शकुनि", "sa": "शकुनिः", "mr": "शकुनि", "ne": "शकुनि", "bn": "শকুনি", "gu": "શકુનિ", "or": "ଶକୁନି", "te": "శకుని", "ta": "சகுனி", "kn": "ಶಕುನಿ", "ml": "ശകുനി", "sa-Latn": "Śakuniḥ" },
    chatushpada: { "en": "Chatushpada", "hi": "चतुष्पद", "sa": "चतुष्पदम्", "mr": "चतुष्पद", "ne": "चतुष्पद", "bn": "চতুষ্পদ", "gu": "ચતુષ્પદ", "or": "ଚତୁଷ୍ପଦ", "te": "చతుష్పద", "ta": "சதுஷ்பாதம்", "kn": "ಚತುಷ್ಪದ", "ml": "ചതുഷ്പദ", "sa-Latn": "Catuṣpadam" },
    naga: { "en": "Naga", "hi": "नाग", "sa": "नागम्", "mr": "नाग", "ne": "नाग", "bn": "নাগ", "gu": "નાગ", "or": "ନାଗ", "te": "నాగ", "ta": "நாகவம்", "kn": "ನಾಗ", "ml": "നാഗ", "sa-Latn": "Nāgam" },
    kimstughna: { "en": "Kimstughna", "hi": "किंस्तुघ्न", "sa": "किंस्तुघ्नम्", "mr": "किंस्तुघ्न", "ne": "किंस्तुघ्न", "bn": "কিংস্তুঘ্ন", "gu": "કિંસ્તુઘ્ન", "or": "କିଂସ୍ତୁଘ୍ନ", "te": "కింస్తుఘ్న", "ta": "கிம்ஸ்துக்னம்", "kn": "ಕಿಂಸ್ತುಘ್ನ", "ml": "കിംസ്തുഘ്ന", "sa-Latn": "Kiṃstughnam" },
  }),
});
