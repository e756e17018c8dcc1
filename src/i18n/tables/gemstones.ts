/**
 * The nine gemstones of the remedies (src/engine/tables/remedies.ts), keyed by the graha they are worn
 * for; the English is the engine's ("ruby (manikya)"). Sources: the navaratna names of the Garuda Purana
 * and Brihat Samhita ch. 80 in Sanskrit (माणिक्य, मुक्ता, प्रवाल, मरकत, पुष्पराग, वज्र, इन्द्रनील, गोमेद, वैदूर्य),
 * and each language's jeweller's name where it is the common one (Hindi माणिक, मोती, मूंगा, पन्ना, पुखराज,
 * हीरा, नीलम, गोमेद, लहसुनिया; Tamil மாணிக்கம், முத்து, பவளம், மரகதம், புஷ்பராகம், வைரம், நீலக்கல்,
 * கோமேதகம், வைடூரியம்; Telugu కెంపు, ముత్యం, పగడం, పచ్చ, పుష్యరాగం, వజ్రం, నీలం, గోమేధికం, వైఢూర్యం;
 * Bengali চুনী, মুক্তা, প্রবাল, পান্না, পোখরাজ, হীরা, নীলা, গোমেদ as Bengali jewellers name them — "বাংলাঃ চুনী বা
 * পদ্মরাগমণি" for ruby, gemsbdonline.com "Different name of gems stone", 2019-01 — and বৈদূর্য, the ketu stone
 * "বৈদ্যুর্য্যমনি" of durantoratnostor.blogspot.com);
 * where we were not sure of a language's own word, the Sanskrit name in its script.
 */
import type { Language } from "../languages.js";
import type { VocabularyTable } from "../vocabulary.js";
import { termRows } from "../term-row.js";

const row = (r: Record<Language, string>) => Object.freeze(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.normalize("NFC")])) as Record<Language, string>);

export const GEMSTONES: VocabularyTable = Object.freeze({
  name: "gemstones",
  rows: Object.freeze({
    sun: row({ en: "ruby (manikya)", hi: "माणिक", sa: "माणिक्यम्", mr: "माणिक", ne: "माणिक", bn: "চুনী", gu: "માણેક", or: "ମାଣିକ୍ୟ", te: "కెంపు", ta: "மாணிக்கம்", kn: "ಮಾಣಿಕ್ಯ", ml: "മാണിക്യം", "sa-Latn": "Māṇikyam" }),
    moon: row({ en: "pearl (moti)", hi: "मोती", sa: "मुक्ता", mr: "मोती", ne: "मोती", bn: "মুক্তা", gu: "મોતી", or: "ମୁକ୍ତା", te: "ముత్యం", ta: "முத்து", kn: "ಮುತ್ತು", ml: "മുത്ത്", "sa-Latn": "Muktā" }),
    mars: row({ en: "red coral (moonga)", hi: "मूंगा", sa: "प्रवालम्", mr: "प्रवाळ", ne: "मुगा", bn: "প্রবাল", gu: "પરવાળું", or: "ପ୍ରବାଳ", te: "పగడం", ta: "பவளம்", kn: "ಹವಳ", ml: "പവിഴം", "sa-Latn": "Pravālam" }),
    mercury: row({ en: "emerald (panna)", hi: "पन्ना", sa: "मरकतम्", mr: "पाचू", ne: "पन्ना", bn: "পান্না", gu: "પન્ના", or: "ମରକତ", te: "పచ్చ", ta: "மரகதம்", kn: "ಪಚ್ಚೆ", ml: "മരതകം", "sa-Latn": "Marakatam" }),
    jupiter: row({ en: "yellow sapphire (pukhraj)", hi: "पुखराज", sa: "पुष्परागः", mr: "पुष्कराज", ne: "पुष्पराग", bn: "পোখরাজ", gu: "પોખરાજ", or: "ପୁଷ୍ପରାଗ", te: "పుష్యరాగం", ta: "புஷ்பராகம்", kn: "ಪುಷ್ಯರಾಗ", ml: "പുഷ്യരാഗം", "sa-Latn": "Puṣparāgaḥ" }),
    venus: row({ en: "diamond (heera)", hi: "हीरा", sa: "वज्रम्", mr: "हिरा", ne: "हीरा", bn: "হীরা", gu: "હીરો", or: "ହୀରା", te: "వజ్రం", ta: "வைரம்", kn: "ವಜ್ರ", ml: "വജ്രം", "sa-Latn": "Vajram" }),
    saturn: row({ en: "blue sapphire (neelam)", hi: "नीलम", sa: "इन्द्रनीलम्", mr: "नीलम", ne: "नीलम", bn: "নীলা", gu: "નીલમ", or: "ନୀଳା", te: "నీలం", ta: "நீலக்கல்", kn: "ನೀಲ", ml: "ഇന്ദ്രനീലം", "sa-Latn": "Indranīlam" }),
    rahu: row({ en: "hessonite (gomedh)", hi: "गोमेद", sa: "गोमेदः", mr: "गोमेद", ne: "गोमेद", bn: "গোমেদ", gu: "ગોમેદ", or: "ଗୋମେଦ", te: "గోమేధికం", ta: "கோமேதகம்", kn: "ಗೋಮೇಧಿಕ", ml: "ഗോമേദകം", "sa-Latn": "Gomedaḥ" }),
    ketu: row({ en: "cat's eye (lehsunia)", hi: "लहसुनिया", sa: "वैदूर्यम्", mr: "वैदूर्य", ne: "वैदूर्य", bn: "বৈদূর্য", gu: "વૈદૂર્ય", or: "ବୈଦୂର୍ଯ୍ୟ", te: "వైఢూర్యం", ta: "வைடூரியம்", kn: "ವೈಡೂರ್ಯ", ml: "വൈഡൂര്യം", "sa-Latn": "Vaidūryam" }),
  }),
});

