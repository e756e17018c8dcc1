import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";

/** docs/architecture.md §5: every REST route's document, priced like any GraphQL request, costs the spec's credits. */
describe("price parity of the route table", () => {
  it("every route prices exactly its documented credits", async () => {
    expect(routePriceMismatches(await buildAppSchema(), ROUTES)).toEqual([]);
  });

  it("ephemeris costs 1; account, registration and admin routes cost 0", () => {
    const credits = Object.fromEntries(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r.credits]));
    expect(credits["GET /ephemeris"]).toBe(1);
    // The spec's Credits column for the time scans (issue #12).
    expect([credits["POST /kp/sublord-changes"], credits["POST /kp/ingress"], credits["POST /transits/monthly"],
      credits["POST /aspects/monthly"], credits["POST /aspects/lunar"]]).toEqual([3, 3, 3, 3, 2]);
    for (const route of ["POST /register", "GET /verify", "POST /verify", "GET /register/status/{account_id}", "GET /account",
      "POST /webhook/messaging", "POST /admin/grant-credits", "GET /admin/stats", "GET /health",
      // Buying credits costs no credits (issue 16).
      "POST /checkout", "GET /checkout/{api_key}/{credits}", "GET /checkout/plan/{api_key}/{plan}",
      "GET /checkout/card/{api_key}/{credits}", "GET /checkout/card/plan/{api_key}/{plan}", "POST /webhook/merchant_a",
      "POST /webhook/merchant_b", "POST /webhook/crypto", "GET /payment/success", "GET /payment/cancel",
      "POST /topup/lightning", "POST /topup", "POST /admin/promo-codes"]) {
      expect(credits[route], route).toBe(0);
    }
  });
});
