import type { SaptaGraha } from "../types.js";

/**
 * The eleven upagrahas (BPHS ch. 3 "Grahas' characteristics", vv. 61–70, Santhanam's translation).
 * Five are arcs from the Sun: Dhuma = Sun + 133°20′, Vyatipata = 360° − Dhuma, Parivesha =
 * Vyatipata + 180°, Indrachapa = 360° − Parivesha, Upaketu = Indrachapa + 16°40′ (= Sun − 30°).
 * Six are the lagna rising during a graha's eighth of the day or night.
 */
export const SUN_UPAGRAHAS = ["dhuma", "vyatipata", "parivesha", "indrachapa", "upaketu"] as const;
export type SunUpagraha = (typeof SUN_UPAGRAHAS)[number];

export const TIME_UPAGRAHAS = ["kaala", "mrityu", "ardhaprahara", "yamaghantaka", "gulika", "mandi"] as const;
export type TimeUpagraha = (typeof TIME_UPAGRAHAS)[number];

/** The graha whose eighth of the day/night gives each time-based upagraha (BPHS ch. 3; Phaladeepika ch. 25 for Mandi). */
export const TIME_UPAGRAHA_LORD: Readonly<Record<TimeUpagraha, SaptaGraha>> = Object.freeze({
  kaala: "sun", mrityu: "mars", ardhaprahara: "mercury", yamaghantaka: "jupiter", gulika: "saturn", mandi: "saturn",
});

/**
 * Which moment of its portion each time-based upagraha takes, by default: the lagna at the START
 * of the portion for Gulika and the other four (BPHS ch. 3 vv. 66–70), at its MIDDLE for Mandi
 * (the Kerala usage of Phaladeepika ch. 25 that Jagannatha Hora follows for Mandi).
 */
export const CLASSICAL_UPAGRAHA_MOMENT: Readonly<Record<TimeUpagraha, "start" | "middle">> = Object.freeze({
  kaala: "start", mrityu: "start", ardhaprahara: "start", yamaghantaka: "start", gulika: "start", mandi: "middle",
});

/** The weekday order (Sunday first) that rules the eight portions: day from the weekday lord, night from its 5th. */
export const WEEKDAY_LORDS: readonly SaptaGraha[] = Object.freeze(["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"]);
