import { houseFrom } from "../chart/chart-input.js";
import { debilitationSign, exaltationSign, ownSigns } from "../chart/dignity.js";
import { COMBUSTION_ORBS_DEG } from "../tables/dignities.js";
import { DEEPTAMSHA, TAJAKA_SPEED_ORDER } from "../tables/tajaka.js";
import { norm360, rashiDegree, rashiOf } from "../tables/rashis.js";
import type { SaptaGraha } from "../types.js";
import { tajakaAspect } from "./varshaphal.js";

/**
 * The sixteen Tajaka yogas of an annual (or horary) chart, Tajaka Neelakanthi, Samjna Tantra
 * (Neelakantha, 1587), with the readings of S. Adawal, "Encyclopedia of Vedic Astrology: Tajik
 * Shastra and Annual Horoscopy", ch. IV (Tajika Yogas), where the verse leaves a detail open.
 * Each rule is a pure function below, with its definition in a comment. The text states them for
 * the lagna lord and the lord of the matter (karyesha); an annual chart has no single matter, so
 * every pair (or triple) of the seven planets that meets a rule is reported. Rahu and Ketu take
 * no part (Adawal ch. IV §1).
 *
 * Shared terms:
 * - Tajaka aspect: by whole signs, 3/11 and 5/9 friendly, 1/7 and 4/10 inimical, 2/12 and 6/8 none.
 * - Orb: the mean of the two planets' deeptamshas (tables/tajaka.ts DEEPTAMSHA).
 * - Faster / slower: the classical order of mean motion Moon, Mercury, Venus, Sun, Mars, Jupiter,
 *   Saturn (retrograde motion does not reorder it).
 * - Ithasala (applying): in aspect, the faster planet behind the slower in degrees within their
 *   signs, by no more than the orb. Eesarpha (separating): the faster just past the slower, within the orb.
 * - Strong: in its own sign or its exaltation sign. Weak: retrograde, combust (Surya Siddhanta
 *   orbs), in its debilitation sign, or in the 6th, 8th or 12th house (Adawal ch. IV, Radda).
 * - "The last degree of a sign": 29° or more within it (Adawal ch. IV, Gairi-Kamboola).
 */
export type TajakaYogaName =
  | "Ikkavala" | "Induvara" | "Ithasala" | "Eesarpha" | "Nakta" | "Yamaya" | "Manahoo" | "Kamboola"
  | "Gairi-Kamboola" | "Khallasara" | "Radda" | "Duhphali-kutta" | "Dutthotha-davira" | "Tambira" | "Kuttha" | "Durudhura";

export const TAJAKA_YOGA_NAMES: readonly TajakaYogaName[] = Object.freeze([
  "Ikkavala", "Induvara", "Ithasala", "Eesarpha", "Nakta", "Yamaya", "Manahoo", "Kamboola",
  "Gairi-Kamboola", "Khallasara", "Radda", "Duhphali-kutta", "Dutthotha-davira", "Tambira", "Kuttha", "Durudhura",
]);

export interface TajakaYoga {
  readonly name: TajakaYogaName;
  readonly planets: readonly SaptaGraha[];
  readonly description: string;
}

/** What the rules read: positions, optional daily speeds (negative = retrograde), the lagna. */
export interface TajakaFacts {
  readonly lagnaSign: number;
  readonly lon: Readonly<Record<SaptaGraha, number>>;
  readonly speed: Readonly<Partial<Record<SaptaGraha, number>>>;
}

const P = TAJAKA_SPEED_ORDER;
const MALEFICS: readonly SaptaGraha[] = ["mars", "saturn"];
const LAST_DEGREE = 29;

const sign = (f: TajakaFacts, g: SaptaGraha) => rashiOf(f.lon[g]);
const deg = (f: TajakaFacts, g: SaptaGraha) => rashiDegree(f.lon[g]);
const house = (f: TajakaFacts, g: SaptaGraha) => houseFrom(f.lagnaSign, sign(f, g));
const faster = (a: SaptaGraha, b: SaptaGraha) => P.indexOf(a) < P.indexOf(b);
export const tajakaOrb = (a: SaptaGraha, b: SaptaGraha) => (DEEPTAMSHA[a] + DEEPTAMSHA[b]) / 2;
const aspects = (f: TajakaFacts, a: SaptaGraha, b: SaptaGraha) => tajakaAspect(sign(f, a), sign(f, b)) !== "none";
const retro = (f: TajakaFacts, g: SaptaGraha) => (f.speed[g] ?? 1) < 0;

