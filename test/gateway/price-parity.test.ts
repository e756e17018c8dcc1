import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";

/** DESIGN.md §5: every REST route's document, priced like any GraphQL request, costs the spec's credits. */
describe("price parity of the route table", () => {
  it("every route prices exactly its documented credits", async () => {
    expect(routePriceMismatches(await buildAppSchema(), ROUTES)).toEqual([]);
  });

  it("ephemeris costs 1; account, registration and admin routes cost 0", () => {
    const credits = Object.fromEntries(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r.credits]));
    expect(credits["GET /ephemeris"]).toBe(1);
    for (const route of ["POST /register", "GET /verify", "POST /verify", "GET /register/status/{account_id}", "GET /account",
      "POST /webhook/messaging", "POST /admin/grant-credits", "GET /admin/stats", "GET /health"]) {
      expect(credits[route], route).toBe(0);
    }
  });
});
