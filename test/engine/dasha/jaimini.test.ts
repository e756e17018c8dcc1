import { describe, expect, it } from "vitest";
import { arudhaPadas, jaimini } from "../../../src/engine/chart/jaimini.js";
import { jaiminiLord } from "../../../src/engine/chart/jaimini-lords.js";
import type { ChartInput } from "../../../src/engine/chart/chart-input.js";
import { WAVE3, lower } from "./pyjhora-fixture.js";

const chartOf = (b: any): ChartInput => {
  const g: any = {};
  for (const [k, v] of Object.entries(b.chart.planets_deg)) g[k.toLowerCase()] = { lonSidDeg: v, latDeg: 0, speedDegPerDay: 1 };
  return { lagnaSidDeg: b.chart.ascendant_deg, grahas: g };
};
const KARAKA = { Atmakaraka: "atma", Amatyakaraka: "amatya", Bhratrikaraka: "bhratri", Matrikaraka: "matri", Pitrikaraka: "pitri", Putrakaraka: "putra", Gnatikaraka: "gnati", Darakaraka: "dara" } as Record<string, string>;

describe("Jaimini against PyJHora (pyjhora-wave3, 15 births)", () => {
  it("chara karakas: the 8-scheme equals PyJHora's, the 7-scheme the reference's derived one; the scheme is echoed", () => {
    for (const b of WAVE3.births) {
      const c = chartOf(b);
      for (const [scheme, key] of [[8, "chara_karakas_8_pyjhora"], [7, "chara_karakas_7_derived_not_pyjhora"]] as const) {
        const j = jaimini(c, scheme);
        expect(j.scheme).toBe(scheme);
        const mine = Object.fromEntries(j.charaKarakas.map((k) => [k.karaka, k.graha]));
        const ref = Object.fromEntries(Object.entries(b.jaimini[key]).map(([k, v]) => [KARAKA[k]!, lower(v as string)]));
        expect(mine, `${b.id} ${scheme}`).toEqual(ref);
      }
    }
  });

  it("arudha padas A1–A12 and the upapada equal PyJHora's sign method where the Scorpio/Aquarius lords chosen agree", () => {
    let compared = 0;
    for (const b of WAVE3.births) {
      const c = chartOf(b);
      const used = b.jaimini.sign_lords_used as Record<string, string>;
      const same = jaiminiLord(c, 8).graha === lower(used.Scorpio) && jaiminiLord(c, 11).graha === lower(used.Aquarius);
      if (!same) continue;
      const padas = arudhaPadas(c);
      for (const p of padas) expect(p.sign - 1, `${b.id} ${p.name}`).toBe(b.jaimini.arudha_padas_sign[p.name]);
      expect(jaimini(c).upapada.sign - 1).toBe(b.jaimini.upapada_sign);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });

  it("karakamsha: the 8-scheme atmakaraka's navamsha sign", () => {
    for (const b of WAVE3.births) {
      const j = jaimini(chartOf(b), 8);
      expect(j.karakamsha.atmakaraka).toBe(lower(b.jaimini.karakamsha_derived.atmakaraka));
      expect(j.karakamsha.sign - 1).toBe(b.jaimini.karakamsha_derived.navamsa_sign);
      expect(j.karakamsha.navamshaLagna - 1).toBe(b.jaimini.karakamsha_derived.d9_lagna_sign);
      expect(j.karakamsha.grahasInNavamsha).toContain(j.karakamsha.atmakaraka);
    }
  });

  it("the 1st/7th exceptions: a lord in the house itself puts the pada in the 10th; a lord in the 7th puts it in the 4th", () => {
    const g: any = {};
    for (const k of ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"]) g[k] = { lonSidDeg: 200, latDeg: 0, speedDegPerDay: 1 };
    g.mars = { lonSidDeg: 5, latDeg: 0, speedDegPerDay: 1 }; // Aries lagna, its lord Mars in Aries: counted pada = Aries itself
    g.venus = { lonSidDeg: 190, latDeg: 0, speedDegPerDay: 1 }; // Taurus (2nd) lord Venus in Libra (7th from Taurus is Scorpio): 6 from Taurus → 6 from Libra = Pisces
    const padas = arudhaPadas({ lagnaSidDeg: 1, grahas: g });
    expect(padas[0]).toMatchObject({ countedSign: 1, exception: "1st", sign: 10 });
    expect(padas[1]).toMatchObject({ lord: "venus", countedSign: 12, exception: null, sign: 12 });
    // Moon (Cancer lord) at 200° = Libra, 4th from Cancer → pada 4th from Libra = Capricorn, the 7th from Cancer → 4th from Cancer = Libra.
    expect(padas[3]).toMatchObject({ countedSign: 10, exception: "7th", sign: 7 });
  });
});
