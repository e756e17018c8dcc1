import { describe, expect, it } from "vitest";
import { escapeText, foldLine, renderIcs, utcStamp } from "../../src/feeds/ics.js";
import { IcsError, parseIcs, prop, text, timeValue } from "../helpers/ics-parser.js";

const cal = (events: Parameters<typeof renderIcs>[0]["events"]) => renderIcs({
  prodId: "-//test//feeds//EN", name: "Test, with; commas", timeZone: "Asia/Kolkata", stampMs: Date.UTC(2025, 0, 2, 3, 4, 5), refresh: "PT12H", events,
});

describe("the iCalendar writer (RFC 5545)", () => {
  it("escapes TEXT (§3.3.11) and the strict reader gives the text back", () => {
    const summary = "Holi; Dhulandi, the day after \\ Holika\nDahan";
    expect(escapeText(summary)).toBe("Holi\\; Dhulandi\\, the day after \\\\ Holika\\nDahan");
    const p = parseIcs(cal([{ uid: "a@x", kind: "day", date: "2025-03-14", summary }]));
    expect(text(p.events[0]!, "SUMMARY")).toBe(summary);
    expect(text(p.calendar, "X-WR-CALNAME")).toBe("Test, with; commas");
  });

  it("folds at 75 octets without splitting a UTF-8 sequence (§3.1), and unfolds to the same text", () => {
    const long = "नवरात्रि ".repeat(30) + "end";
    const folded = foldLine(`SUMMARY:${long}`);
    for (const l of folded.split("\r\n")) expect(Buffer.byteLength(l, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.split("\r\n").slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.includes("\uFFFD")).toBe(false);
    expect(folded.split("\r\n").map((l, i) => (i ? l.slice(1) : l)).join("")).toBe(`SUMMARY:${long}`);
    const p = parseIcs(cal([{ uid: "b@x", kind: "day", date: "2025-01-01", summary: long }]));
    expect(text(p.events[0]!, "SUMMARY")).toBe(long);
  });

  it("writes all-day events as DATE with DTEND the day after the last day, windows as UTC DATE-TIME", () => {
    const p = parseIcs(cal([
      { uid: "n@x", kind: "day", date: "2025-09-22", endDate: "2025-10-01", summary: "Sharad Navaratri" },
      { uid: "p@x", kind: "window", startMs: Date.UTC(2025, 10, 2, 7, 41), endMs: Date.UTC(2025, 10, 2, 9, 53), summary: "Parana" },
    ]));
    const [span, win] = p.events;
    expect(prop(span!, "DTSTART")!.raw).toBe("20250922");
    expect(prop(span!, "DTEND")!.raw).toBe("20251002");
    expect(timeValue(prop(win!, "DTSTART")!)).toEqual({ kind: "date-time", ms: Date.UTC(2025, 10, 2, 7, 41), utc: true });
    expect(prop(win!, "DTSTAMP")!.raw).toBe(utcStamp(Date.UTC(2025, 0, 2, 3, 4, 5)));
    expect(prop(win!, "DTSTAMP")!.raw).toBe("20250102T030405Z");
  });
});

describe("the test's reader is strict", () => {
  const good = cal([{ uid: "a@x", kind: "day", date: "2025-03-14", summary: "Holi" }]);
  it.each([
    ["a bare LF", good.replace("\r\nSUMMARY", "\nSUMMARY")],
    ["an unescaped comma in TEXT", good.replace("SUMMARY:Holi", "SUMMARY:Holi, Dhulandi")],
    ["a line over 75 octets", good.replace("SUMMARY:Holi", `SUMMARY:${"x".repeat(80)}`)],
    ["a duplicate UID", good.replace("END:VCALENDAR", "BEGIN:VEVENT\r\nUID:a@x\r\nDTSTAMP:20250101T000000Z\r\nDTSTART;VALUE=DATE:20250101\r\nEND:VEVENT\r\nEND:VCALENDAR")],
    ["DTEND before DTSTART", good.replace("DTEND;VALUE=DATE:20250315", "DTEND;VALUE=DATE:20250313")],
    ["an invalid date", good.replace("DTSTART;VALUE=DATE:20250314", "DTSTART;VALUE=DATE:20250230")],
    ["no DTSTAMP", good.replace(/DTSTAMP:[^\r]*\r\n/, "")],
    ["an unclosed VEVENT", good.replace("END:VEVENT\r\n", "")],
  ])("refuses %s", (_what, bad) => {
    expect(() => parseIcs(good)).not.toThrow();
    expect(() => parseIcs(bad)).toThrow(IcsError);
  });
});
