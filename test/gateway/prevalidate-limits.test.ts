import "reflect-metadata";
import { parse, type GraphQLError, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { prevalidateOperation } from "../../src/resolvers/prevalidate.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

/** The engine's span and count limits are refused before pricing too, so a caller never pays for them. */
async function refusal(query: string): Promise<GraphQLError | undefined> {
  const schema = await buildAppSchema();
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition")!;
  try {
    prevalidateOperation(schema, document, operation, undefined);
    return undefined;
  } catch (err) {
    return err as GraphQLError;
  }
}

const PLACE = `latitude: 28.6, longitude: 77.2`;

describe("limits checked before pricing", () => {
  it.each([
    [`{ panchangaRange(startDatetime: "2024-01-01T00:00:00+05:30", endDatetime: "2024-02-02T00:00:00+05:30", ${PLACE}) { days { date } } }`, "endDatetime", /at most 31 (days|dates)/],
    [`{ panchangaRange(startDatetime: "2024-01-05T00:00:00+05:30", endDatetime: "2024-01-01T00:00:00+05:30", ${PLACE}) { days { date } } }`, "endDatetime", /before/],
    [`{ panchangaSearch(after: "2024-01-01T00:00:00+05:30", ${PLACE}, criteria: { tithi: "Ekadashi" }, maxResults: 21) { count } }`, "maxResults", /1-20/],
    [`{ panchangaSearch(after: "2024-01-01T00:00:00+05:30", ${PLACE}, criteria: { tithi: "Ekadashi" }, maxDays: 366) { count } }`, "maxDays", /1-365/],
    [`{ muhurta(datetime: "2024-01-01T00:00:00+05:30", ${PLACE}, days: 91) { windows { start } } }`, "days", /1-90/],
  ])("%s → BAD_USER_INPUT naming the argument", async (query, field, message) => {
    const err = await refusal(query);
    expect(err?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    expect(err?.message).toMatch(message);
  });

  it("lets limits inside the bounds through", async () => {
    expect(await refusal(`{ panchangaRange(startDatetime: "2024-01-01T00:00:00+05:30", endDatetime: "2024-01-31T00:00:00+05:30", ${PLACE}) { days { date } } }`)).toBeUndefined();
    expect(await refusal(`{ muhurta(datetime: "2024-01-01T00:00:00+05:30", ${PLACE}, days: 90) { windows { start } } }`)).toBeUndefined();
  });
});
