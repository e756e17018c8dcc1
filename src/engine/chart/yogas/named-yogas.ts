import { GRAHAS, SAPTA_GRAHAS, type Graha } from "../../types.js";
import { RASHIS } from "../../tables/rashis.js";
import { signLord } from "../dignity.js";
import { KENDRAS, NATURAL_BENEFICS, TRIKONAS, DUSTHANAS, navamshaRashi, uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule, YogaStrength } from "./yoga-types.js";

/** BPHS ch. 36 ("many other yogas", Santhanam) and the like; each rule states its own reading. */
const BPHS_36 = "BPHS ch. 36";
/** B.V. Raman, "Three Hundred Important Combinations", restating older Jataka texts. */
const RAMAN_300 = "B.V. Raman, Three Hundred Important Combinations";

const GOOD: readonly string[] = ["exalted", "moolatrikona", "own"];
const FRIENDLY: readonly string[] = ["exalted", "moolatrikona", "own", "great_friend", "friend"];
/** "Strong" in the sense these verses use: neither debilitated, nor combust, nor in a dusthana. */
const isStrong = (f: ChartFacts, g: Graha): boolean =>
  f.dignity[g] !== "debilitated" && !f.combust[g] && !DUSTHANAS.includes(f.house[g]);
const inKendraOrTrikona = (f: ChartFacts, g: Graha): boolean => KENDRAS.includes(f.house[g]) || TRIKONAS.includes(f.house[g]);
const mutualKendra = (f: ChartFacts, a: Graha, b: Graha): boolean => KENDRAS.includes(f.houseFromGraha(a, b));

function graded(f: ChartFacts, planets: readonly Graha[], detail?: string): YogaHit[] {
  const ps = [...new Set(planets)];
  const g = f.grade(ps);
  return [{ planets: ps, housesInvolved: uniqSorted(ps.map((p) => f.house[p])), strength: g.strength, reason: g.reason, detail }];
}

function rule(name: string, type: YogaRule["type"], category: string, source: string, summary: string,
  detect: (f: ChartFacts) => readonly YogaHit[]): YogaRule {
  return { name, type, category, source, summary, detect };
}

