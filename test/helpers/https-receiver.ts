/**
 * A local HTTPS webhook receiver for tests: a self-signed certificate made with `openssl` for
 * 127.0.0.1 and localhost, a server on an ephemeral loopback port that records every request
 * (headers and raw body) and answers what the test says (a status, or hold the request open).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
}

export interface TestCertificate {
  readonly certPem: string;
  readonly keyPem: string;
  /** The certificate as a file (NODE_EXTRA_CA_CERTS of a child process). */
  readonly certFile: string;
  dispose(): void;
}

export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vas-cert-"));
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2",
    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
  ], { stdio: "ignore" });
  return {
    certPem: readFileSync(certFile, "utf8"), keyPem: readFileSync(keyFile, "utf8"), certFile,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What to answer: a status (with optional headers), or "hold" (never answer until released). */
export type Answer = number | "hold" | { status: number; headers?: Record<string, string> };

export interface Receiver {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Decides each answer (default 200). */
  answer: (req: ReceivedRequest, index: number) => Answer;
  /** Answers every held request with this status. */
  release(status: number): void;
  close(): Promise<void>;
}

export async function startReceiver(cert: TestCertificate): Promise<Receiver> {
  const held: { res: import("node:http").ServerResponse }[] = [];
  const receiver: Receiver = {
    url: "",
    requests: [],
    answer: () => 200,
    release(status) {
      for (const h of held.splice(0)) if (!h.res.writableEnded && !h.res.destroyed) h.res.writeHead(status).end();
    },
    async close() {
      receiver.release(200);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = https.createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: ReceivedRequest = {
        path: req.url ?? "/", body: Buffer.concat(chunks).toString("utf8"), at: Date.now(),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)])),
      };
      receiver.requests.push(rec);
      const a = receiver.answer(rec, receiver.requests.length - 1);
      if (a === "hold") held.push({ res });
      else if (typeof a === "number") res.writeHead(a).end();
      else res.writeHead(a.status, a.headers).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  (receiver as { url: string }).url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