/** Ithasala of fast `a` with slow `b` (a must be the faster): behind by 0…orb degrees, in aspect. */
export function ithasala(f: TajakaFacts, a: SaptaGraha, b: SaptaGraha): boolean {
  if (a === b || !faster(a, b) || !aspects(f, a, b)) return false;
  const gap = deg(f, b) - deg(f, a);
  return gap >= 0 && gap <= tajakaOrb(a, b);
}

/** Eesarpha of fast `a` with slow `b`: `a` past `b` by (0, orb] degrees, in aspect. */
export function eesarpha(f: TajakaFacts, a: SaptaGraha, b: SaptaGraha): boolean {
  if (a === b || !faster(a, b) || !aspects(f, a, b)) return false;
  const past = deg(f, a) - deg(f, b);
  return past > 0 && past <= tajakaOrb(a, b);
}

/** Ithasala either way round (the faster of the two applying). */
const ithasalaPair = (f: TajakaFacts, a: SaptaGraha, b: SaptaGraha) => (faster(a, b) ? ithasala(f, a, b) : ithasala(f, b, a));
/** Within orb either way: Ithasala or Eesarpha (the rays mingle). */
const inOrb = (f: TajakaFacts, a: SaptaGraha, b: SaptaGraha) =>
  faster(a, b) ? ithasala(f, a, b) || eesarpha(f, a, b) : ithasala(f, b, a) || eesarpha(f, b, a);

export function isStrong(f: TajakaFacts, g: SaptaGraha): boolean {
  return ownSigns(g).includes(sign(f, g)) || exaltationSign(g) === sign(f, g);
}

export function isCombustTajaka(f: TajakaFacts, g: SaptaGraha): boolean {
  const orb = COMBUSTION_ORBS_DEG[g];
  if (!orb) return false;
  const d = Math.abs(((norm360(f.lon[g] - f.lon.sun) + 180) % 360) - 180);
  return d <= (retro(f, g) ? orb.retrograde : orb.direct);
}

/** The reasons a planet is weak (empty: not weak). */
export function weakness(f: TajakaFacts, g: SaptaGraha): string[] {
  const out: string[] = [];
  if (retro(f, g)) out.push("retrograde");
  if (isCombustTajaka(f, g)) out.push("combust");
  if (debilitationSign(g) === sign(f, g)) out.push("debilitated");
  if ([6, 8, 12].includes(house(f, g))) out.push(`in the ${house(f, g)}th house`);
  return out;
}
const isWeak = (f: TajakaFacts, g: SaptaGraha) => weakness(f, g).length > 0;

/** Would `a`, moved to 0° of the next sign, be in Ithasala with `b` (the Bhavishyat, coming Ithasala)? */
function ithasalaFromNextSign(f: TajakaFacts, a: SaptaGraha, b: SaptaGraha): boolean {
  const moved: TajakaFacts = { ...f, lon: { ...f.lon, [a]: (sign(f, a) % 12) * 30 } };
  return ithasala(moved, a, b);
}

/** Every Ithasala pair [fast, slow]. */
function ithasalaPairs(f: TajakaFacts): [SaptaGraha, SaptaGraha][] {
  const out: [SaptaGraha, SaptaGraha][] = [];
  for (let i = 0; i < P.length; i++) for (let j = i + 1; j < P.length; j++) if (ithasala(f, P[i]!, P[j]!)) out.push([P[i]!, P[j]!]);
  return out;
}

const d2 = (x: number) => x.toFixed(2);
type Found = { planets: SaptaGraha[]; description: string };
type Rule = (f: TajakaFacts) => Found[];

