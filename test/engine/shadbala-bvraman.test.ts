import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shadbala } from "../../src/engine/strength/shadbala.js";
import { SAPTA_VARGAS } from "../../src/engine/tables/shadbala.js";
import { SAPTA_GRAHAS } from "../../src/engine/types.js";
import { vargaPlacement } from "../../src/engine/varga/varga-sign.js";
import { birthShadbalaInput } from "./shadbala-helpers.js";

/**
 * B.V. Raman's worked example in "Graha and Bhava Balas" (1918-10-16 14:22:16 IST, Bangalore,
 * Raman ayanamsha), test/fixtures/shadbala-bvraman.json. Our modern positions agree with the
 * book's longitudes within 0.06°, but the book's lagna, MC and mean planets come from its own tables.
 *
 * Tolerances follow from that:
 * - Components that step (saptavargaja, ojayugma, kendradi, drekkana, tribhaga, abda, masa, vara,
 *   hora) must be exact; the test first checks that every graha sits ≥ 0.1° from each varga boundary,
 *   so the position difference cannot move it.
 * - Continuous components change by at most 1/3 virupa per degree of arc (uchcha, dig, nathonnatha,
 *   paksha, cheshta), ≤ 0.5 (ayana; 1 for the Sun's doubled ayana) or ≤ 2·¼ per aspecting graha (drik):
 *   with the book's ~1° differences in angles and time (its nathonnatha is 0.84° of hour angle from
 *   ours), 1 virupa covers them.
 * Known departures, asserted as such:
 * - Mars's dig bala: the book prints 64.3, above the 60 maximum — its arc from the 4th cusp was not
 *   folded to 180° (192.9° / 3). The classical rule folds it: ours must equal 120 − 64.3 within 1.
 * - Mercury's cheshta: the book's mean Mercury (its seeghrochcha) comes from its own tables and
 *   puts the cheshta kendra 6.9° where modern mean elements (Meeus ch. 31) give ≈ 20°: within 5.
 * - Yuddha: the book gives Mercury −0.8 and Jupiter +0.8, yet they are 97° apart; under the 1°
 *   rule there is no war, so ours are 0.
 * - The Sun's printed total 424.24 is not the sum of its printed parts (424.94); totals are
 *   compared with the sums of the book's parts, within the sum of the tolerances above.
 */
const ref = JSON.parse(readFileSync(new URL("../fixtures/shadbala-bvraman.json", import.meta.url), "utf8")).expected;
const input = birthShadbalaInput("1918-10-16T14:22:16+05:30", 13.0, 77 + 35 / 60, "raman");
const sb = shadbala(input);

const EXACT = {
  saptavargaja: "saptavargaja_bala", ojayugma: "ojayugma_bala", kendradi: "kendra_bala", drekkana: "drekkana_bala",
} as const;
const KALA_EXACT = { tribhaga: "tribhaga_bala", abda: "abda_bala", masa: "masa_bala", vara: "vara_bala", hora: "hora_bala" } as const;

describe("shadbala against B.V. Raman's worked example", () => {
  it("our longitudes agree with the book's within 0.1°, and put every graha in the same saptavarga signs", () => {
    SAPTA_GRAHAS.forEach((g, i) => {
      const lon = input.chart.grahas[g].lonSidDeg;
      expect(Math.abs(lon - ref.positions_sun_to_saturn_deg[i])).toBeLessThan(0.1);
      for (const v of SAPTA_VARGAS) {
        expect(vargaPlacement(v, lon).rashi, `${g} ${v}`).toBe(vargaPlacement(v, ref.positions_sun_to_saturn_deg[i]).rashi);
      }
    });
  });

  it("the kala lords are the book's: year Saturn, month Mercury, weekday Mercury, hora Moon", () => {
    expect(sb.lords).toEqual({ abda: "saturn", masa: "mercury", vara: "mercury", hora: "moon" });
  });

  it("stepped components are exact, continuous ones within 1 virupa (agreement table below)", () => {
    const table: Record<string, string> = {};
    SAPTA_GRAHAS.forEach((g, i) => {
      const s = sb.grahas[i]!;
      expect(s.graha).toBe(g);
      for (const [ours, theirs] of Object.entries(EXACT)) expect(s.sthana[ours as keyof typeof EXACT], `${g} ${ours}`).toBe(ref[theirs][i]);
      for (const [ours, theirs] of Object.entries(KALA_EXACT)) expect(s.kala[ours as keyof typeof KALA_EXACT], `${g} ${ours}`).toBe(ref[theirs][i]);
      const close: [string, number, number][] = [
        ["uchcha", s.sthana.uchcha, ref.uchcha_bala[i]],
        ["nathonnatha", s.kala.nathonnatha, ref.nathonnatha_bala[i]],
        ["paksha", s.kala.paksha, ref.paksha_bala[i]],
        ["ayana", s.kala.ayana, ref.ayana_bala[i]],
        ["naisargika", s.naisargika, ref.naisargika_bala[i]],
        ["drik", s.drik, ref.drik_bala[i]],
      ];
      if (g !== "mars") close.push(["dig", s.dig, ref.dig_bala[i]]);
      if (g !== "mercury") close.push(["cheshta", s.cheshta, ref.cheshta_bala[i]]);
      for (const [name, ours, theirs] of close) expect(Math.abs(ours - theirs), `${g} ${name}: ${ours} vs ${theirs}`).toBeLessThanOrEqual(1);
      table[g] = close.map(([n, o, t]) => `${n} ${o.toFixed(2)}/${t}`).join("  ");
    });
    console.log("shadbala vs Raman (ours/book):\n" + Object.entries(table).map(([g, r]) => `${g.padEnd(8)} ${r}`).join("\n"));
  });

  it("known departures: Mars's dig folded (book unfolded), Mercury's cheshta within 5, no yuddha beyond 1°", () => {
    const mars = sb.grahas.find((g) => g.graha === "mars")!;
    expect(mars.dig).toBeLessThanOrEqual(60);
    expect(Math.abs(mars.dig - (120 - ref.dig_bala[2]))).toBeLessThanOrEqual(1);
    const mercury = sb.grahas.find((g) => g.graha === "mercury")!;
    expect(Math.abs(mercury.cheshta - ref.cheshta_bala[3])).toBeLessThanOrEqual(5);
    for (const g of sb.grahas) expect(g.kala.yuddha).toBe(0);
  });

  it("totals agree with the sums of the book's parts within the tolerances, and rupas = virupas / 60", () => {
    SAPTA_GRAHAS.forEach((g, i) => {
      const s = sb.grahas[i]!;
      const parts = ["sthana", "kaala", "dig", "cheshta", "naisargika", "drik"].reduce((a, k) => a + ref.totals[k][i], 0);
      const departures = g === "mars" ? Math.abs(s.dig - ref.dig_bala[2]) : g === "mercury" ? 5 : 0;
      // 6 continuous parts × 1 virupa, plus the explained departures and the book's yuddha (0.8).
      expect(Math.abs(s.totalVirupas - parts), g).toBeLessThanOrEqual(6 + departures + 0.8);
      expect(s.totalRupas).toBeCloseTo(s.totalVirupas / 60, 12);
    });
  });
});
