import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${path.resolve("app")}/` },
      { find: /^#db\//, replacement: `${path.resolve("db")}/` },
    ],
  },
  test: {
    // Playwright specs live in tests/e2e and are run by Playwright, not Vitest.
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/unit/setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
