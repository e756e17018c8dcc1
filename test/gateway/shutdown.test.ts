import "reflect-metadata";
import { EventEmitter } from "node:events";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { runService } from "../../src/server/service.js";
import { openTestDatabase } from "../helpers/test-database.js";

/** A POST whose body we finish later: a request that is in flight when the signal arrives. */
function startSlowRequest(port: number, body: string): { finish(): void; done: Promise<{ status: number; text: string }> } {
  let req!: http.ClientRequest;
  const done = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req = http.request(
      { host: "127.0.0.1", port, path: "/graphql", method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), done };
}

describe("graceful shutdown", () => {
  it("SIGTERM lets an in-flight request complete, refuses new connections, closes the database and exits 0", async () => {
    const database = await openTestDatabase();
    const signals = new EventEmitter();
    const exits: number[] = [];
    let exited!: () => void;
    const exitedP = new Promise<void>((r) => (exited = r));
    const service = await runService({
      env: { HOST: "127.0.0.1", LOG_LEVEL: "silent", SHUTDOWN_GRACE_MS: "5000" },
      port: 0,
      database,
      signals,
      exit: (code) => {
        exits.push(code);
        exited();
      },
    }).catch(async (err) => {
      await database.dispose();
      throw err;
    });
    try {
      expect(await database.ping()).toBe(true);
      const slow = startSlowRequest(service.port, JSON.stringify({ query: "{ health { version database } }" }));
      await new Promise((r) => setTimeout(r, 100));
      signals.emit("SIGTERM");
      await new Promise((r) => setTimeout(r, 150));
      // Draining: the listener is closed, so a new connection is refused.
      await expect(fetch(`http://127.0.0.1:${service.port}/health`)).rejects.toThrow();
      expect(exits).toEqual([]);
      slow.finish();
      const res = await slow.done;
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text).data.health.version).toBe("4.2.0");
      await exitedP;
      expect(exits).toEqual([0]);
      expect(await database.ping()).toBe(false);
    } finally {
      await database.dispose();
    }
  });
});
