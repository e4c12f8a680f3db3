import { existsSync, readdirSync } from "node:fs";
import { defineConfig } from "vitest/config";

// One project per workspace (`vitest run --project <name>` runs one; `npm test` runs all). Every project shares the
// global setup that creates a fresh PostgreSQL database for this run and migrates it (tooling/testing/src/global-setup.ts).
const workspaces = ["apps", "packages", "tooling"].flatMap((group) =>
  readdirSync(group, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${group}/${d.name}/package.json`))
    .map((d) => ({ name: d.name, dir: `${group}/${d.name}` })),
);

export default defineConfig({
  test: {
    globalSetup: ["tooling/testing/src/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // In CI, also write the results as JSON so .ci/run can print a plain "N passed, N failed" closing line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".vitest-results.json" }]] : ["default"],
    projects: [
      ...workspaces.map(({ name, dir }) => ({
        extends: true as const,
        test: { name, include: [`${dir}/src/**/*.test.ts`, `${dir}/test/**/*.test.ts`] },
      })),
      // Cross-process suites: HTTP through gateway + workers + the replay upstream.
      { extends: true as const, test: { name: "e2e", include: ["test/**/*.test.ts"] } },
    ],
  },
});
