/**
 * A service whose webhooks can reach a local HTTPS receiver: a self-signed certificate the
 * service trusts through the test-only option, the receiver, and a test server with private
 * targets allowed and a short delivery poll. `close()` stops all three.
 */
import { makeTestCertificate, startReceiver, type Receiver, type TestCertificate } from "./https-receiver.js";
import { startTestServer, type TestServer } from "./server.js";

export interface WebhookTestbed {
  readonly server: TestServer;
  readonly receiver: Receiver;
  readonly cert: TestCertificate;
  close(): Promise<void>;
}

export async function startWebhookTestbed(env: Record<string, string> = {}): Promise<WebhookTestbed> {
  const cert = makeTestCertificate();
  let receiver: Receiver | undefined;
  try {
    receiver = await startReceiver(cert);
    const server = await startTestServer({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS: "true", WEBHOOK_POLL_MS: "50", ...env },
      appOptions: { accounts: { webhooks: { testTrustedCa: cert.certPem } } },
    });
    const r = receiver;
    return {
      server, receiver: r, cert,
      async close() {
        await server.close();
        await r.close();
        cert.dispose();
      },
    };
  } catch (err) {
    await receiver?.close();
    cert.dispose();
    throw err;
  }
}