export const NAMED_YOGAS: readonly YogaRule[] = [
  // Lakshmi, BPHS ch. 36 (and ch. 41): 9th lord in a kendra or trikona in own sign, moolatrikona or exaltation, lagna lord strong.
  rule("Lakshmi Yoga", "dhana", "wealth", BPHS_36,
    "the 9th lord in own sign or exaltation in a kendra or trikona, and the lagna lord strong", (f) => {
      const l9 = f.lordOf(9);
      const l1 = f.lordOf(1);
      if (!GOOD.includes(f.dignity[l9]) || !inKendraOrTrikona(f, l9) || !isStrong(f, l1)) return [];
      return graded(f, [l9, l1]);
    }),
  // Saraswati, Phaladeepika ch. 6: Jupiter, Venus, Mercury in kendras, trikonas or the 2nd; Jupiter in own, exaltation or friend's sign.
  rule("Saraswati Yoga", "shubha", "learning", "Phaladeepika ch. 6",
    "Jupiter, Venus and Mercury in kendras, trikonas or the 2nd, Jupiter in own, exaltation or a friend's sign", (f) => {
      const ok = NATURAL_BENEFICS.every((g) => [1, 2, 4, 5, 7, 9, 10].includes(f.house[g]));
      return ok && FRIENDLY.includes(f.dignity.jupiter) ? graded(f, NATURAL_BENEFICS) : [];
    }),
  // Shakata, BPHS ch. 36: the Moon in the 6th, 8th or 12th from Jupiter; no yoga when the Moon is in a kendra from the lagna.
  rule("Shakata Yoga", "arishta", "lunar", BPHS_36,
    "the Moon in the 6th, 8th or 12th from Jupiter, not in a kendra from the lagna", (f) => {
      const h = f.houseFromGraha("moon", "jupiter");
      if (!DUSTHANAS.includes(h) || KENDRAS.includes(f.house.moon)) return [];
      const strength: YogaStrength = f.moonWaxing ? "moderate" : "strong";
      return [{ planets: ["moon", "jupiter"], housesInvolved: uniqSorted([f.house.moon, f.house.jupiter]), strength,
        reason: f.moonWaxing ? "waxing Moon" : "waning Moon", detail: `Moon ${h}th from Jupiter` }];
    }),
  // Parvata, BPHS ch. 36: benefics in kendras (no malefic there), the 6th and 8th empty or held by benefics only.
  rule("Parvata Yoga", "shubha", "fortune", BPHS_36,
    "benefics in the kendras with no malefic there, the 6th and 8th empty or held by benefics", (f) => {
      const inK = SAPTA_GRAHAS.filter((g) => KENDRAS.includes(f.house[g]));
      const nodesInK = (["rahu", "ketu"] as Graha[]).some((g) => KENDRAS.includes(f.house[g]));
      if (inK.length === 0 || nodesInK || !inK.every((g) => f.benefic[g])) return [];
      const sixEight = [...f.occupants(6), ...f.occupants(8)];
      return sixEight.every((g) => f.benefic[g]) ? graded(f, inK) : [];
    }),
  // Kahala, BPHS ch. 36: lords of the 4th and 9th in kendras from each other, the lagna lord strong.
  rule("Kahala Yoga", "raja", "courage", BPHS_36,
    "the 4th and 9th lords in kendras from each other, the lagna lord strong", (f) => {
      const l4 = f.lordOf(4), l9 = f.lordOf(9), l1 = f.lordOf(1);
      return l4 !== l9 && mutualKendra(f, l4, l9) && isStrong(f, l1) ? graded(f, [l4, l9, l1]) : [];
    }),
  // Chamara, BPHS ch. 36: the lagna lord exalted in a kendra aspected by Jupiter, or two benefics together in the 1st, 7th, 9th or 10th.
  rule("Chamara Yoga", "raja", "fame", BPHS_36,
    "the lagna lord exalted in a kendra aspected by Jupiter, or two benefics together in the 1st, 7th, 9th or 10th", (f) => {
      const l1 = f.lordOf(1);
      if (f.dignity[l1] === "exalted" && KENDRAS.includes(f.house[l1]) && l1 !== "jupiter" && f.aspects("jupiter", l1)) {
        return graded(f, [l1, "jupiter"], "exalted lagna lord aspected by Jupiter");
      }
      for (const h of [1, 7, 9, 10]) {
        // Benefics by nature in this chart (chart/natural-benefics.ts: the waxing Moon, Mercury unless a malefic joins him).
        const bens = f.occupants(h).filter((g) => f.benefic[g]);
        if (bens.length >= 2) return graded(f, bens, `benefics together in house ${h}`);
      }
      return [];
    }),
  // Shankha, BPHS ch. 36: lords of the 5th and 6th in kendras from each other, the lagna lord strong.
  rule("Shankha Yoga", "shubha", "virtue", BPHS_36,
    "the 5th and 6th lords in kendras from each other, the lagna lord strong", (f) => {
      const l5 = f.lordOf(5), l6 = f.lordOf(6), l1 = f.lordOf(1);
      return l5 !== l6 && mutualKendra(f, l5, l6) && isStrong(f, l1) ? graded(f, [l5, l6, l1]) : [];
    }),
  // Bheri, BPHS ch. 36: Venus, Jupiter and the lagna lord in kendras, the 9th lord strong.
  rule("Bheri Yoga", "shubha", "fortune", BPHS_36,
    "Venus, Jupiter and the lagna lord in kendras, the 9th lord strong", (f) => {
      const l1 = f.lordOf(1), l9 = f.lordOf(9);
      const ok = (["venus", "jupiter", l1] as Graha[]).every((g) => KENDRAS.includes(f.house[g]));
      return ok && isStrong(f, l9) ? graded(f, ["venus", "jupiter", l1, l9]) : [];
    }),
  // Mridanga, BPHS ch. 36: the lord of the navamsha sign of an exalted planet in a kendra or trikona in own sign or exaltation, the lagna lord strong.
  rule("Mridanga Yoga", "raja", "fame", BPHS_36,
    "the lord of the navamsha an exalted planet occupies is in own sign or exaltation in a kendra or trikona, the lagna lord strong", (f) => {
      const l1 = f.lordOf(1);
      if (!isStrong(f, l1)) return [];
      for (const p of SAPTA_GRAHAS) {
        if (f.dignity[p] !== "exalted") continue;
        const nl = signLord(navamshaRashi(f.chart.grahas[p].lonSidDeg));
        if (GOOD.includes(f.dignity[nl]) && inKendraOrTrikona(f, nl)) return graded(f, [p, nl, l1], `${p} exalted, navamsha lord ${nl}`);
      }
      return [];
    }),
  // Shrinatha (Sreenatha), BPHS ch. 36: the 7th lord exalted in the 10th, the 10th lord joined with the 9th lord.
  rule("Shrinatha Yoga", "raja", "wealth", BPHS_36,
    "the 7th lord exalted in the 10th and the 10th lord joined with the 9th lord (also spelt Sreenatha)", (f) => {
      const l7 = f.lordOf(7), l9 = f.lordOf(9), l10 = f.lordOf(10);
      const ok = f.house[l7] === 10 && f.dignity[l7] === "exalted" && l9 !== l10 && f.rashi[l9] === f.rashi[l10];
      return ok ? graded(f, [l7, l9, l10]) : [];
    }),
  // Kusuma, BPHS ch. 36: a fixed sign rising, Venus in a kendra, the Moon in a trikona with a benefic, Saturn in the 10th.
  rule("Kusuma Yoga", "raja", "status", BPHS_36,
    "a fixed sign rising, Venus in a kendra, the Moon with a benefic in a trikona, Saturn in the 10th", (f) => {
      const fixed = RASHIS[f.lagnaRashi - 1]!.modality === "fixed";
      const withMoon = GRAHAS.filter((g) => g !== "moon" && f.benefic[g] && f.rashi[g] === f.rashi.moon);
      const ok = fixed && KENDRAS.includes(f.house.venus) && TRIKONAS.includes(f.house.moon) && withMoon.length > 0 && f.house.saturn === 10;
      return ok ? graded(f, ["venus", "moon", "saturn", ...withMoon]) : [];
    }),
  // Matsya, BPHS ch. 36: malefics in the 1st and 9th, benefics in the 5th, malefics in the 4th and 8th.
  rule("Matsya Yoga", "shubha", "character", BPHS_36,
    "malefics in the 1st and 9th, a benefic in the 5th, malefics in the 4th and 8th", (f) => {
      const mal = (h: number): Graha[] => f.occupants(h).filter((g) => !f.benefic[g]);
      const ben5 = f.occupants(5).filter((g) => f.benefic[g]);
      if (![1, 9, 4, 8].every((h) => mal(h).length > 0) || ben5.length === 0) return [];
      return graded(f, [...ben5, ...[1, 4, 8, 9].flatMap(mal)]);
    }),
  // Kurma, BPHS ch. 36: benefics in the 5th, 6th, 7th in exaltation, own or friendly signs; malefics in the 1st, 3rd, 11th in own or exaltation.
  rule("Kurma Yoga", "shubha", "fame", BPHS_36,
    "benefics in dignity in the 5th–7th (at least two of them held), malefics in own sign or exaltation in the 1st, 3rd, 11th", (f) => {
      const b = [5, 6, 7].flatMap((h) => f.occupants(h));
      const m = [1, 3, 11].flatMap((h) => f.occupants(h));
      const heldBen = new Set(b.map((g) => f.house[g])).size;
      if (heldBen < 2 || !b.every((g) => f.benefic[g] && FRIENDLY.includes(f.dignity[g]))) return [];
      if (m.length === 0 || !m.every((g) => !f.benefic[g] && GOOD.includes(f.dignity[g]))) return [];
      return graded(f, [...b, ...m]);
    }),
  // Khadga, BPHS ch. 36: the 2nd and 9th lords exchange signs, the lagna lord in a kendra or trikona.
  rule("Khadga Yoga", "dhana", "wealth", BPHS_36,
    "the 2nd lord in the 9th and the 9th lord in the 2nd, the lagna lord in a kendra or trikona", (f) => {
      const l2 = f.lordOf(2), l9 = f.lordOf(9), l1 = f.lordOf(1);
      return f.house[l2] === 9 && f.house[l9] === 2 && inKendraOrTrikona(f, l1) ? graded(f, [l2, l9, l1]) : [];
    }),
  // Pushkala, BPHS ch. 36: the Moon's dispositor joined with the lagna lord in a kendra, a strong planet in the lagna.
  rule("Pushkala Yoga", "dhana", "wealth", BPHS_36,
    "the lord of the Moon's sign joined with the lagna lord in a kendra, and a strong planet in the lagna", (f) => {
      const disp = signLord(f.rashi.moon), l1 = f.lordOf(1);
      if (disp === l1 || f.rashi[disp] !== f.rashi[l1] || !KENDRAS.includes(f.house[l1])) return [];
      const inLagna = SAPTA_GRAHAS.filter((g) => f.house[g] === 1 && isStrong(f, g));
      return inLagna.length > 0 ? graded(f, [disp, l1, ...inLagna]) : [];
    }),
  // Gauri, Raman 300 (after Jataka texts): the lord of the 10th lord's navamsha sign exalted in the 10th, joined or aspected by the lagna lord.
  rule("Gauri Yoga", "raja", "status", RAMAN_300,
    "the lord of the navamsha sign of the 10th lord exalted in the 10th, joined or aspected by the lagna lord", (f) => {
      const l10 = f.lordOf(10), l1 = f.lordOf(1);
      const nl = signLord(navamshaRashi(f.chart.grahas[l10].lonSidDeg));
      if (f.house[nl] !== 10 || f.dignity[nl] !== "exalted") return [];
      const linked = l1 === nl || f.rashi[l1] === f.rashi[nl] || f.aspects(l1, nl);
      return linked ? graded(f, [l10, nl, l1]) : [];
    }),
  // Bharati, Raman 300: the lord of the navamsha sign of the 2nd, 5th or 11th lord exalted and joined with the 9th lord.
  rule("Bharati Yoga", "shubha", "learning", RAMAN_300,
    "the lord of the navamsha sign of the 2nd, 5th or 11th lord exalted and joined with the 9th lord", (f) => {
      const l9 = f.lordOf(9);
      for (const h of [2, 5, 11]) {
        const l = f.lordOf(h);
        const nl = signLord(navamshaRashi(f.chart.grahas[l].lonSidDeg));
        if (nl !== l9 && f.dignity[nl] === "exalted" && f.rashi[nl] === f.rashi[l9]) return graded(f, [l, nl, l9], `via the ${h}th lord`);
      }
      return [];
    }),
  // Akhanda Samrajya, Raman 300: Jupiter lord of the 2nd, 5th or 11th, and a strong lord of the 2nd, 9th or 11th in a kendra from the Moon.
  rule("Akhanda Samrajya Yoga", "raja", "power", RAMAN_300,
    "Jupiter owns the 2nd, 5th or 11th and a strong lord of the 2nd, 9th or 11th is in a kendra from the Moon", (f) => {
      if (!f.housesOwned("jupiter").some((h) => [2, 5, 11].includes(h))) return [];
      for (const h of [11, 9, 2]) {
        const l = f.lordOf(h);
        if (l !== "moon" && isStrong(f, l) && KENDRAS.includes(f.houseFromGraha(l, "moon"))) {
          return graded(f, ["jupiter", l], `${h}th lord ${l} in a kendra from the Moon`);
        }
      }
      return [];
    }),
];
