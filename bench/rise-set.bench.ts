/**
 * Speed of sunrise/sunset (a panchanga day needs sunrise, sunset and the next sunrise).
 * CPU time per call, at places and days that no in-module memo can answer from a previous call.
 */
import { nextSunrise, sunEventsInWindow } from "../src/engine/astro/rise-set.js";
import { withDefaults } from "../src/engine/types.js";

function cpuMicros(iterations: number, fn: (i: number) => void): number {
  for (let i = 0; i < Math.min(50, iterations); i++) fn(i + 100_000);
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) fn(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

export async function run(): Promise<{ name: string; microseconds: number }[]> {
  const conv = withDefaults();
  const jd0 = 2460310.5; // 2024-01-01
  // A different place and day each call: latitude sweeps −55..55, longitude all round.
  const place = (i: number) => ({ latDeg: ((i * 37) % 110) - 55, lonDeg: ((i * 73) % 360) - 180 });
  return [
    { name: "nextSunrise (new place and day each call)", microseconds: cpuMicros(2000, (i) => void nextSunrise(jd0 + i * 1.7, place(i), conv)) },
    {
      name: "sunEventsInWindow: sunrise + sunset of a day",
      microseconds: cpuMicros(2000, (i) => void sunEventsInWindow(jd0 + i * 1.7, place(i), conv)),
    },
  ];
}
