import { configDefaults, defineConfig } from "vitest/config";

// Four projects (`npm test` runs them all; `vitest run --project unit` is the quick loop):
// - `unit`: no database. Readers on the recorded corpus, handlers over the HTTP replay, Redis with random prefixes.
// - `integration`: needs PostgreSQL. Its global setup creates a fresh database for this run and migrates it
//   (tooling/testing/src/global-setup.ts): the ledger and engine packages and the cross-process suites in test/
//   (gateway + workers + replay over HTTP).
// - `serial`: integration files that must not share the machine with other files, run last, one at a time: the ones
//   whose worker processes must start and work within a fault's hold or a circuit's cooldown (audio workers, a worker
//   killed mid-batch), and the one that measures other callers' latency. Not:
//   - the files that submit batches and check how they run: batches carry no deployment prefix, so on a shared
//     database every stack's batch sweeper would dispatch other stacks' queued items, take their completion webhooks
//     and count their accounts in the fair share of BATCH_CAPACITY; those files (the README's examples and the
//     dashboard's pages among them) run their stack on a database of its own — StackOptions.ownDatabase — and so
//     beside the others;
//   - the files that build: the demo's `npm run demo` rewrites apps/*/dist, which no other file starts, and the dist
//     security file builds into a folder of its own (apps/<app>/dist-test-<pid>).
const serial = [
  "test/audio-workers.test.ts",
  "test/batch-crash.test.ts",
  // measures other callers' latency while hostile bodies arrive: alone, so the machine's other files do not skew it
  "test/mcp-hostile.test.ts",
];
// - `cluster`: suites of the integration and serial projects run again on a Redis Cluster of the run's own (3 masters
//   with a replica each, test/cluster/global-setup.ts), plus the cluster's own files in test/cluster/: engine calls and
//   cache hits, billing, a batch, monitor runs, a SIGKILLed worker, a failover. Beside the integration files (their
//   stacks' Redis is the cluster, their databases as in `integration`), so the run waits for neither.
/** Fails every master of its cluster over during calls: alone, on a cluster of its own (project `cluster-failover`). */
const FAILOVER = "test/cluster/cluster.test.ts";
const onCluster = [
  "test/hit-balance.test.ts",
  "test/idempotent-calls.test.ts",
  "test/worker-crash.test.ts",
  "test/monitors.test.ts",
  "test/batch.test.ts",
  "test/cluster/**/*.test.ts",
];
const integration = [
  "packages/ledger/src/**/*.test.ts",
  "packages/engine/src/**/*.test.ts",
  // Packages whose own suites need the database keep them in `test/` beside `src/` (history, webhooks).
  "packages/*/test/**/*.test.ts",
  "apps/cli/src/**/*.test.ts",
  "test/**/*.test.ts",
];

export default defineConfig({
  // `sda-source`: a workspace package that is published built (@sda/client) maps it to its TypeScript sources, so
  // the tests run the sources without a build (tsconfig.base.json's customConditions does the same for tsc).
  ssr: { resolve: { conditions: ["sda-source", "module", "node", "development|production"] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default on this 2-core machine is one worker (CPUs − 1): the files ran one at a time. An integration
    // file spends most of its time waiting (on queues, Redis, PostgreSQL, child processes, a browser; a serial run of
    // batch + monitors kept a quarter of one core busy), and every file has its own stack, Redis prefixes and
    // accounts, so three run side by side. VITEST_MAX_WORKERS=1 runs them one at a time again.
    maxWorkers: 3,
    // In CI, also write the results as JSON so .ci/run can print a plain "N passed, N failed" closing line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".vitest-results.json" }]] : ["default"],
    projects: [
      {
        extends: true as const,
        test: {
          name: "unit",
          include: ["apps/*/src/**/*.test.ts", "packages/*/src/**/*.test.ts", "tooling/*/src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...integration],
          // Unit files share their worker's modules instead of loading the catalog, the zod schemas and the readers
          // again for each of ~120 files: the unit project took 195 s with three isolated workers, 55 s without
          // isolation, in the same minutes. No test mocks modules or stubs globals; each file builds its own objects.
          isolate: false,
        },
      },
      {
        extends: true as const,
        test: {
          name: "integration",
          include: integration,
          // As in `unit`: the files share their worker's modules (the catalog, the gateway, the workers, every
          // platform) instead of importing them again for each file — import time summed over the files 351 s →
          // 93 s, the run's CPU 8.3 → 5.5 min in the same hour. Each file still builds its own stack, prefixes and
          // accounts; no file mocks modules, stubs globals or changes process.env.
          isolate: false,
          exclude: [...configDefaults.exclude, ...serial, "test/cluster/**"],
          // A file-scoped fixture (`stackTest`'s stack: gateway, workers, replay) starts inside the first test that
          // uses it, so that test's time includes the start-up the old `beforeAll` hooks had 60 s for.
          testTimeout: 60_000,
          globalSetup: ["tooling/testing/src/global-setup.ts"],
        },
      },
      {
        extends: true as const,
        test: {
          name: "serial",
          include: serial,
          testTimeout: 60_000,
          globalSetup: ["tooling/testing/src/global-setup.ts"],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true as const,
        test: {
          name: "cluster",
          include: onCluster,
          exclude: [...configDefaults.exclude, FAILOVER],
          testTimeout: 60_000,
          globalSetup: ["tooling/testing/src/global-setup.ts", "test/cluster/global-setup.ts"],
          setupFiles: ["test/cluster/env.ts"],
        },
      },
      {
        extends: true as const,
        test: {
          // The failover of every master, on a cluster of its own, with the serial files: beside the other cluster
          // files it failed their calls mid-test (a 500 in hit-balance under load).
          name: "cluster-failover",
          include: [FAILOVER],
          testTimeout: 60_000,
          globalSetup: ["tooling/testing/src/global-setup.ts", "test/cluster/global-setup.ts"],
          setupFiles: ["test/cluster/env.ts"],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
