import type { Graha } from "../types.js";

/**
 * Remedial measures per graha, as a deterministic table (no judgement is computed here).
 * - Beej mantras: the navagraha bija mantras as commonly attributed to the Tantric tradition
 *   (Mantra Maharnava), with the japa counts usually printed beside them (a tradition, not one verse).
 * - Gemstones: the navaratna assignment (Garuda Purana's gem chapters; Mani Mala).
 * - Charity and fasting: the graha's weekday (Rahu with Saturday, Ketu with Tuesday) and the
 *   grains, cloths and metals of its colour (the dana of each graha in BPHS's graha-shanti chapters).
 * - Deity: the devata usually propitiated for the graha in present practice.
 * - Lal Kitab: the "upaya" of Lal Kitab (1952 edition) most often quoted for a weak or afflicted graha.
 */
export interface GrahaRemedyRow {
  readonly beejMantra: string;
  readonly japaCount: number;
  readonly gemstone: string;
  readonly charityItems: readonly string[];
  readonly day: string;
  readonly deity: string;
  readonly lalKitab: readonly string[];
}

export const GRAHA_REMEDIES: Readonly<Record<Graha, GrahaRemedyRow>> = Object.freeze({
  sun: {
    beejMantra: "Om Hraam Hreem Hraum Sah Suryaya Namah", japaCount: 7000, gemstone: "ruby (manikya)",
    charityItems: ["wheat", "jaggery", "copper", "red or saffron cloth"], day: "Sunday", deity: "Surya (Aditya Hridayam)",
    lalKitab: ["offer water to the rising Sun", "float a copper coin in flowing water"],
  },
  moon: {
    beejMantra: "Om Shraam Shreem Shraum Sah Chandraya Namah", japaCount: 11000, gemstone: "pearl (moti)",
    charityItems: ["rice", "milk", "white cloth", "silver"], day: "Monday", deity: "Shiva",
    lalKitab: ["keep a piece of silver with you", "serve your mother and take her blessings"],
  },
  mars: {
    beejMantra: "Om Kraam Kreem Kraum Sah Bhaumaya Namah", japaCount: 10000, gemstone: "red coral (moonga)",
    charityItems: ["red lentils (masoor)", "red cloth", "jaggery"], day: "Tuesday", deity: "Hanuman",
    lalKitab: ["float sweet batashas in flowing water", "feed sweet bread to dogs"],
  },
  mercury: {
    beejMantra: "Om Braam Breem Braum Sah Budhaya Namah", japaCount: 9000, gemstone: "emerald (panna)",
    charityItems: ["green gram (moong)", "green cloth", "green vegetables"], day: "Wednesday", deity: "Vishnu",
    lalKitab: ["feed green fodder to cows", "float a copper coin with a hole in flowing water"],
  },
  jupiter: {
    beejMantra: "Om Graam Greem Graum Sah Gurave Namah", japaCount: 19000, gemstone: "yellow sapphire (pukhraj)",
    charityItems: ["chana dal", "turmeric", "yellow cloth", "books"], day: "Thursday", deity: "Brihaspati / Dakshinamurti",
    lalKitab: ["apply a saffron tilak", "serve teachers and elders"],
  },
  venus: {
    beejMantra: "Om Draam Dreem Draum Sah Shukraya Namah", japaCount: 16000, gemstone: "diamond (heera)",
    charityItems: ["white rice", "curd", "sugar", "white cloth"], day: "Friday", deity: "Lakshmi",
    lalKitab: ["feed cows", "donate camphor and curd"],
  },
  saturn: {
    beejMantra: "Om Praam Preem Praum Sah Shanaischaraya Namah", japaCount: 23000, gemstone: "blue sapphire (neelam)",
    charityItems: ["black sesame", "mustard oil", "black cloth", "iron"], day: "Saturday", deity: "Shani / Hanuman",
    lalKitab: ["feed crows", "donate mustard oil after seeing your face in it"],
  },
  rahu: {
    beejMantra: "Om Bhraam Bhreem Bhraum Sah Rahave Namah", japaCount: 18000, gemstone: "hessonite (gomedh)",
    charityItems: ["black gram (urad)", "blanket", "mustard"], day: "Saturday", deity: "Durga",
    lalKitab: ["keep a square piece of silver with you", "float coal in flowing water"],
  },
  ketu: {
    beejMantra: "Om Sraam Sreem Sraum Sah Ketave Namah", japaCount: 17000, gemstone: "cat's eye (lehsunia)",
    charityItems: ["seven grains (saptadhanya)", "multi-coloured blanket", "sesame"], day: "Tuesday", deity: "Ganesha",
    lalKitab: ["feed dogs", "wear gold in the ear"],
  },
});

/** Dusthanas: the 6th, 8th and 12th houses (BPHS ch. 34). */
export const DUSTHANAS: readonly number[] = Object.freeze([6, 8, 12]);
