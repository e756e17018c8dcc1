/**
 * Dashakoot: the ten South Indian kootas (the poruthams of tables/porutham.ts) scored in points
 * out of 36, as data. The points are read from each porutham's own grade — uttama the koota's
 * full points, madhyama half, adhama none — so the dashakoot never judges a koota differently
 * from the porutham answer.
 *
 * Where the koota is one of the Ashtakoota's, it keeps the Ashtakoota's units (Muhurta
 * Chintamani 6 as B.V. Raman tabulates them in "Muhurtha", the table of tables/ashtakoota.ts,
 * written once): Dina = Tara 3, Gana 6, Yoni 4, Rasi = Bhakoot 7, Rasyadhipati = Graha Maitri 5,
 * Vasya = Vashya 2 — 27 points. Raman gives the four South-only kootas no units; their points
 * follow the matching services that print them: Mahendra 2 and Vedha 1 (AstroWay's published
 * dashakoota), Stree Deergha 1 (Asterwise's 38-point dashakoot, where Mahendra and Stree Deergha
 * add 2 to the Ashtakoota's 36: one each), and Rajju the 5 left of 36 (this service's choice).
 * docs/matching.md tabulates the other printed weights.
 */
import { KOOTA_MAX } from "./ashtakoota.js";
import type { PoruthamName } from "./porutham.js";

export const DASHAKOOT_MAX_POINTS: Readonly<Record<PoruthamName, number>> = Object.freeze({
  dina: KOOTA_MAX.tara,
  gana: KOOTA_MAX.gana,
  mahendra: 2,
  stree_deergha: 1,
  yoni: KOOTA_MAX.yoni,
  rasi: KOOTA_MAX.bhakoot,
  rasyadhipati: KOOTA_MAX.graha_maitri,
  vasya: KOOTA_MAX.vashya,
  rajju: 5,
  vedha: 1,
});

/** Where each koota's points come from (echoed in the answer). */
export const DASHAKOOT_POINT_SOURCE: Readonly<Record<PoruthamName, string>> = Object.freeze({
  dina: "Ashtakoota Tara units (Muhurta Chintamani 6; B.V. Raman, Muhurtha)",
  gana: "Ashtakoota Gana units (Muhurta Chintamani 6; B.V. Raman, Muhurtha)",
  mahendra: "AstroWay dashakoota (Mahendra 2)",
  stree_deergha: "Asterwise dashakoot (Mahendra and Stree Deergha add 2 to 36: 1 each)",
  yoni: "Ashtakoota Yoni units (Muhurta Chintamani 6; B.V. Raman, Muhurtha)",
  rasi: "Ashtakoota Bhakoot units (Muhurta Chintamani 6; B.V. Raman, Muhurtha)",
  rasyadhipati: "Ashtakoota Graha Maitri units (Muhurta Chintamani 6; B.V. Raman, Muhurtha)",
  vasya: "Ashtakoota Vashya units (Muhurta Chintamani 6; B.V. Raman, Muhurtha)",
  rajju: "the points left of 36 (this service's choice; no printed table could be checked)",
  vedha: "AstroWay dashakoota (Vedha 1)",
});

export const DASHAKOOT_MAX_TOTAL = 36;

/** The share of a koota's points each porutham grade earns. */
export const DASHAKOOT_GRADE_SHARE = Object.freeze({ uttama: 1, madhyama: 0.5, adhama: 0 });

/** Half the points, the usual minimum of a 36-point match (as in the Ashtakoota's 18). */
export const DASHAKOOT_MINIMUM = 18;
