import type { RouteEntry } from "../route-entry.js";
import { pollOut, withoutNulls } from "./register-route.js";

interface StatusData {
  registrationStatus: {
    status: string; accountId: string; apiKey: string | null; expiresAt: string | null; message: string | null;
    poll: { url: string; intervalSeconds: number; timeoutSeconds: number } | null;
  };
}

export const registerStatusRoute: RouteEntry = {
  method: "get",
  path: "/register/status/{account_id}",
  operationId: "registrationStatus",
  summary: "Poll a registration",
  description:
    "status pending while waiting; verified with the api_key for 15 minutes after verification (verified without it later); " +
    "expired when the codes can no longer be used. Poll every 5 seconds, for up to 300 seconds.",
  tags: ["account"],
  credits: 0,
  auth: "none",
  input: { path: { account_id: { type: "string", required: true, min: 1, max: 64, description: "acc_…" } } },
  document: /* GraphQL */ `
    query RegistrationStatus($accountId: String!) {
      registrationStatus(accountId: $accountId) { status accountId apiKey poll { url intervalSeconds timeoutSeconds } expiresAt message }
    }
  `,
  variables: ({ path }) => ({ accountId: path.account_id }),
  errorLocs: { accountId: ["path", "account_id"] },
  errors: { 404: "No registration has this account_id" },
  exampleInput: { path: { account_id: "acc_unknown" } },
  result: (data) => {
    const r = (data as unknown as StatusData).registrationStatus;
    return {
      body: withoutNulls({
        status: r.status, account_id: r.accountId, api_key: r.apiKey, poll: pollOut(r.poll), expires_at: r.expiresAt, message: r.message,
      }),
    };
  },
  responseSchema: {
    type: "object",
    required: ["status", "account_id"],
    properties: {
      status: { type: "string", enum: ["pending", "verified", "expired", "anonymous"] },
      account_id: { type: "string" }, api_key: { type: "string" }, poll: { type: "object" },
      expires_at: { type: "string" }, message: { type: "string" },
    },
  },
};
