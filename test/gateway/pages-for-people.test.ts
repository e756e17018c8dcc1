import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** Pages for people: the payment return pages and GET /verify's refusals answer a browser with HTML. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ appOptions: { accounts: {} } });
}, 60_000);
afterAll(async () => server?.close());

const get = (path: string, accept?: string) => fetch(`${server.baseUrl}${path}`, accept ? { headers: { accept } } : {});

describe("pages for people", () => {
  it("/payment/success and /payment/cancel are HTML to Accept: */* and to a browser, JSON only when asked", async () => {
    for (const path of ["/payment/success", "/payment/cancel"]) {
      for (const accept of [undefined, "*/*", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]) {
        const res = await get(path, accept);
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(res.headers.get("content-type"), `${path} ${accept}`).toMatch(/^text\/html/);
        expect(await res.text()).toMatch(/<h1>(Thank you|Payment cancelled)<\/h1>/);
      }
      const json = await get(path, "application/json");
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await json.json()) as any).message).toEqual(expect.any(String));
    }
  });

  it("GET /verify with a stale or bad link answers a browser with a page, an API client with JSON", async () => {
    const browser = await get("/verify?token=vt_not-a-real-token", "text/html,application/xhtml+xml,*/*;q=0.8");
    expect(browser.status).toBe(404);
    expect(browser.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await browser.text();
    expect(page).toContain("<h1>Unknown link</h1>");
    expect(page).not.toMatch(/<script/);
    const client = await get("/verify?token=vt_not-a-real-token", "application/json");
    expect(client.status).toBe(404);
    expect(((await client.json()) as any).detail).toEqual(expect.any(String));
    const missing = await get("/verify", "text/html");
    expect(missing.status).toBe(422);
    expect(missing.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await missing.text()).toContain("query.token");
  });
});
