import { describe, expect, it } from "vitest";
import {
  compoundRelation,
  debilitationSign,
  dignityOf,
  exaltationSign,
  isCombust,
  moolatrikona,
  naturalRelation,
  ownSigns,
  temporalRelation,
} from "../../src/engine/chart/dignity.js";
import { at, chartOf } from "./chart-helpers.js";

describe("dignity tables (BPHS ch. 3)", () => {
  it("exaltation and debilitation signs are seventh from each other", () => {
    expect(exaltationSign("sun")).toBe(1);
    expect(debilitationSign("sun")).toBe(7);
    expect(exaltationSign("saturn")).toBe(7);
    expect(debilitationSign("saturn")).toBe(1);
    expect(debilitationSign("jupiter")).toBe(10);
    expect(debilitationSign("venus")).toBe(6);
  });
  it("moolatrikona spans and own signs", () => {
    expect(moolatrikona("sun")).toEqual({ rashi: 5, fromDeg: 0, toDeg: 20 });
    expect(moolatrikona("mercury")).toEqual({ rashi: 6, fromDeg: 15, toDeg: 20 });
    expect(ownSigns("saturn")).toEqual([10, 11]);
  });
  it("natural relations are not symmetric", () => {
    expect(naturalRelation("moon", "mars")).toBe("neutral");
    expect(naturalRelation("mars", "moon")).toBe("friend");
    expect(naturalRelation("sun", "saturn")).toBe("enemy");
    expect(naturalRelation("mercury", "moon")).toBe("enemy");
    expect(naturalRelation("jupiter", "saturn")).toBe("neutral");
  });
});

describe("compound five-fold relationship", () => {
  it("2,3,4,10,11,12 from a graha are temporal friends", () => {
    for (const [h, rel] of [[1, "enemy"], [2, "friend"], [4, "friend"], [5, "enemy"], [7, "enemy"], [9, "enemy"], [10, "friend"], [12, "friend"]] as const) {
      const c = chartOf(0, { sun: at(1), moon: at(h) });
      expect(temporalRelation(c, "sun", "moon")).toBe(rel);
    }
  });
  it("natural friend + temporal friend = great friend; enemy + enemy = great enemy; enemy + friend = neutral", () => {
    expect(compoundRelation(chartOf(0, { sun: at(1), moon: at(2) }), "sun", "moon")).toBe("great_friend");
    expect(compoundRelation(chartOf(0, { sun: at(1), saturn: at(5) }), "sun", "saturn")).toBe("great_enemy");
    expect(compoundRelation(chartOf(0, { sun: at(1), saturn: at(11) }), "sun", "saturn")).toBe("neutral");
    expect(compoundRelation(chartOf(0, { sun: at(1), mercury: at(12) }), "sun", "mercury")).toBe("friend");
    expect(compoundRelation(chartOf(0, { sun: at(1), mercury: at(1) }), "sun", "mercury")).toBe("enemy");
  });
});

describe("dignityOf", () => {
  it("exalted, debilitated, moolatrikona, own", () => {
    expect(dignityOf(chartOf(0, { sun: at(1, 5) }), "sun")).toBe("exalted");
    expect(dignityOf(chartOf(0, { sun: at(7, 5) }), "sun")).toBe("debilitated");
    expect(dignityOf(chartOf(0, { sun: at(5, 10) }), "sun")).toBe("moolatrikona");
    expect(dignityOf(chartOf(0, { sun: at(5, 25) }), "sun")).toBe("own");
    expect(dignityOf(chartOf(0, { saturn: at(10, 1) }), "saturn")).toBe("own");
  });
  it("the Moon in Taurus is exalted to 3°, moolatrikona after; Mercury in Virgo splits 15/20°", () => {
    expect(dignityOf(chartOf(0, { moon: at(2, 2) }), "moon")).toBe("exalted");
    expect(dignityOf(chartOf(0, { moon: at(2, 10) }), "moon")).toBe("moolatrikona");
    expect(dignityOf(chartOf(0, { mercury: at(6, 10), sun: at(6, 1) }), "mercury")).toBe("exalted");
    expect(dignityOf(chartOf(0, { mercury: at(6, 17), sun: at(6, 1) }), "mercury")).toBe("moolatrikona");
    expect(dignityOf(chartOf(0, { mercury: at(6, 25), sun: at(6, 1) }), "mercury")).toBe("own");
  });
  it("elsewhere: the compound relation to the sign lord", () => {
    // Jupiter in Leo (lord Sun, natural friend); Sun in Aries = 9th from Leo → temporal enemy → neutral.
    expect(dignityOf(chartOf(0, { jupiter: at(5), sun: at(1) }), "jupiter")).toBe("neutral");
    // Sun in Gemini = 11th from Leo → temporal friend → great friend.
    expect(dignityOf(chartOf(0, { jupiter: at(5), sun: at(3) }), "jupiter")).toBe("great_friend");
  });
});

describe("combustion (Surya Siddhanta orbs)", () => {
  it("uses the retrograde orb for Mercury and Venus", () => {
    const direct = isCombust(chartOf(0, { sun: at(1, 10), mercury: at(1, 23) }), "mercury");
    expect(direct).toMatchObject({ combust: true, orbDeg: 14 });
    expect(direct.distanceDeg).toBeCloseTo(13, 9);
    const retro = isCombust(chartOf(0, { sun: at(1, 10), mercury: at(1, 23) }, ["mercury"]), "mercury");
    expect(retro).toMatchObject({ combust: false, orbDeg: 12 });
    expect(isCombust(chartOf(0, { sun: at(1, 10), venus: at(1, 19) }, ["venus"]), "venus").combust).toBe(false);
    expect(isCombust(chartOf(0, { sun: at(1, 10), venus: at(1, 19) }), "venus").combust).toBe(true);
  });
  it("works across 0° Aries and never marks the Sun or nodes", () => {
    expect(isCombust(chartOf(0, { sun: 355, saturn: 8 }), "saturn")).toMatchObject({ combust: true, orbDeg: 15 });
    expect(isCombust(chartOf(0, { sun: 10, rahu: 10 }), "rahu")).toMatchObject({ combust: false, orbDeg: null });
    expect(isCombust(chartOf(0, {}), "sun").combust).toBe(false);
  });
});
