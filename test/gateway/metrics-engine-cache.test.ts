import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

/** GET /metrics carries the engine context's cache statistics: computations (misses) and memo hits. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const metric = (text: string, line: RegExp): number => Number(line.exec(text)?.[1] ?? 0);

describe("engine context statistics in /metrics", () => {
  it("counts one ascendant computation and one memo hit when two fields share it", async () => {
    const before = await (await fetch(`${server.baseUrl}/metrics`, { headers: { accept: "text/plain" } })).text();
    const { status, body } = await graphql(server.baseUrl, `{
      chart(birth: {datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209}) {
        ascendant { rashi } midheaven { rashi }
      }
    }`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const after = await (await fetch(`${server.baseUrl}/metrics`, { headers: { accept: "text/plain" } })).text();
    const computed = /^engine_context_computations_total\{kind="ascendantCalls"\} (\d+)$/m;
    const hits = /^engine_context_memo_hits_total (\d+)$/m;
    expect(metric(after, computed) - metric(before, computed)).toBe(1);
    expect(metric(after, hits) - metric(before, hits)).toBe(1);
  });
});
