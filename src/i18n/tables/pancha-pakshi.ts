/**
 * The five birds and five activities of Pancha Pakshi (src/engine/pancha-pakshi/pakshi-tables.ts), keyed
 * by the keys the answers carry (`vulture`, `ruling`); the names are the answer's `names` legend.
 *
 * Sources: the Tamil Pancha Pakshi Shastra's own words (வல்லூறு, ஆந்தை, காகம், கோழி, மயில்; அரசு, ஊண்,
 * நடை, துயில், சாவு), the art being Tamil; the birds' common names in each language (Hindi गिद्ध, उल्लू,
 * कौआ, मुर्गा, मोर; Telugu రాబందు, గుడ్లగూబ, కాకి, కోడి, నెమలి; Malayalam കഴുകൻ, മൂങ്ങ, കാക്ക, കോഴി, മയിൽ …)
 * and their Sanskrit names (गृध्र, उलूक, काक, कुक्कुट, मयूर); the activities outside Tamil as the Sanskrit
 * words (राज्य, भोजन, गमन, शयन, मरण) in each script.
 */
import type { Language } from "../languages.js";
import { termRow } from "../term-row.js";
import type { VocabularyTable } from "../vocabulary.js";

const row = (r: Record<Language, string>) => Object.freeze(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.normalize("NFC")])) as Record<Language, string>);

export const PAKSHI_BIRDS: VocabularyTable = Object.freeze({
  name: "pakshi_birds",
  rows: Object.freeze({
    vulture: row({ en: "Vulture", hi: "गिद्ध", sa: "गृध्रः", mr: "गिधाड", ne: "गिद्ध", bn: "শকুন", gu: "ગીધ", or: "ଶାଗୁଣା", te: "రాబందు", ta: "வல்லூறு", kn: "ರಣಹದ್ದು", ml: "കഴുകൻ", "sa-Latn": "Gṛdhraḥ" }),
    owl: row({ en: "Owl", hi: "उल्लू", sa: "उलूकः", mr: "घुबड", ne: "उल्लु", bn: "পেঁচা", gu: "ઘુવડ", or: "ପେଚା", te: "గుడ్లగూబ", ta: "ஆந்தை", kn: "ಗೂಬೆ", ml: "മൂങ്ങ", "sa-Latn": "Ulūkaḥ" }),
    crow: row({ en: "Crow", hi: "कौआ", sa: "काकः", mr: "कावळा", ne: "काग", bn: "কাক", gu: "કાગડો", or: "କାଉ", te: "కాకి", ta: "காகம்", kn: "ಕಾಗೆ", ml: "കാക്ക", "sa-Latn": "Kākaḥ" }),
    cock: row({ en: "Cock", hi: "मुर्गा", sa: "कुक्कुटः", mr: "कोंबडा", ne: "भाले", bn: "মোরগ", gu: "કૂકડો", or: "କୁକୁଡ଼ା", te: "కోడి", ta: "கோழி", kn: "ಕೋಳಿ", ml: "കോഴി", "sa-Latn": "Kukkuṭaḥ" }),
    peacock: row({ en: "Peacock", hi: "मोर", sa: "मयूरः", mr: "मोर", ne: "मयूर", bn: "ময়ূর", gu: "મોર", or: "ମୟୂର", te: "నెమలి", ta: "மயில்", kn: "ನವಿಲು", ml: "മയിൽ", "sa-Latn": "Mayūraḥ" }),
  }),
});

const activity = (en: string, sa: string, ta: string) => termRow({ en, hi: sa, own: { ta } });
export const PAKSHI_ACTIVITIES: VocabularyTable = Object.freeze({
  name: "pakshi_activities",
  rows: Object.freeze({
    ruling: activity("Ruling", "राज्य", "அரசு"),
    eating: activity("Eating", "भोजन", "ஊண்"),
    walking: activity("Walking", "गमन", "நடை"),
    sleeping: activity("Sleeping", "शयन", "துயில்"),
    dying: activity("Dying", "मरण", "சாவு"),
  }),
});
