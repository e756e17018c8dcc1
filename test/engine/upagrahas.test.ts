import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { separationDeg } from "../../src/engine/chart/dignity.js";
import { portionLords, sunUpagrahas, upagrahas } from "../../src/engine/upagraha/upagrahas.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { withDefaults } from "../../src/engine/types.js";
import { birthShadbalaInput } from "./shadbala-helpers.js";

const data = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-chart2.json", import.meta.url), "utf8"));
const CAP = (g: string): string => g[0]!.toUpperCase() + g.slice(1);

describe("upagrahas (BPHS ch. 3)", () => {
  it("Sun-based: Dhuma = Sun + 133°20′, Vyatipata = 360 − Dhuma, Parivesha = +180, Indrachapa = 360 − Parivesha, Upaketu = Sun − 30", () => {
    const [dhuma, vyatipata, parivesha, indrachapa, upaketu] = sunUpagrahas(10).map((u) => u.lonSidDeg);
    expect(dhuma).toBeCloseTo(143 + 1 / 3, 9);
    expect(vyatipata).toBeCloseTo(216 + 2 / 3, 9);
    expect(parivesha).toBeCloseTo(36 + 2 / 3, 9);
    expect(indrachapa).toBeCloseTo(323 + 1 / 3, 9);
    expect(upaketu).toBeCloseTo(340, 9);
  });

  it("portions: the day starts with the weekday lord, the night with the 5th lord from it; the 8th has none", () => {
    expect(portionLords(1, "day")).toEqual(["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", null]);
    // Sunday night begins with Jupiter (5th from the Sun).
    expect(portionLords(1, "night")[0]).toBe("jupiter");
    expect(portionLords(7, "night")[0]).toBe("mercury");
  });

  // PyJHora's portion lords (const.day_rulers / night_rulers) put a lordless slot where Rahu kalam
  // falls, so after that slot its lords run one portion later than BPHS's (8th portion lordless).
  // Time-based ones are compared where both put the lord in the same portion; the lagna at the
  // start and middle of that portion must then agree.
  it("agree with PyJHora: Sun-based everywhere; time-based with its classical (sunset-based night) recomputation, start and middle", () => {
    let n = 0;
    let skipped = 0;
    for (const b of data.births.filter((x: any) => x.upagrahas && !x.chart.error)) {
      const input = birthShadbalaInput(b.utc, b.lat, b.lon, "lahiri", "hindu");
      const instant = instantFromUnixMs(Date.parse(b.utc));
      const conv = withDefaults({ sunrise: "hindu" });
      const place = { latDeg: b.lat, lonDeg: b.lon };
      const sun = input.chart.grahas.sun.lonSidDeg;
      for (const u of sunUpagrahas(sun)) expect(separationDeg(u.lonSidDeg, b.upagrahas[CAP(u.name)]), u.name).toBeLessThan(0.02);
      const rec = b.upagrahas.recomputed_classical_not_pyjhora;
      for (const moment of ["start", "middle"] as const) {
        const ours = upagrahas(instant, place, conv, sun, moment).timeBased!;
        for (const u of ours) {
          if (u.name === "mandi") continue; // same portion as Gulika
          const part = rec[`${CAP(u.lord)}_part`];
          expect(u.part).toBe(rec.segment);
          if (u.portion - 1 !== part.index) {
            skipped++;
            continue;
          }
          const ref = moment === "start" ? part.lagna_at_begin_deg : part.lagna_at_middle_deg;
          // PyJHora truncates sunrise/sunset to whole seconds and uses geometric positions: 0.05° of lagna ≈ 12 s.
          expect(separationDeg(u.lonSidDeg, ref), `${b.id} ${u.name} ${moment}`).toBeLessThan(0.05);
          n++;
        }
      }
    }
    console.log(`time-based upagrahas compared with PyJHora: ${n}, skipped (portion lords differ): ${skipped}`);
    expect(n).toBeGreaterThan(100);
  });

  it("the classical default: Gulika at the start of Saturn's portion, Mandi at its middle (echoed per upagraha)", () => {
    const b = data.births[0];
    const u = upagrahas(instantFromUnixMs(Date.parse(b.utc)), { latDeg: b.lat, lonDeg: b.lon }, withDefaults(), 250);
    const gulika = u.timeBased!.find((x) => x.name === "gulika")!;
    const mandi = u.timeBased!.find((x) => x.name === "mandi")!;
    expect([gulika.moment, mandi.moment, u.moment]).toEqual(["start", "middle", "classical"]);
    expect(gulika.portionStartJdUt).toBe(mandi.portionStartJdUt);
  });

  it("a polar place with no sunrise: the time-based ones are absent with a reason; the Sun-based ones are returned", () => {
    const u = upagrahas(instantFromUnixMs(Date.parse("2001-06-21T12:00:00Z")), { latDeg: 78.2, lonDeg: 15.6 }, withDefaults(), 66);
    expect(u.timeBased).toBeNull();
    expect(u.timeBasedAbsentReason).toMatch(/polar/);
    expect(u.sunBased).toHaveLength(5);
  });
});