/** The sixteen rules, in the text's order. */
export const TAJAKA_YOGA_RULES: Readonly<Record<TajakaYogaName, Rule>> = Object.freeze({
  // 1. Ikkavala: all seven planets in kendras and panapharas (houses 1, 2, 4, 5, 7, 8, 10, 11).
  Ikkavala: (f: TajakaFacts) => (P.every((g) => house(f, g) % 3 !== 0)
    ? [{ planets: [...P], description: "all seven planets in kendras and panapharas from the lagna" }] : []),

  // 2. Induvara: all seven planets in apoklimas (houses 3, 6, 9, 12).
  Induvara: (f: TajakaFacts) => (P.every((g) => house(f, g) % 3 === 0)
    ? [{ planets: [...P], description: "all seven planets in apoklimas from the lagna" }] : []),

  // 3. Ithasala: the faster planet behind the slower, in aspect, within the mean orb (applying).
  Ithasala: (f: TajakaFacts) => ithasalaPairs(f).map(([a, b]) => ({
    planets: [a, b],
    description: `${a} applies to ${b} (${d2(deg(f, b) - deg(f, a))}° behind, orb ${tajakaOrb(a, b)}°${deg(f, b) - deg(f, a) <= 1 ? ", Poorna: within 1°" : ""})`,
  })),

  // 4. Eesarpha: the faster planet past the slower, in aspect, within the mean orb (separating).
  Eesarpha: (f: TajakaFacts) => {
    const out: Found[] = [];
    for (let i = 0; i < P.length; i++) for (let j = i + 1; j < P.length; j++) {
      const [a, b] = [P[i]!, P[j]!];
      if (eesarpha(f, a, b)) out.push({ planets: [a, b], description: `${a} separates from ${b} (${d2(deg(f, a) - deg(f, b))}° past, orb ${tajakaOrb(a, b)}°)` });
    }
    return out;
  },

  // 5. Nakta: two planets in no Tajaka aspect to each other; a third, faster than both, within
  //    orb of each (Ithasala or Eesarpha) carries the light from one to the other.
  Nakta: (f: TajakaFacts) => linked(f, (c, a, b) => faster(c, a) && faster(c, b), "faster"),

  // 6. Yamaya: as Nakta, but the linking planet is slower than both.
  Yamaya: (f: TajakaFacts) => linked(f, (c, a, b) => faster(a, c) && faster(b, c), "slower"),

  // 7. Manahoo: an Ithasala, and Mars or Saturn (not of the pair) casts an inimical aspect
  //    (1/4/7/10 signs) on the faster planet within their orb: the Ithasala is spoilt.
  Manahoo: (f: TajakaFacts) => ithasalaPairs(f).flatMap(([a, b]) => MALEFICS
    .filter((m) => m !== a && m !== b && tajakaAspect(sign(f, m), sign(f, a)) === "inimical"
      && Math.abs(deg(f, m) - deg(f, a)) <= tajakaOrb(m, a))
    .map((m) => ({ planets: [a, b, m], description: `${m} casts an inimical aspect on ${a} within orb, spoiling its Ithasala with ${b}` }))),

  // 8. Kamboola: an Ithasala between two planets, and the Moon in Ithasala with either of them.
  Kamboola: (f: TajakaFacts) => ithasalaPairs(f).filter(([a, b]) => a !== "moon" && b !== "moon").flatMap(([a, b]) => {
    const with_ = [a, b].filter((g) => ithasala(f, "moon", g));
    return with_.length ? [{ planets: [a, b, "moon"] as SaptaGraha[], description: `the Moon joins the Ithasala of ${a} and ${b} (applying to ${with_.join(" and ")})` }] : [];
  }),

  // 9. Gairi-Kamboola: an Ithasala between two planets; the Moon, in no Ithasala with either,
  //    stands in the last degree of its sign and on entering the next sign forms Ithasala with a
  //    strong planet (own or exaltation sign).
  "Gairi-Kamboola": (f: TajakaFacts) => ithasalaPairs(f).filter(([a, b]) => a !== "moon" && b !== "moon").flatMap(([a, b]) => {
    const m = gairiPartner(f, a, b);
    return m ? [{ planets: [a, b, "moon", m] as SaptaGraha[], description: `the Moon in the last degree of its sign, not joining ${a}–${b}, meets the strong ${m} on entering the next sign` }] : [];
  }),

  // 10. Khallasara: an Ithasala between two planets, and the Moon within orb of neither (no
  //     Ithasala or Eesarpha with them) and not about to meet a strong planet (no Gairi-Kamboola).
  Khallasara: (f: TajakaFacts) => ithasalaPairs(f).filter(([a, b]) => a !== "moon" && b !== "moon")
    .filter(([a, b]) => !inOrb(f, "moon", a) && !inOrb(f, "moon", b) && !gairiPartner(f, a, b))
    .map(([a, b]): Found => ({ planets: [a, b, "moon"], description: `the Moon is out of orb of both ${a} and ${b}: their Ithasala lacks its support` })),

  // 11. Radda: an Ithasala in which either planet is weak (retrograde, combust, debilitated, or
  //     in the 6th/8th/12th): the Ithasala is refused.
  Radda: (f: TajakaFacts) => ithasalaPairs(f).filter(([a, b]) => isWeak(f, a) || isWeak(f, b)).map(([a, b]) => ({
    planets: [a, b],
    description: `Ithasala of ${a} and ${b} refused: ${[a, b].filter((g) => isWeak(f, g)).map((g) => `${g} ${weakness(f, g).join(", ")}`).join("; ")}`,
  })),

  // 12. Duhphali-kutta: an Ithasala in which the slower planet is strong (own or exaltation sign)
  //     and the faster is not; the faster must be neither retrograde nor combust.
  "Duhphali-kutta": (f: TajakaFacts) => ithasalaPairs(f)
    .filter(([a, b]) => isStrong(f, b) && !isStrong(f, a) && !retro(f, a) && !isCombustTajaka(f, a))
    .map(([a, b]) => ({ planets: [a, b], description: `the strong slower ${b} receives the Ithasala of the unstrong ${a}` })),

  // 13. Dutthotha-davira: two planets in Ithasala, both weak, and one of them in Ithasala with a
  //     third planet that is strong (own or exaltation sign): help from a third.
  "Dutthotha-davira": (f: TajakaFacts) => ithasalaPairs(f).filter(([a, b]) => isWeak(f, a) && isWeak(f, b)).flatMap(([a, b]) => P
    .filter((c) => c !== a && c !== b && isStrong(f, c) && (ithasalaPair(f, a, c) || ithasalaPair(f, b, c)))
    .map((c) => ({ planets: [a, b, c], description: `${a} and ${b} are both weak; the strong ${c} is in Ithasala with ${ithasalaPair(f, a, c) ? a : b}` }))),

  // 14. Tambira: a faster planet (other than the Moon, whose case is Gairi-Kamboola) in the last
  //     degree of its sign, in no Ithasala with a slower planet now, forms Ithasala with it on
  //     entering the next sign, and that slower planet is strong (own or exaltation sign).
  Tambira: (f: TajakaFacts) => {
    const out: Found[] = [];
    for (const a of P) {
      if (a === "moon" || deg(f, a) < LAST_DEGREE) continue;
      for (const b of P) {
        if (faster(a, b) && isStrong(f, b) && !ithasala(f, a, b) && ithasalaFromNextSign(f, a, b)) {
          out.push({ planets: [a, b], description: `${a} in the last degree of its sign meets the strong ${b} by Ithasala on entering the next sign` });
        }
      }
    }
    return out;
  },

  // 15. Kuttha: an Ithasala whose two planets are both strong (own or exaltation sign) and both
  //     in kendras or panapharas (houses 1, 2, 4, 5, 7, 8, 10, 11): the matter prospers.
  Kuttha: (f: TajakaFacts) => ithasalaPairs(f)
    .filter(([a, b]) => [a, b].every((g) => isStrong(f, g) && house(f, g) % 3 !== 0))
    .map(([a, b]) => ({ planets: [a, b], description: `${a} (house ${house(f, a)}) and ${b} (house ${house(f, b)}) in Ithasala, both strong and in kendras or panapharas` })),

  // 16. Durudhura (Durupha): an Ithasala whose two planets are both weak: the matter fails.
  Durudhura: (f: TajakaFacts) => ithasalaPairs(f).filter(([a, b]) => isWeak(f, a) && isWeak(f, b)).map(([a, b]) => ({
    planets: [a, b], description: `${a} (${weakness(f, a).join(", ")}) and ${b} (${weakness(f, b).join(", ")}) in Ithasala, both weak`,
  })),
});

