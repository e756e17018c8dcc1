import "reflect-metadata";
import { parse, type GraphQLError, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { prevalidateOperation } from "../../src/resolvers/prevalidate.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

async function check(query: string, variables?: Record<string, unknown>): Promise<GraphQLError | undefined> {
  const schema = await buildAppSchema();
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition")!;
  try {
    prevalidateOperation(schema, document, operation, variables);
    return undefined;
  } catch (err) {
    return err as GraphQLError;
  }
}

describe("argument checks before pricing", () => {
  it("pass valid operations, with literals, variables, aliases and fragments", async () => {
    expect(await check(`{ ephemeris(datetime: "2024-01-01") { datetime } a: chart(birth: { datetime: "2024-01-01T00:00:00Z", latitude: 1, longitude: 2 }) { datetime } }`)).toBeUndefined();
    expect(await check(`query ($b: BirthInput!) { ...F } fragment F on Query { chart(birth: $b) { datetime } }`,
      { b: { datetime: "2024-01-01T00:00:00+05:30", latitude: -90, longitude: 180 } })).toBeUndefined();
  });

  it.each([
    [`{ chart(birth: { datetime: "2024-01-01T00:00:00Z", latitude: 91, longitude: 2 }) { datetime } }`, undefined, "birth.latitude"],
    [`query ($b: BirthInput!) { x: chart(birth: $b) { datetime } }`, { b: { datetime: "2024-01-01T00:00:00Z", latitude: 1, longitude: -181 } }, "birth.longitude"],
    [`query ($b: BirthInput!) { ... on Query { chart(birth: $b) { datetime } } }`, { b: { datetime: "2024-01-01T00:00", latitude: 1, longitude: 1 } }, "birth.datetime"],
    [`{ ephemeris(datetime: "2024-01-01T10:00:00") { datetime } }`, undefined, "datetime"],
    [`query ($p: [Graha!]) { ephemeris(datetime: "2024-01-01", planets: $p) { datetime } }`, { p: [] }, "planets"],
  ])("%s refuses with BAD_USER_INPUT naming the field", async (query, variables, field) => {
    const err = await check(query, variables);
    expect(err?.extensions).toEqual({ code: "BAD_USER_INPUT", field });
  });
});
