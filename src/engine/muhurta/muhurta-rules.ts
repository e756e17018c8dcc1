import { EngineInputError } from "../errors.js";

/**
 * Favourable tithi, nakshatra, yoga and vara sets per event type.
 *
 * Source: Muhurta Chintamani (Daivajna Rama, 1600 CE; tr. B. V. Raman, "Muhurtha", and
 * the Chaukhamba edition). Its nakshatra classes (ch. 2, nakshatra prakarana) underlie most
 * of the sets below:
 *   dhruva/sthira (fixed): Rohini, Uttara Phalguni, Uttara Ashadha, Uttara Bhadrapada;
 *   chara (movable): Punarvasu, Swati, Shravana, Dhanishta, Shatabhisha;
 *   kshipra/laghu (swift): Ashwini, Pushya, Hasta;
 *   mridu/maitra (soft): Mrigashira, Chitra, Anuradha, Revati.
 * Tithis: the Rikta tithis (4, 9, 14 of either paksha) and Amavasya are avoided for every
 * auspicious act (ch. 1); Ashtami and Shashthi are avoided for samskaras. Yogas: the nine
 * inauspicious nitya yogas are avoided (tables/yogas.ts). Varas: Monday, Wednesday, Thursday
 * and Friday are the saumya (benefic) days.
 * Per-type nakshatra lists follow the chapters named on each entry. Numbers: tithi 1..30
 * (Krishna paksha 16..30), nakshatra 1..27, vara 1..7 with Sunday = 1.
 */
export const MUHURTA_TYPES = [
  "general", "marriage", "griha_pravesha", "vehicle_purchase", "business_start", "travel",
  "education_start", "property_purchase", "namakarana", "mundan",
] as const;
export type MuhurtaType = (typeof MUHURTA_TYPES)[number];

export interface MuhurtaRule {
  readonly type: MuhurtaType;
  /** Where the lists come from. */
  readonly source: string;
  readonly tithis: ReadonlySet<number>;
  readonly nakshatras: ReadonlySet<number>;
  readonly yogas: ReadonlySet<number>;
  readonly varas: ReadonlySet<number>;
}

// Nakshatra numbers by class (1 = Ashwini … 27 = Revati).
const DHRUVA = [4, 12, 21, 26];
const CHARA = [7, 15, 22, 23, 24];
const KSHIPRA = [1, 8, 13];
const MRIDU = [5, 14, 17, 27];

/** Shukla 2,3,5,7,10,11,12,13 and Purnima; Krishna 1,2,3,5 (the Moon still bright). */
const SHUBHA_TITHIS = [2, 3, 5, 7, 10, 11, 12, 13, 15, 16, 17, 18, 20];
/** For samskaras (marriage, naming, tonsure): Shukla 2,3,5,7,10,11,13; Krishna 1,2,3,5. */
const SAMSKARA_TITHIS = [2, 3, 5, 7, 10, 11, 13, 16, 17, 18, 20];
/** Yogas other than Vishkumbha, Atiganda, Shula, Ganda, Vyaghata, Vajra, Vyatipata, Parigha, Vaidhriti. */
const SHUBHA_YOGAS = [2, 3, 4, 5, 7, 8, 11, 12, 14, 16, 18, 20, 21, 22, 23, 24, 25, 26];
const SAUMYA_VARAS = [2, 4, 5, 6];

const rule = (
  type: MuhurtaType,
  source: string,
  tithis: number[],
  nakshatras: number[],
  varas: number[],
  yogas: number[] = SHUBHA_YOGAS,
): MuhurtaRule =>
  Object.freeze({ type, source, tithis: new Set(tithis), nakshatras: new Set(nakshatras), yogas: new Set(yogas), varas: new Set(varas) });

