/**
 * The rate windows are whole clock minutes (src/gates/rate-limit.ts): a counted burst that straddles
 * a minute's end starts a fresh count mid-burst. Start one well inside a minute: with fewer than
 * `marginS` seconds of this one left, wait for the next.
 */
export async function insideOneMinute(marginS = 10): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginS * 1000) await new Promise((r) => setTimeout(r, left + 50));
}
