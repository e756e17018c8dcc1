/**
 * Avasthas (states) of the seven grahas, BPHS ch. 45 ("Avasthas of the planets", R. Santhanam's
 * translation). Three of the schemes there, the ones astrologers use most:
 *
 * - **Baladi** (age) by the degree in the sign, five spans of 6°: in an odd sign Bala (infant),
 *   Kumara (youth), Yuva (adult), Vriddha (old), Mrita (dead); in an even sign the same reversed.
 *   Effects: a quarter, half, full, very little, none.
 * - **Jagradadi** (wakefulness) by dignity: Jagrat (awake) in its own or exaltation sign; Swapna
 *   (dreaming) in a friend's or a neutral's sign; Sushupti (deep sleep) in an enemy's sign or its
 *   debilitation. Effects: full, middling, none.
 * - **Deeptadi** (mood), nine: Deepta in exaltation, Swastha in its own sign, Pramudita (Mudita) in
 *   a great friend's sign, Shanta in a friend's, Deena in a neutral's, Dukhita in an enemy's, Khala in
 *   a great enemy's; Vikala when joined by a malefic, Kopa when combust (eclipsed by the Sun).
 *
 * The friendships are the five-fold compound ones of BPHS ch. 3 (natural + temporal), which the
 * great-friend and great-enemy states need; moolatrikona counts as own sign. BPHS gives no order
 * between a sign state and Vikala/Kopa, so those two are reported beside the sign state.
 */
export type BaladiAvastha = "bala" | "kumara" | "yuva" | "vriddha" | "mrita";
export type JagradadiAvastha = "jagrat" | "swapna" | "sushupti";
export type DeeptadiSignAvastha = "deepta" | "swastha" | "pramudita" | "shanta" | "deena" | "dukhita" | "khala";

export const AVASTHA_SOURCE = "BPHS ch. 45 (baladi, jagradadi, deeptadi); compound friendships of BPHS ch. 3";

/** Baladi in an odd sign, by 6° span (0–6°, 6–12° …); even signs read it backwards. */
export const BALADI_ODD_ORDER: readonly BaladiAvastha[] = Object.freeze(["bala", "kumara", "yuva", "vriddha", "mrita"]);

/** Share of its results each baladi state gives (BPHS ch. 45): the text's words for Vriddha and Mrita. */
export const BALADI_RESULT: Readonly<Record<BaladiAvastha, string>> = Object.freeze({
  bala: "one quarter", kumara: "half", yuva: "full", vriddha: "very little", mrita: "none",
});

export const JAGRADADI_RESULT: Readonly<Record<JagradadiAvastha, string>> = Object.freeze({
  jagrat: "full", swapna: "middling", sushupti: "none",
});
