import type { Paksha } from "../tables/tithis.js";

/**
 * Pancha Pakshi Shastra (the Tamil five-bird system) as data. Sources, and how far each table
 * was checked, are given per table; the tables are tested cell by cell in
 * test/engine/pancha-pakshi-tables.test.ts.
 */

export const BIRDS = ["vulture", "owl", "crow", "cock", "peacock"] as const;
export type Bird = (typeof BIRDS)[number];

/** Strongest to weakest: ruling best, dying worst (every source agrees on this ranking). */
export const ACTIVITIES = ["ruling", "eating", "walking", "sleeping", "dying"] as const;
export type Activity = (typeof ACTIVITIES)[number];

export type Half = "day" | "night";

/**
 * Birth bird from the birth nakshatra (1 Ashwini … 27 Revati) and the paksha of birth:
 * shukla — 1–5 vulture, 6–11 owl, 12–16 crow, 17–21 cock, 22–27 peacock; krishna — the same
 * groups take the birds in reverse order (peacock, cock, crow, owl, vulture). As published in
 * "Pacha Pakshi Shastra" (Hindu Blog, 2018: the shukla groups by name) and by Dr. Arun Bansal,
 * Future Samachar Research Journal, Apr–Jun 2022, p. 14 (both pakshas).
 */
const NAKSHATRA_GROUP_ENDS = [5, 11, 16, 21, 27] as const;
const BIRTH_BIRDS: Readonly<Record<Paksha, readonly Bird[]>> = {
  shukla: ["vulture", "owl", "crow", "cock", "peacock"],
  krishna: ["peacock", "cock", "crow", "owl", "vulture"],
};

export function birthBird(nakshatra: number, paksha: Paksha): Bird {
  if (!Number.isInteger(nakshatra) || nakshatra < 1 || nakshatra > 27) throw new RangeError(`nakshatra 1–27, got ${nakshatra}`);
  return BIRTH_BIRDS[paksha][NAKSHATRA_GROUP_ENDS.findIndex((end) => nakshatra <= end)]!;
}

const A: Readonly<Record<string, Activity>> = { R: "ruling", E: "eating", W: "walking", S: "sleeping", D: "dying" };
const acts = (s: string): readonly Activity[] => [...s].map((c) => A[c]!);

/**
 * The order in which a bird passes through the activities, yama after yama (and, inside a
 * yama, the order of its sub-periods): shukla day E-W-R-S-D, shukla night E-R-D-W-S (the day
 * order taking every second one), krishna day E-D-S-R-W, krishna night E-S-W-D-R.
 */
export const ACTIVITY_CYCLE: Readonly<Record<Paksha, Readonly<Record<Half, readonly Activity[]>>>> = {
  shukla: { day: acts("EWRSD"), night: acts("ERDWS") },
  krishna: { day: acts("EDSRW"), night: acts("ESWDR") },
};

/**
 * Activity of each bird (vulture, owl, crow, cock, peacock) in the FIRST yama, by weekday
 * (index 0 = Sunday) — the classical weekday tables of Pancha Pakshi Shastra for the bright
 * (shukla) and dark (krishna) halves, day and night (the "gross tables" of U. S. Pulippani,
 * Biorhythms of Natal Moon — Mysteries of Pancha Pakshi, Ranjan Publications, ch. 4–5).
 * Later yamas follow ACTIVITY_CYCLE. Checked cell by cell against two independent public
 * transcriptions of these tables (the data tables of the PyJHora and of the "astrologic"
 * projects, read as data only); not against the printed book, which we could not consult.
 */
const FIRST_YAMA_TEXT: Readonly<Record<Paksha, Readonly<Record<Half, readonly string[]>>>> = {
  //            Sun      Mon      Tue      Wed      Thu      Fri      Sat
  shukla: {
    day: ["EWRSD", "DEWRS", "EWRSD", "DEWRS", "SDEWR", "RSDEW", "WRSDE"],
    night: ["DRESW", "WDRES", "DRESW", "WDRES", "SWDRE", "ESWDR", "RESWD"],
  },
  krishna: {
    day: ["WDRES", "SWDRE", "WDRES", "DRESW", "RESWD", "ESWDR", "SWDRE"],
    night: ["ERDWS", "DWSER", "ERDWS", "SERDW", "WSERD", "RDWSE", "DWSER"],
  },
};

/** FIRST_YAMA[paksha][half][weekday 0..6][bird] */
export const FIRST_YAMA: Readonly<Record<Paksha, Readonly<Record<Half, readonly Readonly<Record<Bird, Activity>>[]>>>> = {
  shukla: { day: FIRST_YAMA_TEXT.shukla.day.map(row), night: FIRST_YAMA_TEXT.shukla.night.map(row) },
  krishna: { day: FIRST_YAMA_TEXT.krishna.day.map(row), night: FIRST_YAMA_TEXT.krishna.night.map(row) },
};

function row(s: string): Readonly<Record<Bird, Activity>> {
  const a = acts(s);
  return Object.fromEntries(BIRDS.map((b, i) => [b, a[i]!])) as Record<Bird, Activity>;
}

/**
 * The order in which the birds follow one another through the sub-periods of a yama: the
 * bird after bird X in this order is doing the activity after X's in ACTIVITY_CYCLE (the same
 * weekday tables read across the birds). Shukla day V-O-Cr-Co-P; shukla night V-P-Co-Cr-O;
 * krishna day V-Co-O-P-Cr; krishna night V-P-Co-Cr-O.
 */
export const SUB_BIRD_ORDER: Readonly<Record<Paksha, Readonly<Record<Half, readonly Bird[]>>>> = {
  shukla: { day: ["vulture", "owl", "crow", "cock", "peacock"], night: ["vulture", "peacock", "cock", "crow", "owl"] },
  krishna: { day: ["vulture", "cock", "owl", "peacock", "crow"], night: ["vulture", "peacock", "cock", "crow", "owl"] },
};

/**
 * Length of a sub-period by the activity it carries, in ghatikas of a 6-ghatika yama: ruling
 * 2, eating 1¼, walking 1½, sleeping ¾, dying ½ (48, 30, 36, 18 and 12 minutes of a standard
 * 2 h 24 min yama) — the common rule of the Tamil texts. A yama of another length is shared
 * in the same proportions. (PyJHora's data uses these shares by night but a different split by
 * day; we keep the one rule for both.)
 */
export const SUB_PERIOD_GHATIKAS: Readonly<Record<Activity, number>> = {
  ruling: 2, eating: 1.25, walking: 1.5, sleeping: 0.75, dying: 0.5,
};

/**
 * Friends and enemies of a bird born in shukla paksha (Hindu Blog, "Pacha Pakshi Shastra",
 * 2018): the two neighbours in the ring vulture–owl–crow–cock–peacock are friends, the other
 * two enemies. (The blog's cock line names the owl twice, a slip: the ring and the other four
 * lines give crow and peacock as its friends.) The source gives no list for krishna births.
 */
export function shuklaRelations(bird: Bird): { friends: Bird[]; enemies: Bird[] } {
  const i = BIRDS.indexOf(bird);
  const friends = [BIRDS[(i + 4) % 5]!, BIRDS[(i + 1) % 5]!];
  return { friends, enemies: BIRDS.filter((b) => b !== bird && !friends.includes(b)) };
}
