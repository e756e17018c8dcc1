import { readFileSync } from "node:fs";

/** test/fixtures/pyjhora-wave3-dashas.json (provenance in test/fixtures/README.md). */
export const WAVE3 = JSON.parse(readFileSync(new URL("../../fixtures/pyjhora-wave3-dashas.json", import.meta.url), "utf8")) as {
  births: any[];
  bala: any[];
  saturn: { all_crossings_independent: { jd_ut: number; from_sign: number; to_sign: number; direction: string; utc: string }[] };
};
/** The year the reference ran every dasha with (conventions.dasha_year). */
export const REF_YEAR_DAYS = 365.256364;
export const lower = (s: string): string => s.toLowerCase();
