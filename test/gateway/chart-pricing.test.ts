import "reflect-metadata";
import { parse, type GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { priceOperation } from "../../src/costing/price.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

const BIRTH = `birth: {datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209}`;
let schema: GraphQLSchema;
const credits = (query: string) => priceOperation(schema, parse(query)).milli / 1000;

beforeAll(async () => {
  schema = await buildAppSchema();
});

describe("the Chart node's price list", () => {
  it("prices every field that reads the engine: no selection of positions is free", () => {
    for (const field of ["ascendant { sign }", "midheaven { sign }", "planets { longitude }", "houses { system }",
      "lagna { sign }", "grahas { sign }"]) {
      expect(credits(`{ chart(${BIRTH}) { ${field} } }`), field).toBeGreaterThan(0);
    }
  });

  it("raw positions cost what their kundali counterparts cost", () => {
    expect(credits(`{ chart(${BIRTH}) { ascendant { sign } } }`)).toBe(credits(`{ chart(${BIRTH}) { lagna { sign } } }`));
    expect(credits(`{ chart(${BIRTH}) { planets { longitude } } }`)).toBe(credits(`{ chart(${BIRTH}) { grahas { sign } } }`));
  });

  it("a client asking only for lagna and planets pays less than a /kundali call (3)", () => {
    expect(credits(`{ chart(${BIRTH}) { ascendant { sign } planets { longitude } } }`)).toBeLessThan(3);
  });
});
