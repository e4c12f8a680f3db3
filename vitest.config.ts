import { configDefaults, defineConfig } from "vitest/config";

// Two projects (`npm test` runs both; `vitest run --project unit` is the quick loop):
// - `unit`: no database. Readers on the recorded corpus, handlers over the HTTP replay, Redis with random prefixes.
// - `integration`: needs PostgreSQL. Its global setup creates a fresh database for this run and migrates it
//   (tooling/testing/src/global-setup.ts): the ledger and engine packages and the cross-process suites in test/
//   (gateway + workers + replay over HTTP).
// A package's own tests: `vitest run <folder>` (its `npm test` does that from the root).
const integration = [
  "packages/ledger/src/**/*.test.ts",
  "packages/engine/src/**/*.test.ts",
  // Packages whose own suites need the database keep them in `test/` beside `src/` (history, webhooks).
  "packages/*/test/**/*.test.ts",
  "apps/cli/src/**/*.test.ts",
  "test/**/*.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["vitest.setup.ts"],
    // In CI, also write the results as JSON so .ci/run can print a plain "N passed, N failed" closing line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".vitest-results.json" }]] : ["default"],
    projects: [
      {
        extends: true as const,
        test: {
          name: "unit",
          include: ["apps/*/src/**/*.test.ts", "packages/*/src/**/*.test.ts", "tooling/*/src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...integration],
        },
      },
      {
        extends: true as const,
        test: {
          name: "integration",
          include: integration,
          // A file-scoped fixture (`stackTest`'s stack: gateway, workers, replay) starts inside the first test that
          // uses it, so that test's time includes the start-up the old `beforeAll` hooks had 60 s for.
          testTimeout: 60_000,
          globalSetup: ["tooling/testing/src/global-setup.ts"],
        },
      },
    ],
  },
});
