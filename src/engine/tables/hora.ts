import type { SaptaGraha } from "../types.js";

/**
 * The Chaldean order of the seven grahas, slowest to fastest (Surya Siddhanta ch. 12.78–79):
 * successive horas are ruled in this order, and the first hora of a day belongs to the
 * weekday lord — which is why the weekdays follow each other as they do.
 */
export const CHALDEAN_ORDER: readonly SaptaGraha[] = Object.freeze([
  "saturn", "jupiter", "mars", "sun", "venus", "mercury", "moon",
]);

/** The ruler of the hora that follows one ruled by `lord`. */
export function nextHoraLord(lord: SaptaGraha): SaptaGraha {
  return CHALDEAN_ORDER[(CHALDEAN_ORDER.indexOf(lord) + 1) % 7]!;
}
