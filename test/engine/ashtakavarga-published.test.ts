import { describe, expect, it } from "vitest";
import { ashtakavarga } from "../../src/engine/strength/ashtakavarga.js";
import { chartOf } from "./chart-helpers.js";

const SIGNS = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"];
const signsWithBindu = (row: readonly number[]) => SIGNS.filter((_, i) => row[i] === 1);

/**
 * The Sun's prastharashtakavarga rows in the worked example of the-tarot.com, "Building the
 * Ashtakavarga Chart: A Practical Guide Using the Sun" (Scorpio lagna, Sun in Aries, Mars in
 * Leo, Mercury in Pisces): the Sun's own row and Mars's row, sign by sign.
 */
describe("the Sun's ashtakavarga against a published worked example", () => {
  // Scorpio lagna; Sun in Aries; Moon and Mars in Leo; Mercury in Pisces (the rest as the helper places them).
  const chart = chartOf(7 * 30 + 10, { sun: 10, moon: 4 * 30 + 5, mars: 4 * 30 + 12, mercury: 11 * 30 + 8 });
  const sun = ashtakavarga(chart).bhinna.find((b) => b.graha === "sun")!;

  it("the Sun in Aries gives its bindus in Aries, Taurus, Cancer, Libra, Scorpio, Sagittarius, Capricorn and Aquarius", () => {
    expect(signsWithBindu(sun.contributions.sun)).toEqual(
      ["Aries", "Taurus", "Cancer", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius"]);
  });

  it("Mars in Leo gives the Sun bindus in Leo, Virgo, Scorpio, Aquarius, Pisces, Aries, Taurus and Gemini", () => {
    expect(new Set(signsWithBindu(sun.contributions.mars))).toEqual(
      new Set(["Leo", "Virgo", "Scorpio", "Aquarius", "Pisces", "Aries", "Taurus", "Gemini"]));
  });

  it("the Sun's bhinnashtakavarga still totals 48", () => {
    expect(sun.total).toBe(48);
  });
});
