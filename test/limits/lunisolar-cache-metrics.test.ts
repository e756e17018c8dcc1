import { describe, expect, it } from "vitest";
import { lunisolarCacheStats, MAX_CHUNKS } from "../../src/engine/panchanga/lunisolar-chunks.js";
import { panchangaForDate } from "../../src/engine/panchanga/panchanga-day.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";
import { render } from "../../src/server/metrics/service-metrics.js";

const gauge = (text: string, name: string) => Number(new RegExp(`^${name}\\{cache="lunisolar_chunks"\\} (\\S+)$`, "m").exec(text)?.[1]);

describe("the process-wide Sun/Moon chunk cache on /metrics", () => {
  it("reports its entries, memory, hits and misses, and the hits grow when another place asks for the same days", () => {
    panchangaForDate(2460676.27, { latDeg: 28.6139, lonDeg: 77.209 }, DEFAULT_CONVENTIONS);
    const before = render();
    expect(gauge(before, "engine_cache_entries")).toBeGreaterThan(0);
    expect(gauge(before, "engine_cache_bytes")).toBe(lunisolarCacheStats().bytes);
    const misses = gauge(before, "engine_cache_misses");
    const hits = gauge(before, "engine_cache_hits");
    // London, the same UT days: every chunk is already fitted.
    panchangaForDate(2460676.5, { latDeg: 51.5074, lonDeg: -0.1278 }, DEFAULT_CONVENTIONS);
    const after = render();
    expect(gauge(after, "engine_cache_misses")).toBe(misses);
    expect(gauge(after, "engine_cache_hits")).toBeGreaterThan(hits);
  });

  it("is bounded", () => {
    expect(lunisolarCacheStats().maxEntries).toBe(MAX_CHUNKS);
    expect(MAX_CHUNKS * (lunisolarCacheStats().bytes / Math.max(1, lunisolarCacheStats().entries))).toBeLessThan(8 * 2 ** 20);
  });
});
