/**
 * The seven weekdays (varas), keyed sunday … saturday; vara number 1 = Sunday. The answers' `name` and `sanskrit` both take the language's weekday name.
 *
 * Sources: Unicode CLDR 44 gregorian wide weekday names for hi, mr, ne, bn, gu, or, te, ta, kn, ml and sa (CLDR's sa वासरः forms); sa-Latn IAST of the Sanskrit.
 */
import type { VocabularyTable } from "../vocabulary.js";

export const VARAS: VocabularyTable = Object.freeze({
  name: "varas",
  rows: Object.freeze({
    sunday: { "en": "Sunday", "hi": "रविवार", "sa": "रविवासरः", "mr": "रविवार", "ne": "आइतबार", "bn": "রবিবার", "gu": "રવિવાર", "or": "ରବିବାର", "te": "ఆదివారం", "ta": "ஞாயிறு", "kn": "ಭಾನುವಾರ", "ml": "ഞായറാഴ്ച", "sa-Latn": "Ravivāsara" },
    monday: { "en": "Monday", "hi": "सोमवार", "sa": "सोमवासरः", "mr": "सोमवार", "ne": "सोमबार", "bn": "সোমবার", "gu": "સોમવાર", "or": "ସୋମବାର", "te": "సోమవారం", "ta": "திங்கள்", "kn": "ಸೋಮವಾರ", "ml": "തിങ്കളാഴ്ച", "sa-Latn": "Somavāsara" },
    tuesday: { "en": "Tuesday", "hi": "मंगलवार", "sa": "मङ्गलवासरः", "mr": "मंगळवार", "ne": "मङ्गलबार", "bn": "মঙ্গলবার", "gu": "મંગળવાર", "or": "ମଙ୍ଗଳବାର", "te": "మంగళవారం", "ta": "செவ்வாய்", "kn": "ಮಂಗಳವಾರ", "ml": "ചൊവ്വാഴ്ച", "sa-Latn": "Maṅgalavāsara" },
    wednesday: { "en": "Wednesday", "hi": "बुधवार", "sa": "बुधवासरः", "mr": "बुधवार", "ne": "बुधबार", "bn": "বুধবার", "gu": "બુધવાર", "or": "ବୁଧବାର", "te": "బుధవారం", "ta": "புதன்", "kn": "ಬುಧವಾರ", "ml": "ബുധനാഴ്ച", "sa-Latn": "Budhavāsara" },
    thursday: { "en": "Thursday", "hi": "गुरुवार", "sa": "गुरुवासरः", "mr": "गुरुवार", "ne": "बिहिबार", "bn": "বৃহস্পতিবার", "gu": "ગુરુવાર", "or": "ଗୁରୁବାର", "te": "గురువారం", "ta": "வியாழன்", "kn": "ಗುರುವಾರ", "ml": "വ്യാഴാഴ്ച", "sa-Latn": "Guruvāsara" },
    friday: { "en": "Friday", "hi": "शुक्रवार", "sa": "शुक्रवासरः", "mr": "शुक्रवार", "ne": "शुक्रबार", "bn": "শুক্রবার", "gu": "શુક્રવાર", "or": "ଶୁକ୍ରବାର", "te": "శుక్రవారం", "ta": "வெள்ளி", "kn": "ಶುಕ್ರವಾರ", "ml": "വെള്ളിയാഴ്ച", "sa-Latn": "Śukravāsara" },
    saturday: { "en": "Saturday", "hi": "शनिवार", "sa": "शनिवासरः", "mr": "शनिवार", "ne": "शनिबार", "bn": "শনিবার", "gu": "શનિવાર", "or": "ଶନିବାର", "te": "శనివారం", "ta": "சனி", "kn": "ಶನಿವಾರ", "ml": "ശനിയാഴ്ച", "sa-Latn": "Śanivāsara" },
  }),
});
