import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const semver = require("semver") as { subset(a: string, b: string): boolean; satisfies(v: string, r: string): boolean };
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** `npm ci` warns EBADENGINE when an installed package wants a Node outside the project's own range. */
describe("engines.node is true", () => {
  it("the Node running the tests satisfies package.json engines.node", () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });

  it("every locked (non-optional) package accepts every Node that engines.node admits", () => {
    const narrower = Object.entries(lock.packages)
      .filter(([name, p]) => name !== "" && !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.subset(pkg.engines.node, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} wants ${(p.engines as { node: string }).node}`);
    expect(narrower).toEqual([]);
  });
});
