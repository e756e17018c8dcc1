/**
 * The landing page, /docs and GraphiQL in a real headless Chromium (playwright-core driving the
 * distribution's /usr/bin/chromium, or CHROMIUM_PATH): they load and work with zero requests
 * leaving this machine. Where no Chromium is installed the browser tests are reported as skipped,
 * the reason in their block's title — except under CI (CI=true, set by .ci/run, which installs
 * Debian's chromium), where a missing browser fails every one of them instead of passing the file
 * having driven nothing.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { startTestServer, type TestServer } from "../helpers/server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const UNDER_CI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
/** Skipped (visibly) only outside CI; under CI they run, and fail on the missing browser. */
const SKIP_BROWSER = !HAVE_CHROMIUM && !UNDER_CI;
let server: TestServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startTestServer({ appOptions: { accounts: {} } });
  if (HAVE_CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  else if (!UNDER_CI) console.warn(`landing-browser: ${CHROMIUM} not found (apt-get install chromium, or set CHROMIUM_PATH): browser checks skipped`);
}, 60_000);

/** The launched browser; under CI without one, each browser test fails here, saying why. */
function theBrowser(): Browser {
  if (!browser) throw new Error(`CI=true and no browser at ${CHROMIUM}: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH`);
  return browser;
}
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("GET / without a browser", () => {
  it("serves HTML by default and the JSON index of links for Accept: application/json", async () => {
    const html = await fetch(`${server.baseUrl}/`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    const text = await html.text();
    expect(text).toContain('<table id="prices">');
    expect(text).not.toMatch(/(src|href)="(https?:)?\/\//);
    const json = await fetch(`${server.baseUrl}/`, { headers: { accept: "application/json" } });
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const b = (await json.json()) as any;
    expect(Object.keys(b.links)).toEqual(expect.arrayContaining(["docs", "graphql", "openapi", "mcp", "health"]));
    expect(b.links.mcp).toBe(`${server.config.baseUrl}/mcp`);
  });
});

/** Opens a page recording every request; any request to another origin is aborted and recorded. */
async function open(path: string): Promise<{ page: Page; foreign: string[]; requests: string[] }> {
  const page = await theBrowser().newPage();
  const foreign: string[] = [];
  const requests: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    requests.push(url);
    if (url.startsWith(server.baseUrl) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  await page.goto(`${server.baseUrl}${path}`, { waitUntil: "networkidle" });
  return { page, foreign, requests };
}

describe.skipIf(SKIP_BROWSER)(`in headless Chromium${SKIP_BROWSER ? ` [skipped: no Chromium at ${CHROMIUM}; a failure under CI]` : ""}`, () => {
  it("the landing page shows prices, the dry-run price, the status, gets a key and runs the example; nothing leaves the machine", async () => {
    const { page, foreign, requests } = await open("/");
    expect(await page.locator("#prices tbody tr").count()).toBeGreaterThan(5);
    await page.waitForFunction(() => document.getElementById("status")!.textContent !== "…");
    expect(await page.textContent("#status")).toMatch(/^(ok|degraded)/);
    await page.waitForFunction(() => document.getElementById("example-price")!.textContent !== "…");
    expect(await page.textContent("#example-price")).toMatch(/credit|price/i);
    await page.click("#get-key");
    await page.waitForFunction(() => (document.getElementById("key")!.textContent ?? "").startsWith("Your key: "));
    await page.click("#run");
    await page.waitForFunction(() => (document.getElementById("example-result")!.textContent ?? "").length > 20);
    expect(await page.textContent("#example-result")).toContain("tithi");
    expect(foreign).toEqual([]);
    expect(requests.length).toBeGreaterThan(3);
    await page.close();
  }, 60_000);

  it("/docs (swagger-ui) and GraphiQL load with zero requests leaving the machine", async () => {
    const docs = await open("/docs");
    await docs.page.waitForSelector(".opblock", { timeout: 45_000 });
    expect(docs.foreign).toEqual([]);
    await docs.page.close();
    const gql = await open("/graphql");
    await gql.page.waitForSelector(".graphiql-container, #graphiql", { timeout: 45_000 });
    expect(gql.foreign).toEqual([]);
    await gql.page.close();
  }, 120_000);

  it("CORS: a page on another origin registers, calls REST and GraphQL with X-API-Key, and reads the credit and rate-limit headers", async () => {
    // The frontend: a page served by another server on loopback (another port, and `localhost` not 127.0.0.1).
    const page = `<!doctype html><html><body><script>
      window.run = async (api) => {
        const out = {};
        const reg = await fetch(api + "/register", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
        const key = (await reg.json()).api_key;
        out.registered = typeof key === "string" && key.length > 10;
        const eph = await fetch(api + "/ephemeris?date=2024-01-15T10:30:00%2B05:30&planets=sun", { headers: { "X-API-Key": key, "Idempotency-Key": "k-1" } });
        out.ephemerisStatus = eph.status;
        out.creditsRemaining = eph.headers.get("X-Credits-Remaining");
        out.freeRemaining = eph.headers.get("X-Free-Requests-Remaining");
        out.rateLimit = eph.headers.get("RateLimit-Limit");
        const price = await fetch(api + "/graphql", {
          method: "POST", headers: { "content-type": "application/json", "X-API-Key": key, "X-Dry-Run": "price" },
          body: JSON.stringify({ query: "{ ephemeris(datetime: \\"2024-01-15T10:30:00+05:30\\") { datetime } }" }),
        });
        out.graphqlStatus = price.status;
        out.graphql = await price.json();
        return out;
      };
    </script></body></html>`;
    const front: Server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const frontUrl = `http://localhost:${(front.address() as AddressInfo).port}/`;
    const tab = await theBrowser().newPage();
    const preflights: string[] = [];
    tab.on("request", (r) => { if (r.method() === "OPTIONS") preflights.push(r.url()); });
    try {
      await tab.goto(frontUrl);
      const out = (await tab.evaluate((api) => (window as any).run(api), server.baseUrl)) as any;
      expect(out.registered).toBe(true);
      expect(out.ephemerisStatus).toBe(200);
      expect(out.freeRemaining ?? out.creditsRemaining).not.toBeNull();
      expect(out.rateLimit).toMatch(/^\d+$/);
      expect(out.graphqlStatus).toBe(200);
      expect(out.graphql.extensions?.cost ?? out.graphql.data ?? out.graphql).toBeTruthy();
      expect(out.graphql.errors).toBeUndefined();
    } finally {
      await tab.close();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  }, 60_000);

  it("Swagger UI's Try it out works at an address other than PUBLIC_BASE_URL (relative servers)", async () => {
    // This server's PUBLIC_BASE_URL is the default http://localhost:8000; /docs is opened at 127.0.0.1:<port>.
    expect(server.config.baseUrl).not.toBe(server.baseUrl);
    const { page, foreign } = await open("/docs");
    await page.waitForSelector(".opblock", { timeout: 45_000 });
    await page.locator('.opblock-summary-path[data-path="/health"]').first().click();
    const block = page.locator(".opblock.is-open").first();
    await block.locator(".try-out__btn").click();
    await block.locator(".execute").click();
    const status = block.locator(".live-responses-table tbody .response-col_status").first();
    await status.waitFor({ timeout: 45_000 });
    expect((await status.textContent())?.trim()).toBe("200");
    expect(await block.locator(".request-url pre, .request-url").first().textContent()).toContain(`${server.baseUrl}/health`);
    expect(foreign).toEqual([]);
    await page.close();
  }, 120_000);

  it("renders a chart SVG to PNG at 400 px (saved under test-results/ for a person to look at)", async () => {
    const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
    const res = await fetch(`${server.baseUrl}/chart/svg`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": reg.api_key },
      body: JSON.stringify({ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209, style: "north", varga: "D1" }),
    });
    expect(res.status).toBe(200);
    const svg = ((await res.json()) as any).svg as string;
    const page = await theBrowser().newPage({ viewport: { width: 400, height: 430 } });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const box = await page.locator("svg").boundingBox();
    expect(box).toMatchObject({ width: 400, height: 430 });
    const png = await page.locator("svg").screenshot();
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/chart-north-d1.png", png);
    await page.close();
  }, 60_000);
});