export const MUHURTA_RULES: Readonly<Record<MuhurtaType, MuhurtaRule>> = Object.freeze({
  general: rule("general", "Muhurta Chintamani ch. 1–2: shubha tithis, dhruva/chara/kshipra/mridu nakshatras, saumya varas",
    SHUBHA_TITHIS, [...DHRUVA, ...CHARA, ...KSHIPRA, ...MRIDU], SAUMYA_VARAS),
  marriage: rule("marriage", "Muhurta Chintamani ch. 6 (vivaha prakarana): Rohini, Mrigashira, Magha, Uttara Phalguni, Hasta, Swati, Anuradha, Mula, Uttara Ashadha, Uttara Bhadrapada, Revati",
    SAMSKARA_TITHIS, [4, 5, 10, 12, 13, 15, 17, 19, 21, 26, 27], SAUMYA_VARAS),
  griha_pravesha: rule("griha_pravesha", "Muhurta Chintamani ch. 12 (griha pravesha): dhruva and mridu nakshatras with Dhanishta and Shatabhisha",
    SHUBHA_TITHIS, [...DHRUVA, ...MRIDU, 23, 24], [2, 4, 5, 6, 7]),
  vehicle_purchase: rule("vehicle_purchase", "Muhurta Chintamani ch. 2 (chara and kshipra nakshatras for vehicles and journeys) with the mridu nakshatras",
    SHUBHA_TITHIS, [...CHARA, ...KSHIPRA, ...MRIDU], SAUMYA_VARAS),
  business_start: rule("business_start", "Muhurta Chintamani ch. 2 (kshipra nakshatras for trade, dhruva for lasting undertakings) with the mridu nakshatras",
    SHUBHA_TITHIS, [...KSHIPRA, ...DHRUVA, ...MRIDU], SAUMYA_VARAS),
  travel: rule("travel", "Muhurta Chintamani ch. 11 (yatra prakarana): Ashwini, Mrigashira, Punarvasu, Pushya, Hasta, Anuradha, Shravana, Dhanishta, Revati",
    [2, 3, 5, 7, 10, 11, 12, 13, 16, 17, 18, 20, 22], [1, 5, 7, 8, 13, 17, 22, 23, 27], SAUMYA_VARAS),
  education_start: rule("education_start", "Muhurta Chintamani ch. 5 (vidyarambha): Ashwini, Mrigashira, Ardra, Punarvasu, Pushya, Purva Phalguni, Hasta, Chitra, Swati, Mula, Purva Ashadha, Shravana, Dhanishta, Shatabhisha, Purva Bhadrapada, Revati",
    [2, 3, 5, 7, 10, 11, 12, 13, 17, 18, 20], [1, 5, 6, 7, 8, 11, 13, 14, 15, 19, 20, 22, 23, 24, 25, 27], [1, 4, 5, 6]),
  property_purchase: rule("property_purchase", "Muhurta Chintamani ch. 2 (dhruva nakshatras for permanent acquisitions) with the mridu nakshatras and Punarvasu",
    SHUBHA_TITHIS, [...DHRUVA, ...MRIDU, 7], [2, 4, 5, 6]),
  namakarana: rule("namakarana", "Muhurta Chintamani ch. 5 (namakarana): dhruva, chara, kshipra and mridu nakshatras",
    SAMSKARA_TITHIS, [...DHRUVA, ...CHARA, ...KSHIPRA, ...MRIDU], SAUMYA_VARAS),
  mundan: rule("mundan", "Muhurta Chintamani ch. 5 (chaula): Ashwini, Mrigashira, Punarvasu, Pushya, Hasta, Chitra, Swati, Jyeshtha, Shravana, Dhanishta, Shatabhisha, Revati",
    SAMSKARA_TITHIS, [1, 5, 7, 8, 13, 14, 15, 18, 22, 23, 24, 27], SAUMYA_VARAS),
});

/** The rule of a type name; unknown names are refused with the accepted list. */
export function muhurtaRule(type: string | undefined): MuhurtaRule {
  const t = (type ?? "general").trim().toLowerCase();
  if (!(MUHURTA_TYPES as readonly string[]).includes(t)) {
    throw new EngineInputError(`unknown muhurta type "${type}"; accepted: ${MUHURTA_TYPES.join(", ")}`, "type");
  }
  return MUHURTA_RULES[t as MuhurtaType];
}
