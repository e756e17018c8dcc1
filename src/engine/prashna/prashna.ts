import { dignityOf } from "../chart/dignity.js";
import { houseFrom, type ChartInput } from "../chart/chart-input.js";
import { PRASHNA_SIGNIFICATORS, type PrashnaQuestionType } from "../tables/prashna.js";
import { RASHIS, norm360, rashiOf } from "../tables/rashis.js";
import { tajakaYogas, type TajakaYogaName } from "../tajaka/tajaka-yogas.js";
import { SAPTA_GRAHAS, type Graha, type SaptaGraha } from "../types.js";

export type Tendency = "favourable" | "mixed" | "unfavourable";

export interface MoonApplication {
  readonly planet: SaptaGraha;
  /** The exact aspect angle the Moon reaches next (0, 60, 90, 120, 180, 240, 270, 300). */
  readonly angle: number;
  /** Degrees of elongation still to go (the other planet's motion neglected). */
  readonly degreesToGo: number;
}

export interface PrashnaReading {
  readonly questionType: PrashnaQuestionType;
  readonly significantHouses: readonly number[];
  readonly karakas: readonly Graha[];
  readonly lagnaLord: Graha;
  readonly lagnaLordHouse: number;
  readonly karyaLord: Graha;
  readonly karyaLordHouse: number;
  readonly moonHouse: number;
  readonly moonWaxing: boolean;
  /** Ithasala (applying Tajaka aspect) between the lagna lord and the karya lord, or they are one planet. */
  readonly ithasala: boolean;
  readonly moonNextAspect: MoonApplication | null;
  readonly tendency: Tendency;
  readonly reasons: readonly string[];
}

const ASPECT_ANGLES = [0, 60, 90, 120, 180, 240, 270, 300];

/**
 * What each Tajaka yoga formed by the lagna lord and the karya lord (its first two planets) says
 * of the matter, as S. Adawal sums up Tajaka Neelakanthi's results ("Tajik Shastra and Annual
 * Horoscopy", ch. IV): through a third person (Nakta, Yamaya, Dutthotha-davira) or with the
 * Moon's or a strong planet's support (Kamboola, Gairi-Kamboola, Duhphali-kutta, Tambira, Kuttha)
 * it succeeds; spoilt by a malefic (Manahoo), unsupported by the Moon (Khallasara), refused
 * (Radda) or with both lords weak (Durudhura) it fails. Ithasala and Eesarpha are counted apart.
 */
const PRASHNA_YOGA_WEIGHT: Readonly<Partial<Record<TajakaYogaName, 1 | -1>>> = Object.freeze({
  Nakta: 1, Yamaya: 1, Kamboola: 1, "Gairi-Kamboola": 1, "Duhphali-kutta": 1, "Dutthotha-davira": 1, Tambira: 1, Kuttha: 1,
  Manahoo: -1, Khallasara: -1, Radda: -1, Durudhura: -1,
});
const DUSTHANAS = [6, 8, 12];
const GOOD_HOUSES = [1, 4, 5, 7, 9, 10, 11];

/** The Moon's next exact aspect to a planet among Sun…Saturn: the least elongation still to travel. */
export function moonNextAspect(lonSid: Readonly<Record<Graha, number>>): MoonApplication | null {
  let best: MoonApplication | null = null;
  for (const g of SAPTA_GRAHAS) {
    if (g === "moon") continue;
    const elong = norm360(lonSid.moon - lonSid[g]);
    for (const angle of ASPECT_ANGLES) {
      const toGo = norm360(angle - elong);
      if (toGo > 0 && (!best || toGo < best.degreesToGo)) best = { planet: g, angle, degreesToGo: toGo };
    }
  }
  return best;
}

/**
 * A horary (prashna) reading of the chart for the moment and place of the question, Tajaka style
 * (Prashna Tantra): the lagna lord stands for the querent and the karya bhava's lord for the matter;
 * an Ithasala between them, the other Tajaka yogas the two form (PRASHNA_YOGA_WEIGHT), their
 * placement in good houses or dusthanas, the Moon's house and paksha and the karakas' dignities
 * each count for or against. Tendency: the balance of those points,
 * favourable above +1, unfavourable below −1, mixed between. Every point is listed in `reasons`.
 */
