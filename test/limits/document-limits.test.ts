import { describe, expect, it } from "vitest";
import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from "graphql";
import { DEFAULT_DOCUMENT_LIMITS, documentLimitRules, documentParseOptions } from "../../src/gates/document-limits.js";

const schema = buildSchema(`
  type Node { name: String child: Node }
  type Query { node: Node a: String b: String c: String }
`);

// `levels` fields deep: node, then child…, then name.
const nested = (levels: number) => `{ node { ${"child { ".repeat(levels - 2)}name${" }".repeat(levels - 2)} } }`;
const errorsOf = (q: string, limits = {}) =>
  validate(schema, parse(q, documentParseOptions(limits)), [...specifiedRules, ...documentLimitRules(limits)]).map((e) => e.message);

describe("document limits", () => {
  it("a document within every limit validates", () => {
    expect(errorsOf(nested(12))).toEqual([]);
  });

  it("depth beyond the limit is refused with a message naming the limit", () => {
    expect(errorsOf(nested(13))).toEqual(["The operation nests fields more than 12 levels deep; the limit is 12."]);
    expect(errorsOf(`query Deep ${nested(4)}`, { maxDepth: 3 })[0]).toMatch(/^Operation "Deep" nests fields more than 3/);
  });

  it("depth counts through fragments and inline fragments", () => {
    const q = `{ node { ...F } } fragment F on Node { child { ... on Node { child { name } } } }`;
    expect(errorsOf(q, { maxDepth: 4 })).toEqual([]);
    expect(errorsOf(q, { maxDepth: 3 })).toHaveLength(1);
  });

  it("a fragment cycle is reported by the spec rule, not looped on", () => {
    const q = `{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ...A } }`;
    const errs = errorsOf(q);
    expect(errs.some((m) => /Cannot spread fragment "A" within itself/.test(m))).toBe(true);
  });

  it("too many aliases are refused", () => {
    const q = (n: number) => `{ node { ${Array.from({ length: n }, (_, i) => `x${i}: name`).join(" ")} } }`;
    expect(errorsOf(q(30))).toEqual([]);
    expect(errorsOf(q(31))).toEqual(["The document uses more than 30 aliases; the limit is 30."]);
  });

  it("too many root fields are refused", () => {
    expect(errorsOf(`{ a b c }`, { maxRootFields: 2 })).toEqual(["The operation selects 3 root fields; the limit is 2."]);
  });

  it("the token limit stops the parser", () => {
    const big = `{ ${"a ".repeat(DEFAULT_DOCUMENT_LIMITS.maxTokens)} }`;
    expect(() => parse(big, documentParseOptions())).toThrow(/Document contains more th.. 5000 tokens/);
  });

  it("GraphiQL's introspection query passes the defaults", () => {
    expect(errorsOf(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }))).toEqual([]);
  });
});
