import { FESTIVAL_NAMES } from "./festival-names.js";
import { KOOTS, PORUTHAM_TITLES } from "./tables/koots.js";
import { DEITIES, GEMSTONES } from "./tables/gemstones.js";
import { PAKSHI_ACTIVITIES, PAKSHI_BIRDS } from "./tables/pancha-pakshi.js";
import { EVENT_TYPE_TITLES, UPAGRAHAS } from "./tables/event-types.js";
import { CHART_YOGAS, DOSHAS, KALSARPA_TYPES, TAJAKA_YOGAS } from "./tables/chart-yogas.js";
import { AYANAS } from "./tables/ayanas.js";
import { CHOGHADIYAS } from "./tables/choghadiyas.js";
import { GRAHAS } from "./tables/grahas.js";
import { KARANAS } from "./tables/karanas.js";
import { MASAS } from "./tables/masas.js";
import { NAKSHATRAS } from "./tables/nakshatras.js";
import { PAKSHAS } from "./tables/pakshas.js";
import { RASHIS } from "./tables/rashis.js";
import { RITUS } from "./tables/ritus.js";
import { SAMVATSARAS } from "./tables/samvatsaras.js";
import { TITHIS } from "./tables/tithis.js";
import { VARAS } from "./tables/varas.js";
import { VARGAS } from "./tables/vargas.js";
import { YOGAS } from "./tables/yogas.js";
import type { VocabularyTable } from "./vocabulary.js";

/** Every vocabulary the service translates (one table each, a column per language). */
export const VOCABULARIES = Object.freeze({
  grahas: GRAHAS, rashis: RASHIS, nakshatras: NAKSHATRAS, tithis: TITHIS, pakshas: PAKSHAS, yogas: YOGAS,
  karanas: KARANAS, varas: VARAS, masas: MASAS, samvatsaras: SAMVATSARAS, ritus: RITUS, ayanas: AYANAS,
  choghadiyas: CHOGHADIYAS, vargas: VARGAS, festivals: FESTIVAL_NAMES,
  chart_yogas: CHART_YOGAS, doshas: DOSHAS, kalsarpa_types: KALSARPA_TYPES, tajaka_yogas: TAJAKA_YOGAS,
  koots: KOOTS, poruthams: PORUTHAM_TITLES, event_types: EVENT_TYPE_TITLES, upagrahas: UPAGRAHAS, gemstones: GEMSTONES, deities: DEITIES,
  pakshi_birds: PAKSHI_BIRDS, pakshi_activities: PAKSHI_ACTIVITIES,
} satisfies Record<string, VocabularyTable>);
export type VocabularyName = keyof typeof VOCABULARIES;
