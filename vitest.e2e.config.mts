import { defineConfig } from "vitest/config";
import path from "node:path";
import LongestFirst from "./e2e/sequencer";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      "server-only": path.resolve(import.meta.dirname, "src/test/server-only-stub.ts"),
    },
  },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    // One file at a time per server: e2e/global-setup.ts starts one server per worker.
    maxWorkers: Math.max(1, Number(process.env.E2E_SERVERS ?? 2)),
    // Two files share the processor: a test may take twice what it takes alone.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    globalSetup: ["e2e/global-setup.ts"],
    // Longest files first, so that both servers stay busy to the end (e2e/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
