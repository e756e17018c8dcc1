import { separationDeg } from "../chart/dignity.js";
import { NAISARGIKA_BALA, REQUIRED_RUPAS } from "../tables/shadbala.js";
import { SAPTA_GRAHAS, type SaptaGraha } from "../types.js";
import { cheshtaBala } from "./cheshta-bala.js";
import { digBala } from "./dig-bala.js";
import { drikBala } from "./drik-bala.js";
import { kalaBalaParts, kalaLords, type KalaBalaParts, type KalaLords } from "./kala-bala.js";
import type { ShadbalaInput, ShadbalaOptions, SunMoonCheshta } from "./shadbala-input.js";
import { sthanaBala, type SthanaBala } from "./sthana-bala.js";

export interface KalaBala extends KalaBalaParts {
  /** Planetary war: only between Mars … Saturn within 1° of longitude. */
  readonly yuddha: number;
  readonly total: number;
}

/** One graha's shadbala; every bala in virupas (60 = 1 rupa). */
export interface GrahaShadbala {
  readonly graha: SaptaGraha;
  readonly sthana: SthanaBala;
  readonly dig: number;
  readonly kala: KalaBala;
  /** As counted in the total (Sun and Moon: see `sunMoonCheshta`). */
  readonly cheshta: number;
  readonly naisargika: number;
  readonly drik: number;
  readonly totalVirupas: number;
  readonly totalRupas: number;
  readonly requiredRupas: number;
  /** totalRupas / requiredRupas; ≥ 1 is strong. */
  readonly strengthRatio: number;
  readonly meetsRequired: boolean;
  /** 1 = the highest strength ratio. */
  readonly rank: number;
  /** √(uchcha · cheshta), virupas (BPHS ch. 27). */
  readonly ishtaPhala: number;
  /** √((60 − uchcha)(60 − cheshta)), virupas. */
  readonly kashtaPhala: number;
}

export interface Shadbala {
  readonly grahas: readonly GrahaShadbala[];
  readonly lords: KalaLords;
  readonly sunMoonCheshta: SunMoonCheshta;
  /** Whether the day came from real sunrise/sunset or the polar stand-in (shadbala-input.ts). */
  readonly daySource: "sunrise" | "local_mean_time";
}

const WARRIORS = ["mars", "mercury", "jupiter", "venus", "saturn"] as const;

/**
 * Shadbala of Sun … Saturn (BPHS ch. 27; B.V. Raman, "Graha and Bhava Balas"). Each bala lives in
 * its own module; this assembles them, applies planetary war, and ranks by strength ratio.
 */
export function shadbala(input: ShadbalaInput, options: ShadbalaOptions = {}): Shadbala {
  const sunMoonCheshta = options.sunMoonCheshta ?? "raman";
  const chart = input.chart;
  const lords = kalaLords(input);
  const parts = SAPTA_GRAHAS.map((g) => {
    const lon = chart.grahas[g].lonSidDeg;
    const sthana = sthanaBala(chart, g);
    const dig = digBala(g, lon, chart.lagnaSidDeg, input.mcSidDeg);
    const kala = kalaBalaParts(input, g, lords);
    // Sun and Moon: their cheshta is their ayana and paksha bala (BPHS ch. 27).
    const ruleCheshta =
      g === "sun" ? kala.ayana : g === "moon" ? kala.paksha : cheshtaBala(g, lon + input.ayanamshaDeg, input.jdTt);
    const cheshta = (g === "sun" || g === "moon") && sunMoonCheshta === "raman" ? 0 : ruleCheshta;
    const kalaSum = kala.nathonnatha + kala.paksha + kala.tribhaga + kala.abda + kala.masa + kala.vara + kala.hora + kala.ayana;
    return { g, sthana, dig, kala, kalaSum, ruleCheshta, cheshta, naisargika: NAISARGIKA_BALA[g], drik: drikBala(chart, g) };
  });

  // Yuddha (BPHS ch. 27): two of Mars … Saturn within 1°: the difference of their sthana + dig + kala
  // totals goes to the stronger and is taken from the weaker.
  const yuddha = new Map<SaptaGraha, number>();
  for (let i = 0; i < WARRIORS.length; i++) {
    for (let j = i + 1; j < WARRIORS.length; j++) {
      const a = parts.find((p) => p.g === WARRIORS[i])!;
      const b = parts.find((p) => p.g === WARRIORS[j])!;
      if (separationDeg(chart.grahas[a.g].lonSidDeg, chart.grahas[b.g].lonSidDeg) >= 1) continue;
      const diff = a.sthana.total + a.dig + a.kalaSum - (b.sthana.total + b.dig + b.kalaSum);
      yuddha.set(a.g, (yuddha.get(a.g) ?? 0) + diff);
      yuddha.set(b.g, (yuddha.get(b.g) ?? 0) - diff);
    }
  }

  const rows = parts.map((p) => {
    const y = yuddha.get(p.g) ?? 0;
    const kala: KalaBala = { ...p.kala, yuddha: y, total: p.kalaSum + y };
    const totalVirupas = p.sthana.total + p.dig + kala.total + p.cheshta + p.naisargika + p.drik;
    const totalRupas = totalVirupas / 60;
    const requiredRupas = REQUIRED_RUPAS[p.g];
    // The rule cheshta of the Sun and Moon (ayana, doubled paksha) can exceed 60; phala takes it at most 60.
    const c = Math.min(60, p.ruleCheshta);
    const u = p.sthana.uchcha;
    return {
      graha: p.g, sthana: p.sthana, dig: p.dig, kala, cheshta: p.cheshta, naisargika: p.naisargika, drik: p.drik,
      totalVirupas, totalRupas, requiredRupas, strengthRatio: totalRupas / requiredRupas, meetsRequired: totalRupas >= requiredRupas,
      rank: 0, ishtaPhala: Math.sqrt(u * c), kashtaPhala: Math.sqrt((60 - u) * (60 - c)),
    };
  });
  const order = [...rows].sort((a, b) => b.strengthRatio - a.strengthRatio);
  const grahas = rows.map((r) => ({ ...r, rank: order.indexOf(r) + 1 }));
  return { grahas, lords, sunMoonCheshta, daySource: input.day.source };
}
