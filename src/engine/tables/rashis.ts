import type { Graha } from "../types.js";

/**
 * The twelve rashis (sidereal signs of 30°), 1 = Mesha (Aries). Lords are the classical
 * Parashari sign lordships (BPHS ch. 4); element and modality per BPHS ch. 4 as well.
 */
export interface Rashi {
  readonly number: number;
  readonly name: string;
  readonly sanskrit: string;
  readonly lord: Graha;
  readonly element: "fire" | "earth" | "air" | "water";
  readonly modality: "movable" | "fixed" | "dual";
}

const row = (
  number: number,
  name: string,
  sanskrit: string,
  lord: Graha,
  element: Rashi["element"],
  modality: Rashi["modality"],
): Rashi => Object.freeze({ number, name, sanskrit, lord, element, modality });

export const RASHIS: readonly Rashi[] = Object.freeze([
  row(1, "Aries", "Mesha", "mars", "fire", "movable"),
  row(2, "Taurus", "Vrishabha", "venus", "earth", "fixed"),
  row(3, "Gemini", "Mithuna", "mercury", "air", "dual"),
  row(4, "Cancer", "Karka", "moon", "water", "movable"),
  row(5, "Leo", "Simha", "sun", "fire", "fixed"),
  row(6, "Virgo", "Kanya", "mercury", "earth", "dual"),
  row(7, "Libra", "Tula", "venus", "air", "movable"),
  row(8, "Scorpio", "Vrishchika", "mars", "water", "fixed"),
  row(9, "Sagittarius", "Dhanu", "jupiter", "fire", "dual"),
  row(10, "Capricorn", "Makara", "saturn", "earth", "movable"),
  row(11, "Aquarius", "Kumbha", "saturn", "air", "fixed"),
  row(12, "Pisces", "Meena", "jupiter", "water", "dual"),
]);

/** Normalise an angle to [0, 360). */
export function norm360(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

/** Rashi number 1..12 of a sidereal longitude. */
export function rashiOf(lonSidDeg: number): number {
  return Math.min(11, Math.floor(norm360(lonSidDeg) / 30)) + 1;
}

/** Degrees within the rashi, [0, 30). */
export function rashiDegree(lonSidDeg: number): number {
  const l = norm360(lonSidDeg);
  return l - Math.floor(l / 30) * 30;
}