/**
 * The deities of the graha remedies (src/engine/tables/remedies.ts), keyed by the graha; the English is
 * the engine's. Sources: the deities' names as Hindi, Tamil, Telugu, Kannada and Malayalam devotional
 * print names them (Tamil சூரியன், சிவன், அனுமன், விஷ்ணு, தட்சிணாமூர்த்தி, லட்சுமி, துர்கை, விநாயகர்;
 * Telugu సూర్యుడు, శివుడు, హనుమంతుడు …; Malayalam സൂര്യൻ, ശിവൻ, ഹനുമാൻ …); the other scripts the
 * Sanskrit names (src/i18n/translit.ts).
 */
export const DEITIES: VocabularyTable = Object.freeze({
  name: "deities",
  rows: termRows({
    sun: { en: "Surya (Aditya Hridayam)", hi: "सूर्य (आदित्य हृदय)", sa: "सूर्य (आदित्यहृदयम्)", own: { ta: "சூரியன் (ஆதித்ய ஹ்ருதயம்)", te: "సూర్యుడు (ఆదిత్య హృదయం)", ml: "സൂര്യൻ (ആദിത്യഹൃദയം)", kn: "ಸೂರ್ಯ (ಆದಿತ್ಯ ಹೃದಯ)" } },
    moon: { en: "Shiva", hi: "शिव", own: { ta: "சிவன்", te: "శివుడు", ml: "ശിവൻ", kn: "ಶಿವ" } },
    mars: { en: "Hanuman", hi: "हनुमान", sa: "हनुमान्", own: { ta: "அனுமன்", te: "హనుమంతుడు", ml: "ഹനുമാൻ", kn: "ಹನುಮಂತ", bn: "হনুমান", gu: "હનુમાન", or: "ହନୁମାନ" } },
    mercury: { en: "Vishnu", hi: "विष्णु", own: { ta: "விஷ்ணு", te: "విష్ణువు", ml: "വിഷ്ണു", kn: "ವಿಷ್ಣು" } },
    jupiter: { en: "Brihaspati / Dakshinamurti", hi: "बृहस्पति / दक्षिणामूर्ति", own: { ta: "பிரகஸ்பதி / தட்சிணாமூர்த்தி", te: "బృహస్పతి / దక్షిణామూర్తి", ml: "ബൃഹസ്പതി / ദക്ഷിണാമൂർത്തി", kn: "ಬೃಹಸ್ಪತಿ / ದಕ್ಷಿಣಾಮೂರ್ತಿ" } },
    venus: { en: "Lakshmi", hi: "लक्ष्मी", own: { ta: "லட்சுமி", te: "లక్ష్మి", ml: "ലക്ഷ്മി", kn: "ಲಕ್ಷ್ಮೀ" } },
    saturn: { en: "Shani / Hanuman", hi: "शनि / हनुमान", sa: "शनि / हनुमान्", own: { ta: "சனி / அனுமன்", te: "శని / హనుమంతుడు", ml: "ശനി / ഹനുമാൻ", kn: "ಶನಿ / ಹನುಮಂತ", bn: "শনি / হনুমান", gu: "શનિ / હનુમાન", or: "ଶନି / ହନୁମାନ" } },
    rahu: { en: "Durga", hi: "दुर्गा", own: { ta: "துர்கை", te: "దుర్గ", ml: "ദുർഗ്ഗ", kn: "ದುರ್ಗಾ" } },
    ketu: { en: "Ganesha", hi: "गणेश", own: { ta: "விநாயகர்", te: "గణేశుడు", ml: "ഗണപതി", kn: "ಗಣೇಶ" } },
  }),
});
