import type { Graha } from "../types.js";

/** Display names of the nine grahas (English and Sanskrit). */
export const GRAHA_NAMES: Readonly<Record<Graha, { readonly english: string; readonly sanskrit: string }>> =
  Object.freeze({
    sun: { english: "Sun", sanskrit: "Surya" },
    moon: { english: "Moon", sanskrit: "Chandra" },
    mars: { english: "Mars", sanskrit: "Mangala" },
    mercury: { english: "Mercury", sanskrit: "Budha" },
    jupiter: { english: "Jupiter", sanskrit: "Guru" },
    venus: { english: "Venus", sanskrit: "Shukra" },
    saturn: { english: "Saturn", sanskrit: "Shani" },
    rahu: { english: "Rahu", sanskrit: "Rahu" },
    ketu: { english: "Ketu", sanskrit: "Ketu" },
  });
