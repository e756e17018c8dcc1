/**
 * Payment failures, typed like the other account-service failures (status + code + message for
 * the caller), so the resolvers map them to HTTP answers without guessing.
 */
import { AccountsError } from "../accounts/errors.js";

export class PaymentError extends AccountsError {}

/** A method whose adapter has no configuration (docs/architecture.md §9: 503 "not configured"). */
export const notConfigured = (method: string): PaymentError =>
  new PaymentError(503, "NOT_CONFIGURED",
    `${method} payments are not configured on this deployment; see the purchase methods it offers in GET /openapi.json, or ask the operator to grant credits (POST /admin/grant-credits)`);

export const badSignature = (provider: string): PaymentError =>
  new PaymentError(401, "BAD_SIGNATURE", `${provider} callback refused: missing or invalid signature; nothing was credited`);

export const invalid = (field: string, message: string, input?: unknown): PaymentError =>
  new PaymentError(422, "VALIDATION", message, { field, input });

export const upstreamFailed = (provider: string, what: string): PaymentError =>
  new PaymentError(502, "UPSTREAM_FAILED", `the ${provider} processor did not answer as expected (${what}); nothing was charged, try again`);
