import "reflect-metadata";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { printAppSchema } from "../../src/resolvers/print.js";

describe("schema/schema.graphql", () => {
  it("is the SDL of the built schema (run `npm run schema` when this fails)", async () => {
    const committed = await readFile(new URL("../../schema/schema.graphql", import.meta.url), "utf8");
    expect(committed).toBe(await printAppSchema());
  });

  it("has camelCase fields and the root fields of the gateway skeleton", async () => {
    const sdl = await printAppSchema();
    expect(sdl).toMatch(/ephemeris\([\s\S]*?datetime: String![\s\S]*?\): Ephemeris!/);
    // chart also takes `lang` (docs/languages.md), printed on its own lines.
    expect(sdl).toMatch(/chart\(\s*birth: BirthInput![\s\S]*?lang: String\s*\): Chart!/);
    expect(sdl).toMatch(/houses\(system: HouseSystem! = WHOLE_SIGN\): Houses!/);
    expect(sdl).not.toMatch(/^\s+[a-z]+_[a-z_]+[(:]/m);
  });
});
