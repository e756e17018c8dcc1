import type { Graha } from "../types.js";

/** The spec's ten question types. */
export const PRASHNA_QUESTION_TYPES = [
  "general", "health", "wealth", "career", "marriage", "travel", "education", "legal", "property", "children",
] as const;
export type PrashnaQuestionType = (typeof PRASHNA_QUESTION_TYPES)[number];

/**
 * Per question: the karya bhava (the house of the matter asked, first) with its supporting houses,
 * and the natural karakas. Houses follow the bhava significations of BPHS ch. 11 as Prashna Tantra
 * (Neelakantha) applies them to horary (the karya bhava's lord against the lagna lord); karakas
 * are the naisargika karakas of those bhavas (BPHS ch. 32). "general" reads the lagna and the Moon.
 */
export const PRASHNA_SIGNIFICATORS: Readonly<Record<PrashnaQuestionType, { readonly houses: readonly number[]; readonly karakas: readonly Graha[] }>> =
  Object.freeze({
    general: { houses: [1], karakas: ["moon"] },
    health: { houses: [1, 6, 8], karakas: ["sun", "moon"] },
    wealth: { houses: [2, 11], karakas: ["jupiter"] },
    career: { houses: [10, 6, 11], karakas: ["sun", "saturn", "mercury"] },
    marriage: { houses: [7, 2, 11], karakas: ["venus", "jupiter"] },
    travel: { houses: [9, 3, 12], karakas: ["moon", "rahu"] },
    education: { houses: [4, 5, 9], karakas: ["mercury", "jupiter"] },
    legal: { houses: [6, 7, 11], karakas: ["saturn", "mars"] },
    property: { houses: [4, 11], karakas: ["mars", "venus"] },
    children: { houses: [5, 9, 11], karakas: ["jupiter"] },
  });
