import type { Graha } from "../types.js";

/**
 * The nakshatra-based graha dashas other than Vimshottari (BPHS ch. 46, "conditional dashas";
 * Yogini from the Yogini dasha tradition quoted in Mansagari/Jataka Parijata commentaries), as data:
 * the lords in dasha order with their years, the seed nakshatra the count starts from, and how
 * many nakshatras each lord rules.
 *
 * The Moon's nakshatra at birth is counted from `seedStar` (forward, or backward for
 * Dwadasottari) and the count maps to a lord:
 * - `starsPerLord` absent: one star each, cycling through the lords (count + `offset`) mod n;
 * - `starsPerLord` given: consecutive groups of that many stars from the seed (the groups cover
 *   the 27 stars; Abhijit is not counted, as in Vimshottari).
 * The first maha dasha's elapsed part at birth is the Moon's elapsed arc of its whole group.
 */
export interface GrahaDashaTable {
  readonly key: GrahaDashaSystem;
  readonly name: string;
  readonly lords: readonly Graha[];
  readonly years: readonly number[];
  readonly totalYears: number;
  /** Nakshatra 1..27 the count starts from (count 0). */
  readonly seedStar: number;
  /** +1 counted in the zodiacal order, −1 against it. */
  readonly direction: 1 | -1;
  /** Added to the count before taking it modulo the number of lords (Yogini: nakshatra + 3). */
  readonly offset: number;
  readonly starsPerLord?: readonly number[];
  /** Cycles of maha dashas listed from the first one (the running periods repeat beyond). */
  readonly cycles: number;
  readonly source: string;
}

export const GRAHA_DASHA_SYSTEMS = [
  "yogini", "ashtottari", "shodasottari", "dwadasottari", "panchottari", "shatabdika",
  "chaturaseeti_sama", "dwisaptati_sama", "shashtihayani", "shattrimsa_sama",
] as const;
export type GrahaDashaSystem = (typeof GRAHA_DASHA_SYSTEMS)[number];

const t = (
  key: GrahaDashaSystem, name: string, pairs: readonly (readonly [Graha, number])[], seedStar: number,
  rest: Partial<Pick<GrahaDashaTable, "direction" | "offset" | "starsPerLord" | "cycles">> & { source: string },
): GrahaDashaTable => {
  const years = pairs.map((p) => p[1]);
  return Object.freeze({
    key, name, lords: pairs.map((p) => p[0]), years, totalYears: years.reduce((a, b) => a + b, 0), seedStar,
    direction: rest.direction ?? 1, offset: rest.offset ?? 0, starsPerLord: rest.starsPerLord, cycles: rest.cycles ?? 1,
    source: rest.source,
  });
};

