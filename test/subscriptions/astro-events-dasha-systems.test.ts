import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { GraphQLError } from "graphql";
import { astroEventsArgsFrom } from "../../src/subscriptions/astro-events-args.js";

/** The astroEvents subscription's dashaSystems argument (docs/events.md, "Other dasha systems"), as its argument rules read it. */
const birth = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

describe("astroEvents(dashaSystems)", () => {
  it("adds the named systems' maha and antar changes to a birth's default types, in place of Vimshottari's", () => {
    const f = astroEventsArgsFrom({ birth, dashaSystems: ["YOGINI", "kalachakra"] });
    expect([...f.personal]).toEqual(expect.arrayContaining([
      "yogini_dasha_maha_change", "yogini_dasha_antar_change", "kalachakra_dasha_maha_change", "kalachakra_dasha_antar_change", "janma_nakshatra",
    ]));
    expect(f.personal.has("dasha_antar_change")).toBe(false);
    expect(astroEventsArgsFrom({ birth }).personal.has("dasha_antar_change")).toBe(true);
  });

  it("refuses an unknown system, or dashaSystems without a birth, naming dashaSystems", () => {
    for (const args of [{ birth, dashaSystems: ["saptarishi"] }, { dashaSystems: ["yogini"] }]) {
      let err: unknown;
      try {
        astroEventsArgsFrom(args);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(GraphQLError);
      expect((err as GraphQLError).extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "dashaSystems" });
    }
  });
});
