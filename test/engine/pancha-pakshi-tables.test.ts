import { describe, expect, it } from "vitest";
import {
  ACTIVITY_CYCLE, BIRDS, FIRST_YAMA, SUB_BIRD_ORDER, SUB_PERIOD_GHATIKAS, birthBird, shuklaRelations,
  type Activity, type Bird, type Half,
} from "../../src/engine/pancha-pakshi/pakshi-tables.js";
import { yamas } from "../../src/engine/pancha-pakshi/pancha-pakshi-day.js";
import type { Paksha } from "../../src/engine/tables/tithis.js";

/**
 * The published tables, written out again here in words (not derived from the engine's
 * strings), and compared cell by cell. Birth birds: Hindu Blog 2018 and Future Samachar
 * (Dr. Arun Bansal) 2022. Weekday tables: the classical bright/dark half tables (U. S.
 * Pulippani, Biorhythms of Natal Moon) as transcribed in two independent public data sets.
 */
const NAKSHATRA_NAMES = [
  "Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira", "Ardra", "Punarvasu", "Pushya", "Ashlesha", "Magha",
  "Purva Phalguni", "Uttara Phalguni", "Hasta", "Chitra", "Swati", "Vishakha", "Anuradha", "Jyeshtha", "Mula",
  "Purva Ashadha", "Uttara Ashadha", "Shravana", "Dhanishta", "Shatabhisha", "Purva Bhadrapada", "Uttara Bhadrapada", "Revati",
];
const PUBLISHED_BIRTH: Record<Paksha, [string[], Bird][]> = {
  shukla: [
    [["Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira"], "vulture"],
    [["Ardra", "Punarvasu", "Pushya", "Ashlesha", "Magha", "Purva Phalguni"], "owl"],
    [["Uttara Phalguni", "Hasta", "Chitra", "Swati", "Vishakha"], "crow"],
    [["Anuradha", "Jyeshtha", "Mula", "Purva Ashadha", "Uttara Ashadha"], "cock"],
    [["Shravana", "Dhanishta", "Shatabhisha", "Purva Bhadrapada", "Uttara Bhadrapada", "Revati"], "peacock"],
  ],
  krishna: [
    [["Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira"], "peacock"],
    [["Ardra", "Punarvasu", "Pushya", "Ashlesha", "Magha", "Purva Phalguni"], "cock"],
    [["Uttara Phalguni", "Hasta", "Chitra", "Swati", "Vishakha"], "crow"],
    [["Anuradha", "Jyeshtha", "Mula", "Purva Ashadha", "Uttara Ashadha"], "owl"],
    [["Shravana", "Dhanishta", "Shatabhisha", "Purva Bhadrapada", "Uttara Bhadrapada", "Revati"], "vulture"],
  ],
};

describe("birth bird (nakshatra × paksha)", () => {
  for (const paksha of ["shukla", "krishna"] as const) {
    it(`${paksha}: all 27 nakshatras as published`, () => {
      let count = 0;
      for (const [names, bird] of PUBLISHED_BIRTH[paksha]) {
        for (const name of names) {
          expect(birthBird(NAKSHATRA_NAMES.indexOf(name) + 1, paksha), `${paksha} ${name}`).toBe(bird);
          count++;
        }
      }
      expect(count).toBe(27);
    });
  }
  it("refuses 0, 28 and fractions", () => {
    for (const n of [0, 28, 4.5]) expect(() => birthBird(n, "shukla")).toThrow(RangeError);
  });
});

type Row = [Activity, Activity, Activity, Activity, Activity];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** First-yama activity of vulture, owl, crow, cock, peacock, Sunday … Saturday. */
const PUBLISHED_FIRST_YAMA: Record<Paksha, Record<Half, Row[]>> = {
  shukla: {
    day: [
      ["eating", "walking", "ruling", "sleeping", "dying"], ["dying", "eating", "walking", "ruling", "sleeping"],
      ["eating", "walking", "ruling", "sleeping", "dying"], ["dying", "eating", "walking", "ruling", "sleeping"],
      ["sleeping", "dying", "eating", "walking", "ruling"], ["ruling", "sleeping", "dying", "eating", "walking"],
      ["walking", "ruling", "sleeping", "dying", "eating"],
    ],
    night: [
      ["dying", "ruling", "eating", "sleeping", "walking"], ["walking", "dying", "ruling", "eating", "sleeping"],
      ["dying", "ruling", "eating", "sleeping", "walking"], ["walking", "dying", "ruling", "eating", "sleeping"],
      ["sleeping", "walking", "dying", "ruling", "eating"], ["eating", "sleeping", "walking", "dying", "ruling"],
      ["ruling", "eating", "sleeping", "walking", "dying"],
    ],
  },
  krishna: {
    day: [
      ["walking", "dying", "ruling", "eating", "sleeping"], ["sleeping", "walking", "dying", "ruling", "eating"],
      ["walking", "dying", "ruling", "eating", "sleeping"], ["dying", "ruling", "eating", "sleeping", "walking"],
      ["ruling", "eating", "sleeping", "walking", "dying"], ["eating", "sleeping", "walking", "dying", "ruling"],
      ["sleeping", "walking", "dying", "ruling", "eating"],
    ],
    night: [
      ["eating", "ruling", "dying", "walking", "sleeping"], ["dying", "walking", "sleeping", "eating", "ruling"],
      ["eating", "ruling", "dying", "walking", "sleeping"], ["sleeping", "eating", "ruling", "dying", "walking"],
      ["walking", "sleeping", "eating", "ruling", "dying"], ["ruling", "dying", "walking", "sleeping", "eating"],
      ["dying", "walking", "sleeping", "eating", "ruling"],
    ],
  },
};
/** Vulture through the five yamas, Sunday, from the same tables (the activity cycles). */
const PUBLISHED_SUNDAY_VULTURE: Record<Paksha, Record<Half, Activity[]>> = {
  shukla: { day: ["eating", "walking", "ruling", "sleeping", "dying"], night: ["dying", "walking", "sleeping", "eating", "ruling"] },
  krishna: { day: ["walking", "eating", "dying", "sleeping", "ruling"], night: ["eating", "sleeping", "walking", "dying", "ruling"] },
};

