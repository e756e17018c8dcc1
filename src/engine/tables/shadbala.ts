import type { SaptaGraha } from "../types.js";
import type { CompoundRelation } from "./friendships.js";

/**
 * Fixed tables of shadbala (six-fold strength), BPHS ch. 27 as worked in B.V. Raman,
 * "Graha and Bhava Balas" (ch. "Shadbala"). Strengths are in virupas (60 virupas = 1 rupa).
 */

/** Naisargika (natural) bala: 60·k/7 for k = 7 (Sun) … 1 (Saturn), BPHS ch. 27. */
export const NAISARGIKA_BALA: Readonly<Record<SaptaGraha, number>> = Object.freeze({
  sun: 60, moon: 360 / 7, venus: 300 / 7, jupiter: 240 / 7, mercury: 180 / 7, mars: 120 / 7, saturn: 60 / 7,
});

/** Minimum total a graha needs to count as strong, in rupas (Raman, "Graha and Bhava Balas"; BPHS ch. 27). */
export const REQUIRED_RUPAS: Readonly<Record<SaptaGraha, number>> = Object.freeze({
  sun: 6.5, moon: 6, mars: 5, mercury: 7, jupiter: 6.5, venus: 5.5, saturn: 5,
});

/** The seven vargas of saptavargaja bala (BPHS ch. 27). */
export const SAPTA_VARGAS = ["D1", "D2", "D3", "D7", "D9", "D12", "D30"] as const;

/**
 * Saptavargaja points per varga (BPHS ch. 27 as worked by Raman): moolatrikona 45 (rashi chart
 * only), own sign 30, then by the five-fold relation to the sign's lord: great friend 22.5,
 * friend 15, neutral 7.5, enemy 3.75, great enemy 1.875 (each half the one before).
 */
export const SAPTAVARGAJA_MOOLATRIKONA = 45;
export const SAPTAVARGAJA_OWN = 30;
export const SAPTAVARGAJA_RELATION: Readonly<Record<CompoundRelation, number>> = Object.freeze({
  great_friend: 22.5, friend: 15, neutral: 7.5, enemy: 3.75, great_enemy: 1.875,
});

/**
 * Drekkana bala (15 virupas) by the graha's gender and its decanate (BPHS ch. 27): males
 * (Sun, Mars, Jupiter) in the first 10°, neuters (Mercury, Saturn) in the second, females (Moon, Venus) in the third.
 */
export const DREKKANA_OF_STRENGTH: Readonly<Record<SaptaGraha, 0 | 1 | 2>> = Object.freeze({
  sun: 0, mars: 0, jupiter: 0, mercury: 1, saturn: 1, moon: 2, venus: 2,
});

/**
 * Dig bala: the angle (by the cusps) where each graha is strongest (BPHS ch. 27): Jupiter and
 * Mercury the lagna, Sun and Mars the 10th (MC), Saturn the 7th, Moon and Venus the 4th.
 * Strength is nil at the opposite point.
 */
export const DIG_STRONG_ANGLE: Readonly<Record<SaptaGraha, "lagna" | "mc" | "descendant" | "ic">> = Object.freeze({
  jupiter: "lagna", mercury: "lagna", sun: "mc", mars: "mc", saturn: "descendant", moon: "ic", venus: "ic",
});

/** Grahas strong by night in nathonnatha bala (the others but Mercury by day; Mercury always 60), BPHS ch. 27. */
export const NIGHT_STRONG: readonly SaptaGraha[] = Object.freeze(["moon", "mars", "saturn"]);

/**
 * Tribhaga bala (60): the lord of each third of the day — Mercury, Sun, Saturn — and of the
 * night — Moon, Venus, Mars; Jupiter always has it (BPHS ch. 27).
 */
export const TRIBHAGA_DAY: readonly SaptaGraha[] = Object.freeze(["mercury", "sun", "saturn"]);
export const TRIBHAGA_NIGHT: readonly SaptaGraha[] = Object.freeze(["moon", "venus", "mars"]);

/** Abda (year lord) 15, masa (month lord) 30, vara (weekday lord) 45, hora lord 60 virupas (BPHS ch. 27). */
export const ABDA_BALA = 15;
export const MASA_BALA = 30;
export const VARA_BALA = 45;
export const HORA_BALA = 60;

/**
 * Days from creation to the Kali epoch in Surya Siddhanta's count (ch. 1): 1,955,880,000 years of
 * 1,577,917,828 civil days per 4,320,000 years — the ahargana that its year- and month-lord
 * rules (ch. 1.51–52) are stated for.
 */
export const CREATION_TO_KALI_DAYS = 714_402_296_627;
/** Julian day number (noon) of the first civil day of the Kali yuga, Friday 18 February 3102 BCE. */
export const KALI_EPOCH_JDN = 588_466;

/** Classical obliquity of the ecliptic used for the kranti (declination) of ayana bala: 24° (Surya Siddhanta ch. 2). */
export const CLASSICAL_OBLIQUITY_DEG = 24;

/**
 * Ayana bala sign of the declination (BPHS ch. 27; Raman): north declination adds for the Sun,
 * Mars, Jupiter and Venus, south declination adds for the Moon and Saturn, and Mercury's
 * declination always adds.
 */
export const AYANA_NORTH_ADDS: Readonly<Record<SaptaGraha, 1 | -1 | 0>> = Object.freeze({
  sun: 1, mars: 1, jupiter: 1, venus: 1, moon: -1, saturn: -1, mercury: 0,
});

/**
 * Mean longitudes (degrees, mean equinox of date) at J2000 and their rates per Julian century,
 * Meeus, "Astronomical Algorithms" ch. 31 (Table 31.A); the Sun's is the Earth's + 180°.
 * Cheshta bala needs the mean planets (madhya) and the mean Sun (seeghrochcha of Mars, Jupiter
 * and Saturn; madhya of Mercury and Venus).
 */
export const MEAN_LONGITUDE: Readonly<Record<"sun" | "mercury" | "venus" | "mars" | "jupiter" | "saturn", readonly [number, number, number]>> =
  Object.freeze({
    sun: [280.466457, 36000.7698278, 0.00030322],
    mercury: [252.250906, 149474.0722491, 0.0003035],
    venus: [181.979801, 58519.2130302, 0.00031014],
    mars: [355.433, 19141.6964471, 0.00031052],
    jupiter: [34.351519, 3036.3027748, 0.0002233],
    saturn: [50.077444, 1223.5110686, 0.00051908],
  });
