/**
 * PostgreSQL text cannot hold NUL (U+0000): a query carrying one fails inside the database
 * (SQLSTATE 22021), which would answer a caller's typo with a 500. Every caller-given string
 * that reaches a query is screened here first and refused as input.
 */
import { AccountsError } from "./errors.js";

export function hasNul(text: string): boolean {
  return text.includes("\u0000");
}

/** Throws the service's 422 (naming `field`) when `value` is a string holding a NUL character. */
export function refuseNul(field: string, value: unknown, make: (message: string, field: string) => AccountsError): void {
  if (typeof value === "string" && hasNul(value)) throw make(`${field} must not contain NUL (\\u0000) characters`, field);
}
