import { TITHIS } from "../tables/tithis.js";
import type { Kala } from "./kala.js";
import type { TieBreak } from "./observance.js";

/**
 * The festivals, written once as data. Months are AMANTA numbers (1 Chaitra … 12 Phalguna) and
 * tithis 1..30 (16..30 Krishna paksha), which is unambiguous; the North-Indian (purnimanta)
 * name of a Krishna-paksha festival is the following month's (Janmashtami: amanta Shravana
 * K8 = purnimanta Bhadrapada K8), and the calendar echoes both. No festival falls in an
 * adhika month (Dharmasindhu: festivals keep to the nija month) unless `inAdhika` says so.
 * Kala choices follow Drik Panchang's published observance rules for each festival.
 */
export type FestivalRule =
  | {
      readonly name: string;
      readonly type: "tithi";
      readonly masa: number;
      readonly tithi: number;
      readonly kala: Kala;
      readonly tie?: TieBreak;
      readonly udayaMuhurtas?: number;
      readonly inAdhika?: boolean;
      readonly fallback?: Kala;
      readonly note?: string;
    }
  /**
   * A tithi whose day needs more than one kala: Bhadra-aware Purnima rites (bhadra.ts),
   * Janmashtami's Ashtami with Rohini (janmashtami.ts), Vijayadashami with Shravana and Maha
   * Navami on its eve (vijayadashami.ts).
   */
  | { readonly name: string; readonly type: "special"; readonly masa: number; readonly tithi: number; readonly rule: "holika" | "raksha" | "janmashtami" | "vijayadashami" | "maha-navami" | "ekadashi" | "cheti-chand"; readonly note?: string }
  /** The day the Sun enters a sidereal rashi, or the next day when it enters after sunset (punya kala). */
  | { readonly name: string; readonly type: "sankranti"; readonly rashi: number; readonly note?: string }
  /** A fixed number of days after another festival of the list. */
  | { readonly name: string; readonly type: "after"; readonly of: string; readonly days: number; readonly note?: string };

const t = (name: string, masa: number, tithi: number, kala: Kala, extra: { tie?: TieBreak; udayaMuhurtas?: number; fallback?: Kala; note?: string } = {}): FestivalRule => ({
  name, type: "tithi", masa, tithi, kala, ...extra,
});

/** Dashami at aparahna: the day after Chaitra Navaratri's last day (vrata.ts); Ashvina's adds Shravana (vijayadashami.ts). */
export const VIJAYADASHAMI = { kala: "aparahna" } as const;

/** An Ekadashi by the Smarta and Vaishnava rules with its parana (ekadashi.ts; Drik Panchang: Nirjala 2024 on 18 June). */
const ek = (name: string, masa: number, tithi: number): FestivalRule => ({ name, type: "special", masa, tithi, rule: "ekadashi" });

/**
 * Pitru Paksha: a shraddha day for each tithi from Bhadrapada Purnima through the Amavasya of the dark fortnight
 * (purnimanta Ashvina Krishna = amanta Bhadrapada Krishna), each on the day its tithi holds aparahna, the
 * shraddha kala (Nirnayasindhu; Drik Panchang's Pitru Paksha list dates each by aparahna).
 */
const PITRU_PAKSHA: readonly FestivalRule[] = [15, ...Array.from({ length: 15 }, (_, i) => 16 + i)].map((n) =>
  t(n === 30 ? "Sarva Pitru Amavasya" : `${TITHIS[n - 1]!.name} Shraddha`, 6, n, "aparahna", {
    note: n === 15 ? "Purnima Shraddha opens Pitru Paksha" : "Pitru Paksha: shraddha for those who died on this tithi",
  }),
);