export const GRAHA_DASHA_TABLES: Readonly<Record<GrahaDashaSystem, GrahaDashaTable>> = Object.freeze({
  // Yoginis Mangala (Moon) 1, Pingala (Sun) 2, Dhanya (Jupiter) 3, Bhramari (Mars) 4, Bhadrika
  // (Mercury) 5, Ulka (Saturn) 6, Siddha (Venus) 7, Sankata (Rahu) 8: (nakshatra + 3) mod 8,
  // so Ashwini → Bhramari, Ardra → Mangala. 36 years, listed three times (108 years).
  yogini: t("yogini", "Yogini", [["moon", 1], ["sun", 2], ["jupiter", 3], ["mars", 4], ["mercury", 5], ["saturn", 6], ["venus", 7], ["rahu", 8]], 1,
    { offset: 3, cycles: 3, source: "Yogini dasha: (janma nakshatra + 3) mod 8 (B.V. Raman, Hindu Predictive Astrology; PyJHora yogini.py agrees)" }),
  // 108 years from Ardra: Sun 4 stars (Ardra–Ashlesha), Moon 3, Mars 4, Mercury 3, Saturn 3
  // (Purva Ashadha–Shravana; Abhijit not counted), Jupiter 3, Rahu 4 (Uttara Bhadrapada–Bharani), Venus 3.
  ashtottari: t("ashtottari", "Ashtottari", [["sun", 6], ["moon", 15], ["mars", 8], ["mercury", 17], ["saturn", 10], ["jupiter", 19], ["rahu", 12], ["venus", 21]], 6,
    { starsPerLord: [4, 3, 4, 3, 3, 3, 4, 3], source: "BPHS ch. 46 (Ashtottari, 108 years, from Ardra)" }),
  shodasottari: t("shodasottari", "Shodasottari", [["sun", 11], ["mars", 12], ["jupiter", 13], ["saturn", 14], ["ketu", 15], ["moon", 16], ["mercury", 17], ["venus", 18]], 8,
    { source: "BPHS ch. 46 (Shodasottari, 116 years, counted from Pushya)" }),
  dwadasottari: t("dwadasottari", "Dwadasottari", [["sun", 7], ["jupiter", 9], ["ketu", 11], ["mercury", 13], ["rahu", 15], ["mars", 17], ["saturn", 19], ["moon", 21]], 27,
    { direction: -1, source: "BPHS ch. 46 (Dwadasottari, 112 years, counted back from Revati)" }),
  panchottari: t("panchottari", "Panchottari", [["sun", 12], ["mercury", 13], ["saturn", 14], ["mars", 15], ["venus", 16], ["moon", 17], ["jupiter", 18]], 17,
    { source: "BPHS ch. 46 (Panchottari, 105 years, counted from Anuradha)" }),
  shatabdika: t("shatabdika", "Shatabdika", [["sun", 5], ["moon", 5], ["venus", 10], ["mercury", 10], ["jupiter", 20], ["mars", 20], ["saturn", 30]], 27,
    { source: "BPHS ch. 46 (Shatabdika, 100 years, counted from Revati)" }),
  chaturaseeti_sama: t("chaturaseeti_sama", "Chaturaseeti-sama", [["sun", 12], ["moon", 12], ["mars", 12], ["mercury", 12], ["jupiter", 12], ["venus", 12], ["saturn", 12]], 15,
    { cycles: 2, source: "BPHS ch. 46 (Chaturaseeti-sama, 84 years, counted from Swati)" }),
  dwisaptati_sama: t("dwisaptati_sama", "Dwisaptati-sama", [["sun", 9], ["moon", 9], ["mars", 9], ["mercury", 9], ["jupiter", 9], ["venus", 9], ["saturn", 9], ["rahu", 9]], 19,
    { cycles: 2, source: "BPHS ch. 46 (Dwisaptati-sama, 72 years, counted from Mula)" }),
  // 60 years from Ashwini in groups of 3 and 4 stars alternately (Jupiter Ashwini–Krittika,
  // Sun Rohini–Punarvasu, Mars Pushya–Magha, Moon Purva Phalguni–Chitra, …); Rahu's group is
  // three stars here because Abhijit is not counted.
  shashtihayani: t("shashtihayani", "Shashtihayani", [["jupiter", 10], ["sun", 10], ["mars", 10], ["moon", 6], ["mercury", 6], ["venus", 6], ["saturn", 6], ["rahu", 6]], 1,
    { starsPerLord: [3, 4, 3, 4, 3, 4, 3, 3], cycles: 2, source: "BPHS ch. 46 (Shashtihayani / Shashti-sama, 60 years, from Ashwini)" }),
  shattrimsa_sama: t("shattrimsa_sama", "Shattrimsa-sama", [["moon", 1], ["sun", 2], ["jupiter", 3], ["mars", 4], ["mercury", 5], ["saturn", 6], ["venus", 7], ["rahu", 8]], 22,
    { cycles: 3, source: "BPHS ch. 46 (Shattrimsa-sama, 36 years, counted from Shravana)" }),
});
