import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql realm: type-graphql, Apollo and our code must share one module instance.
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine, a serial run.
    // Most files wait on sockets, databases and child processes; two workers share the cores.
    maxWorkers: 2,
  },
});