export function prashnaReading(chart: ChartInput, questionType: PrashnaQuestionType): PrashnaReading {
  const lagna = rashiOf(chart.lagnaSidDeg);
  const sig = PRASHNA_SIGNIFICATORS[questionType];
  const houseOf = (g: Graha) => houseFrom(lagna, rashiOf(chart.grahas[g].lonSidDeg));
  const lordOfHouse = (h: number) => RASHIS[((lagna - 1 + h - 1) % 12)]!.lord;
  const lagnaLord = lordOfHouse(1);
  const karyaHouse = sig.houses[0]!;
  const karyaLord = questionType === "general" ? "moon" : lordOfHouse(karyaHouse);
  const lonSid = Object.fromEntries(Object.entries(chart.grahas).map(([g, p]) => [g, p.lonSidDeg])) as Record<Graha, number>;
  const reasons: string[] = [];
  let score = 0;
  const note = (delta: number, text: string) => {
    score += delta;
    reasons.push(`${delta > 0 ? "+" : delta < 0 ? "−" : "·"} ${text}`);
  };

  const place = (who: string, g: Graha) => {
    const h = houseOf(g);
    if (DUSTHANAS.includes(h)) note(-1, `${who} (${g}) in the ${h}th, a dusthana`);
    else if (GOOD_HOUSES.includes(h)) note(1, `${who} (${g}) in the ${h}${h === 1 ? "st" : "th"}, a kendra, trikona or the 11th`);
  };
  place("lagna lord", lagnaLord);
  if (karyaLord !== lagnaLord) place(`lord of the ${karyaHouse}${karyaHouse === 1 ? "st" : karyaHouse === 2 ? "nd" : karyaHouse === 3 ? "rd" : "th"} (karya)`, karyaLord);

  const sapta = (g: Graha): g is SaptaGraha => (SAPTA_GRAHAS as readonly string[]).includes(g);
  let ithasala = karyaLord === lagnaLord;
  if (ithasala) note(1, "the lagna lord is also the lord of the matter");
  else if (sapta(lagnaLord) && sapta(karyaLord)) {
    const lon = Object.fromEntries(SAPTA_GRAHAS.map((g) => [g, lonSid[g]])) as Record<SaptaGraha, number>;
    const speed = Object.fromEntries(SAPTA_GRAHAS.map((g) => [g, chart.grahas[g].speedDegPerDay])) as Record<SaptaGraha, number>;
    const ofTheLords = tajakaYogas(chart.lagnaSidDeg, lon, speed)
      .filter((y) => y.planets.slice(0, 2).includes(lagnaLord) && y.planets.slice(0, 2).includes(karyaLord));
    const pair = ofTheLords.find((y) => y.name === "Ithasala" || y.name === "Eesarpha");
    if (pair?.name === "Ithasala") {
      ithasala = true;
      note(2, `Ithasala: ${pair.description}`);
    } else if (pair?.name === "Eesarpha") note(-1, `Eesarpha (separating): ${pair.description}`);
    else reasons.push("· no Ithasala between the lagna lord and the lord of the matter");
    for (const y of ofTheLords) {
      const w = PRASHNA_YOGA_WEIGHT[y.name];
      if (w) note(w, `${y.name}: ${y.description}`);
    }
  }

  const moonHouse = houseOf("moon");
  const moonWaxing = norm360(lonSid.moon - lonSid.sun) < 180;
  note(moonWaxing ? 1 : -1, `the Moon ${moonWaxing ? "waxing" : "waning"}`);
  if (DUSTHANAS.includes(moonHouse)) note(-1, `the Moon in the ${moonHouse}th, a dusthana`);

  for (const k of sig.karakas) {
    const d = dignityOf(chart, k);
    if (d === "exalted" || d === "own" || d === "moolatrikona") note(1, `karaka ${k} ${d}`);
    else if (d === "debilitated") note(-1, `karaka ${k} debilitated`);
  }
  const next = moonNextAspect(lonSid);
  if (next) reasons.push(`· the Moon next reaches ${next.angle}° from ${next.planet} in ${next.degreesToGo.toFixed(2)}°`);

  const tendency: Tendency = score > 1 ? "favourable" : score < -1 ? "unfavourable" : "mixed";
  return {
    questionType, significantHouses: [...sig.houses], karakas: [...sig.karakas], lagnaLord, lagnaLordHouse: houseOf(lagnaLord),
    karyaLord, karyaLordHouse: houseOf(karyaLord), moonHouse, moonWaxing, ithasala, moonNextAspect: next, tendency, reasons,
  };
}
