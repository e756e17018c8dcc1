import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { festivals } from "../../../src/engine/calendar/calendar.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

const fixture = JSON.parse(readFileSync(new URL("../../fixtures/drik-festivals-2024.json", import.meta.url), "utf8")) as {
  "2024": Record<string, { date: string; confidence: string }>;
};
/** Fixture names → this calendar's names. */
const ALIAS: Record<string, string> = {
  "Chaitra Navaratri start": "Chaitra Navaratri (Ghatasthapana)",
  "Sharad Navaratri start (Ghatasthapana)": "Sharad Navaratri (Ghatasthapana)",
  "Chhath (Sandhya Arghya)": "Chhath Puja (Sandhya Arghya)",
};
const delhi = { latDeg: 28.6139, lonDeg: 77.209 };
const ist = localCalendarOf(clockFromTz("tz", "Asia/Kolkata"));

describe("festivals 2024, New Delhi, against Drik Panchang (test/fixtures/drik-festivals-2024.json)", () => {
  const year = festivals({ year: 2024, month: null, place: delhi, conv: DEFAULT_CONVENTIONS, local: ist });
  const cases = Object.entries(fixture["2024"]).filter(([, v]) => /^(high|medium)/.test(v.confidence));
  it("covers every high/medium entry (22)", () => expect(cases.length).toBe(22));
  it.each(cases)("%s", (name, v) => {
    const mine = year.filter((e) => e.name === (ALIAS[name] ?? name)).map((e) => e.date);
    expect(mine).toEqual([v.date]);
  });
});
