import { isNaturalBenefic } from "../chart/natural-benefics.js";
import { separationDeg } from "../chart/dignity.js";
import { horas } from "../panchanga/hora.js";
import { norm360 } from "../tables/rashis.js";
import {
  ABDA_BALA,
  AYANA_NORTH_ADDS,
  CLASSICAL_OBLIQUITY_DEG,
  CREATION_TO_KALI_DAYS,
  HORA_BALA,
  MASA_BALA,
  NIGHT_STRONG,
  TRIBHAGA_DAY,
  TRIBHAGA_NIGHT,
  VARA_BALA,
} from "../tables/shadbala.js";
import { VARAS } from "../tables/varas.js";
import type { SaptaGraha } from "../types.js";
import type { ShadbalaInput } from "./shadbala-input.js";

/** Kala (temporal) bala and its parts, virupas (BPHS ch. 27; Raman, "Graha and Bhava Balas"). Yuddha is added by shadbala.ts. */
export interface KalaBalaParts {
  readonly nathonnatha: number;
  readonly paksha: number;
  readonly tribhaga: number;
  readonly abda: number;
  readonly masa: number;
  readonly vara: number;
  readonly hora: number;
  readonly ayana: number;
}

/** The lords of the year, month, weekday and hora of the birth (the kala bala lords). */
export interface KalaLords {
  readonly abda: SaptaGraha;
  readonly masa: SaptaGraha;
  readonly vara: SaptaGraha;
  readonly hora: SaptaGraha;
}

const DEG = Math.PI / 180;

/**
 * Nathonnatha bala: the Sun's hour-angle distance from apparent midnight (0..180°) / 3 for the
 * day-strong grahas (Sun, Jupiter, Venus), its complement for the night-strong (Moon, Mars,
 * Saturn); Mercury always 60.
 */
export function nathonnathaBala(g: SaptaGraha, sunHourAngleDeg: number): number {
  if (g === "mercury") return 60;
  const diva = separationDeg(sunHourAngleDeg, 180) / 3;
  return NIGHT_STRONG.includes(g) ? 60 - diva : diva;
}

/**
 * Paksha bala: with the Moon's elongation from the Sun folded to 0..180°, benefics get elong/3
 * and malefics 60 − elong/3; the Moon always gets elong/3 and it is doubled (Raman).
 */
export function pakshaBala(input: ShadbalaInput, g: SaptaGraha): number {
  const elong = separationDeg(input.chart.grahas.moon.lonSidDeg, input.chart.grahas.sun.lonSidDeg) / 3;
  if (g === "moon") return 2 * elong;
  return isNaturalBenefic(input.chart, g) ? elong : 60 - elong;
}

/** Tribhaga bala: 60 to the lord of the third of the day or night the birth falls in; Jupiter always. */
export function tribhagaLord(input: ShadbalaInput): SaptaGraha {
  const { sunriseJdUt: sr, sunsetJdUt: ss, nextSunriseJdUt: nsr } = input.day;
  const jd = input.jdUt;
  if (jd < ss) return TRIBHAGA_DAY[Math.min(2, Math.max(0, Math.floor((3 * (jd - sr)) / (ss - sr))))]!;
  return TRIBHAGA_NIGHT[Math.min(2, Math.max(0, Math.floor((3 * (jd - ss)) / (nsr - ss))))]!;
}

/** Weekday lord of a Surya Siddhanta remainder counted from Sunday = 1 (0 = Saturday). */
const lordOfRemainder = (r: number): SaptaGraha => VARAS[(r + 6) % 7]!.lord;

/**
 * The kala lords: the year and month lords are the weekday lords of the first day of the current
 * 360-day year and 30-day month counted from creation (Surya Siddhanta ch. 1.51–52: remainder of
 * (3·years + 1) and (2·months + 1) by 7, counted from Sunday), the vara lord the weekday of the
 * Hindu day, the hora lord the lord of the birth hora (sunrise-based, panchanga/hora.ts).
 */
export function kalaLords(input: ShadbalaInput): KalaLords {
  const ahargana = input.day.kaliAhargana + CREATION_TO_KALI_DAYS;
  const years = Math.floor(ahargana / 360);
  const months = Math.floor(ahargana / 30);
  const { sunriseJdUt, sunsetJdUt, nextSunriseJdUt, vara } = input.day;
  const hs = horas(sunriseJdUt, sunsetJdUt, nextSunriseJdUt, vara);
  const hora = hs.find((h) => input.jdUt >= h.startJd && input.jdUt < h.endJd) ?? hs[hs.length - 1]!;
  return {
    abda: lordOfRemainder((3 * (years % 7) + 1) % 7),
    masa: lordOfRemainder((2 * (months % 7) + 1) % 7),
    vara: VARAS[vara - 1]!.lord,
    hora: hora.planet,
  };
}

/**
 * Ayana bala: (24° + kranti)/48° × 60, the kranti (declination from the sayana longitude on the
 * ecliptic, obliquity 24°) counted positive north for the Sun, Mars, Jupiter and Venus, positive
 * south for the Moon and Saturn, always positive for Mercury; the Sun's is doubled (Raman).
 */
export function ayanaBala(g: SaptaGraha, sayanaDeg: number): number {
  const kranti = Math.asin(Math.sin(CLASSICAL_OBLIQUITY_DEG * DEG) * Math.sin(norm360(sayanaDeg) * DEG)) / DEG;
  const sign = AYANA_NORTH_ADDS[g];
  const k = sign === 0 ? Math.abs(kranti) : sign * kranti;
  const v = ((CLASSICAL_OBLIQUITY_DEG + k) / (2 * CLASSICAL_OBLIQUITY_DEG)) * 60;
  return g === "sun" ? 2 * v : v;
}

export function kalaBalaParts(input: ShadbalaInput, g: SaptaGraha, lords: KalaLords): KalaBalaParts {
  return {
    nathonnatha: nathonnathaBala(g, input.sunHourAngleDeg),
    paksha: pakshaBala(input, g),
    tribhaga: g === "jupiter" || tribhagaLord(input) === g ? 60 : 0,
    abda: lords.abda === g ? ABDA_BALA : 0,
    masa: lords.masa === g ? MASA_BALA : 0,
    vara: lords.vara === g ? VARA_BALA : 0,
    hora: lords.hora === g ? HORA_BALA : 0,
    ayana: ayanaBala(g, input.chart.grahas[g].lonSidDeg + input.ayanamshaDeg),
  };
}
