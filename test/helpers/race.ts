/**
 * Tests whose point is a race. They can only race on PostgreSQL (DATABASE_URL): PGlite has one
 * connection and its driver queues every query and transaction behind the one before, so
 * "concurrent" callers there run one after another and prove nothing about a race.
 * - `itRaces`: a test that is all race — runs on PostgreSQL, reported as skipped on PGlite with
 *   the reason in its title (CI's PostgreSQL pass runs it).
 * - `atOnce` / `concurrently`: for a test that also checks other things, its callers are started
 *   together on PostgreSQL and one after another on PGlite, and the title says which.
 */
import { it, type TestFunction } from "vitest";

export const onPostgres = Boolean(process.env.DATABASE_URL);

const WHY_NOT_ON_PGLITE = "needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, nothing can race";

export function itRaces(title: string, fn: TestFunction, timeoutMs?: number): void {
  it.skipIf(!onPostgres)(`${title} [${onPostgres ? "racing on PostgreSQL" : WHY_NOT_ON_PGLITE}]`, fn, timeoutMs);
}

/** "n concurrent" on PostgreSQL; "n in sequence" on PGlite, where they could not overlap anyway. */
export const concurrently = (n: number): string => (onPostgres ? `${n} concurrent` : `${n} in sequence (PGlite cannot race them)`);

/** n calls of f: all started together on PostgreSQL, one after another on PGlite. */
export async function atOnce<T>(n: number, f: () => Promise<T>): Promise<T[]> {
  if (onPostgres) return Promise.all(Array.from({ length: n }, () => f()));
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await f());
  return out;
}