/** Nakta / Yamaya: pairs with no mutual aspect linked by a third planet within orb of both. */
function linked(f: TajakaFacts, ok: (c: SaptaGraha, a: SaptaGraha, b: SaptaGraha) => boolean, word: string): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < P.length; i++) for (let j = i + 1; j < P.length; j++) {
    const [a, b] = [P[i]!, P[j]!];
    if (aspects(f, a, b)) continue;
    for (const c of P) {
      if (c !== a && c !== b && ok(c, a, b) && inOrb(f, c, a) && inOrb(f, c, b)) {
        out.push({ planets: [a, b, c], description: `${a} and ${b} have no mutual aspect; the ${word} ${c} is within orb of both and links them` });
      }
    }
  }
  return out;
}

/** Gairi-Kamboola's partner: the strong planet the Moon meets from the next sign, or null. */
function gairiPartner(f: TajakaFacts, a: SaptaGraha, b: SaptaGraha): SaptaGraha | null {
  if (deg(f, "moon") < LAST_DEGREE || ithasala(f, "moon", a) || ithasala(f, "moon", b)) return null;
  return P.find((c) => c !== "moon" && isStrong(f, c) && ithasalaFromNextSign(f, "moon", c)) ?? null;
}

/**
 * All sixteen yogas present in a chart, in the text's order. `speedDegPerDay` (optional) marks
 * retrograde planets; without it every planet counts as direct.
 */
export function tajakaYogas(
  lagnaSidDeg: number, lonSid: Readonly<Record<SaptaGraha, number>>, speedDegPerDay: Readonly<Partial<Record<SaptaGraha, number>>> = {},
): TajakaYoga[] {
  const f: TajakaFacts = { lagnaSign: rashiOf(lagnaSidDeg), lon: lonSid, speed: speedDegPerDay };
  return TAJAKA_YOGA_NAMES.flatMap((name) => TAJAKA_YOGA_RULES[name](f).map((y) => ({ name, planets: y.planets, description: y.description })));
}
