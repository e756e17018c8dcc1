/**
 * The two ayanas (the Sun's northward and southward halves), keyed uttarayana and dakshinayana.
 *
 * Sources: Surya Siddhanta ch. 14 terms as the regional panchangas print them (Tamil உத்தராயணம்/தட்சிணாயனம், Malayalam ഉത്തരായണം/ദക്ഷിണായനം).
 */
import type { VocabularyTable } from "../vocabulary.js";

export const AYANAS: VocabularyTable = Object.freeze({
  name: "ayanas",
  rows: Object.freeze({
    uttarayana: { "en": "Uttarayana", "hi": "उत्तरायण", "sa": "उत्तरायणम्", "mr": "उत्तरायण", "ne": "उत्तरायण", "bn": "উত্তরায়ণ", "gu": "ઉત્તરાયણ", "or": "ଉତ୍ତରାୟଣ", "te": "ఉత్తరాయణం", "ta": "உத்தராயணம்", "kn": "ಉತ್ತರಾಯಣ", "ml": "ഉത്തരായണം", "sa-Latn": "Uttarāyaṇam" },
    dakshinayana: { "en": "Dakshinayana", "hi": "दक्षिणायन", "sa": "दक्षिणायनम्", "mr": "दक्षिणायन", "ne": "दक्षिणायन", "bn": "দক্ষিণায়ন", "gu": "દક્ષિણાયન", "or": "ଦକ୍ଷିଣାୟନ", "te": "దక్షిణాయనం", "ta": "தட்சிணாயனம்", "kn": "ದಕ್ಷಿಣಾಯನ", "ml": "ദക്ഷിണായനം", "sa-Latn": "Dakṣiṇāyanam" },
  }),
});