describe("weekday tables (paksha × day/night × weekday × bird)", () => {
  for (const paksha of ["shukla", "krishna"] as const) {
    for (const half of ["day", "night"] as const) {
      it(`${paksha} ${half}: 35 first-yama cells as published`, () => {
        PUBLISHED_FIRST_YAMA[paksha][half].forEach((row, w) => {
          BIRDS.forEach((bird, i) => expect(FIRST_YAMA[paksha][half][w]![bird], `${WEEKDAYS[w]} ${bird}`).toBe(row[i]));
        });
      });

      it(`${paksha} ${half}: every yama has each activity once, and the ruling-order sub-periods follow the cycle`, () => {
        for (let w = 0; w < 7; w++) {
          const ys = yamas(half, 0, 5, paksha, w);
          ys.forEach((y, k) => {
            expect(new Set(Object.values(y.activities)).size, `${WEEKDAYS[w]} yama ${k + 1}`).toBe(5);
            expect(y.subPeriods[0]).toMatchObject({ bird: y.rulingBird, activity: "ruling" });
            const cycle = ACTIVITY_CYCLE[paksha][half];
            const from = cycle.indexOf("ruling");
            expect(y.subPeriods.map((s) => s.activity)).toEqual([0, 1, 2, 3, 4].map((i) => cycle[(from + i) % 5]));
            // The sub-period's bird really does that activity this yama (the tables read across the birds).
            for (const s of y.subPeriods) expect(y.activities[s.bird]).toBe(s.activity);
            expect(new Set(y.subPeriods.map((s) => s.bird)).size).toBe(5);
          });
        }
        expect(SUB_BIRD_ORDER[paksha][half][0]).toBe("vulture");
      });

      it(`${paksha} ${half}: Sunday's vulture through the five yamas`, () => {
        expect(yamas(half, 0, 5, paksha, 0).map((y) => y.activities.vulture)).toEqual(PUBLISHED_SUNDAY_VULTURE[paksha][half]);
      });
    }
  }
});

describe("sub-period lengths and relations", () => {
  it("ruling 2, eating 1¼, walking 1½, sleeping ¾, dying ½ ghatikas: 48/30/36/18/12 min of a 144-min yama, 6 ghatikas in all", () => {
    const minutes = Object.fromEntries(Object.entries(SUB_PERIOD_GHATIKAS).map(([a, g]) => [a, g * 24]));
    expect(minutes).toEqual({ ruling: 48, eating: 30, walking: 36, sleeping: 18, dying: 12 });
    expect(Object.values(SUB_PERIOD_GHATIKAS).reduce((a, b) => a + b, 0)).toBe(6);
    // A 144-minute yama (0.1 day) cut by those shares.
    const y = yamas("day", 0, 0.5, "shukla", 0)[0]!;
    for (const s of y.subPeriods) expect((s.endJd - s.startJd) * 1440).toBeCloseTo(SUB_PERIOD_GHATIKAS[s.activity] * 24, 9);
  });

  it("shukla friends and enemies as published", () => {
    expect(shuklaRelations("vulture")).toEqual({ friends: ["peacock", "owl"], enemies: ["crow", "cock"] });
    expect(shuklaRelations("owl")).toEqual({ friends: ["vulture", "crow"], enemies: ["cock", "peacock"] });
    expect(shuklaRelations("crow")).toEqual({ friends: ["owl", "cock"], enemies: ["vulture", "peacock"] });
    expect(shuklaRelations("cock")).toEqual({ friends: ["crow", "peacock"], enemies: ["vulture", "owl"] });
    expect(shuklaRelations("peacock")).toEqual({ friends: ["cock", "vulture"], enemies: ["owl", "crow"] });
  });
});