export const FESTIVAL_RULES: readonly FestivalRule[] = [
  { name: "Makar Sankranti", type: "sankranti", rashi: 10 },
  { name: "Lohri", type: "after", of: "Makar Sankranti", days: -1, note: "the eve of Makar Sankranti" },
  t("Vasant Panchami", 11, 5, "sunrise"),
  t("Maha Shivaratri", 11, 29, "nishita", { note: "purnimanta Phalguna Krishna Chaturdashi" }),
  { name: "Holika Dahan", type: "special", masa: 12, tithi: 15, rule: "holika", note: "the muhurta avoids Bhadra (Vishti karana)" },
  { name: "Holi", type: "after", of: "Holika Dahan", days: 1, note: "Dhulandi: the day after Holika Dahan" },
  t("Ugadi / Gudi Padwa", 1, 1, "sunrise"),
  t("Chaitra Navaratri (Ghatasthapana)", 1, 1, "sunrise"),
  {
    name: "Cheti Chand", type: "special", masa: 1, tithi: 1, rule: "cheti-chand",
    note: "Sindhi new year and Jhulelal Jayanti: the first moon sighting of Chaitra (Chandra Darshan), often the day after Ugadi",
  },
  t("Ram Navami", 1, 9, "madhyahna"),
  t("Mahavir Jayanti", 1, 13, "sunrise"),
  t("Hanuman Jayanti", 1, 15, "sunrise", { note: "North-Indian Chaitra Purnima convention" }),
  t("Akshaya Tritiya", 2, 3, "sunrise"),
  t("Buddha Purnima", 2, 15, "sunrise"),
  t("Vat Savitri Vrat", 2, 30, "sunrise", { note: "purnimanta Jyeshtha Amavasya (North India)" }),
  t("Ganga Dussehra", 3, 10, "sunrise"),
  ek("Nirjala Ekadashi", 3, 11),
  t("Jagannath Rath Yatra", 4, 2, "sunrise"),
  ek("Devshayani Ekadashi", 4, 11),
  t("Guru Purnima", 4, 15, "sunrise"),
  t("Hariyali Teej", 5, 3, "sunrise"),
  t("Nag Panchami", 5, 5, "sunrise"),
  { name: "Raksha Bandhan", type: "special", masa: 5, tithi: 15, rule: "raksha", note: "the muhurta avoids Bhadra (Vishti karana)" },
  {
    name: "Krishna Janmashtami", type: "special", masa: 5, tithi: 23, rule: "janmashtami",
    note: "purnimanta Bhadrapada Krishna Ashtami; the Vaishnava (ISKCON) day is listed apart where it differs",
  },
  t("Hartalika Teej", 6, 3, "sunrise"),
  t("Ganesh Chaturthi", 6, 4, "madhyahna"),
  t("Anant Chaturdashi", 6, 14, "sunrise"),
  t("Ganesh Visarjan", 6, 14, "sunrise", { note: "the immersion on Anant Chaturdashi, the tenth day after Ganesh Chaturthi" }),
  ...PITRU_PAKSHA,
  t("Mahalaya", 6, 30, "aparahna", { note: "Mahalaya Amavasya (Sarva Pitru Amavasya): shraddha at aparahna; in Bengal the eve of Devi Paksha" }),
  t("Sharad Navaratri (Ghatasthapana)", 7, 1, "sunrise"),
  t("Durga Ashtami", 7, 8, "sunrise"),
  { name: "Maha Navami", type: "special", masa: 7, tithi: 9, rule: "maha-navami", note: "the last day of Sharad Navaratri" },
  { name: "Dussehra", type: "special", masa: 7, tithi: 10, rule: "vijayadashami", note: "Vijayadashami" },
  t("Sharad Purnima", 7, 15, "nishita", { note: "Kojagara: Purnima at midnight (Drik Panchang 2024: 16 October)" }),
  t("Karva Chauth", 7, 19, "moonrise", { note: "purnimanta Kartika Krishna Chaturthi" }),
  t("Ahoi Ashtami", 7, 23, "pradosha", { note: "purnimanta Kartika Krishna Ashtami" }),
  t("Dhanteras", 7, 28, "pradosha", { note: "purnimanta Kartika Krishna Trayodashi" }),
  t("Narak Chaturdashi", 7, 29, "dawn_moonrise", {
    fallback: "sunrise",
    note: "Abhyanga snana while Chaturdashi runs between moonrise and sunrise (Drik Panchang); Chaturdashi at sunrise when no dawn holds it",
  }),
  t("Diwali (Lakshmi Puja)", 7, 30, "pradosha", {
    tie: { kind: "later-if", minMinutes: 24 },
    note: "Amavasya over pradosha; on both days the later one if it lasts ≥ 1 ghati (24 min) after sunset (Drik Panchang)",
  }),
  t("Govardhan Puja", 8, 1, "sunrise"),
  t("Bhai Dooj", 8, 2, "aparahna"),
  t("Chhath Puja (Sandhya Arghya)", 8, 6, "sunset"),
  // Chhath's four days run consecutively around the Shashthi evening arghya (Drik Panchang's Chhath list).
  { name: "Chhath Puja (Nahay Khay)", type: "after", of: "Chhath Puja (Sandhya Arghya)", days: -2, note: "Chhath day 1: the ritual bath and one meal" },
  { name: "Chhath Puja (Kharna)", type: "after", of: "Chhath Puja (Sandhya Arghya)", days: -1, note: "Chhath day 2: the day-long fast broken at dusk" },
  { name: "Chhath Puja (Usha Arghya)", type: "after", of: "Chhath Puja (Sandhya Arghya)", days: 1, note: "Chhath day 4: the offering to the rising Sun" },
  t("Tulsi Vivah", 8, 12, "sunrise", { note: "Kartika Shukla Dwadashi (Drik Panchang: 13 November 2024, 2 November 2025)" }),
  t("Dev Deepawali", 8, 15, "pradosha", { note: "Kartika Purnima over pradosha, the evening of lamps at Varanasi" }),
  ek("Dev Uthani Ekadashi", 8, 11),
  t("Kartika Purnima", 8, 15, "sunrise"),
  t("Vivah Panchami", 9, 5, "sunrise"),
  ek("Gita Jayanti", 9, 11),
  t("Dattatreya Jayanti", 9, 15, "pradosha"),
];
