/**
 * Typed failures of the account services. Each carries an HTTP-ish status and a message meant
 * for the caller, so the gateway maps them to 4xx bodies without guessing; `field` names the
 * offending input for 422s (the gateway puts it into the FastAPI-shaped `loc`).
 */
export type AccountsErrorCode =
  | "VALIDATION"
  | "NOT_FOUND"
  | "INVALID_CODE"
  | "CODE_EXPIRED"
  | "TOO_MANY_TRIES"
  | "ALREADY_VERIFIED"
  | "FORBIDDEN"
  | "DUPLICATE_REFERENCE"
  | "NOT_CONFIGURED"
  | "DELIVERY_FAILED"
  | "RATE_LIMITED"
  | "PIN_LOCKED"
  // payments (src/payments)
  | "BAD_SIGNATURE"
  | "NOT_PAID"
  | "EXPIRED"
  | "AMOUNT_MISMATCH"
  | "UPSTREAM_FAILED"
  | "ALREADY_REDEEMED"
  // webhooks (src/events)
  | "LIMIT_REACHED";

export class AccountsError extends Error {
  constructor(
    readonly status: number,
    readonly code: AccountsErrorCode,
    message: string,
    readonly details: { field?: string; triesLeft?: number; input?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Registration and verification failures (POST /register, /verify, status polling, the bot link). */
export class RegistrationError extends AccountsError {}

/** Ledger failures: bad grant input, unknown account, a payment reference already credited. */
export class LedgerError extends AccountsError {}
