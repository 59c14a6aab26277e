import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin has no place in unit and integration tests.
export default defineConfig({
  test: {
    environment: "node",
    include: ["{app,server,core,universal,db,tests,bench}/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    globalSetup: ["tests/setup/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core CI machine, leaving a core
    // idle while tests wait on PGlite, spawned servers and PostgreSQL.
    maxWorkers: 2,
  },
});
