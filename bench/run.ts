/**
 * `npm run bench`: starts the service as deployed (gateway and worker processes, replay upstream, a database and a
 * Redis prefix of this run, deleted on exit and on SIGINT) and runs, in one run so that ratios compare like with like:
 *  1. latency at c=1 against bare `/healthz` and the raw BullMQ round trip, with the breakdown and targets;
 *  2. the load scenario (autocannon at c = 1, 16, 64, 256; 10,000 mixed calls and the ledger reconciliation);
 *  3. normalisation cost per MiB next to youtubei.js (`bench/parse.ts`, also `npm run bench:parse`);
 *  4. `upstream`: fresh calls at a real platform's latency (`bench/upstream.ts`, BENCH_UPSTREAM_DELAY_MS, default
 *     250 ms), on a stack of its own with default settings: c = 16, 64, 256, one and two workers;
 *  5. `redis`: Redis commands per fresh call at short and long upstream latency, per command name and per process and
 *     Lua script (`bench/redis.ts`), on a private `redis-server` and a stack of its own;
 *  6. `memory`: the gateway's and the worker's RSS over 20,000 fresh calls (`bench/memory.ts`), on a stack of its own;
 *  7. `stores`: Redis commands, PostgreSQL statements, rows and WAL bytes per fresh call and per cache hit, beside a
 *     bare BullMQ round trip and a bare INSERT (`bench/stores.ts`), on a private `redis-server` and a stack of its own.
 *  8. `partitions`: the partitioned request log at 1 M and 10 M rows: insert cost per row and the usage reads of one
 *     account (`bench/partitions.ts`, BENCH_PARTITIONS_ROWS), in a database of its own; not in the default run.
 * `npm run bench -- latency load` (or BENCH_ONLY=latency,load) picks sections; `npm run bench:load` is section 2. Loopback only; needs the local Redis and PostgreSQL.
 */
import { runLatency } from "./latency.ts";
import { startStack } from "./lib/stack.ts";
import { probePaths } from "./lib/targets.ts";
import { runLoad } from "./load.ts";
import { runMemory } from "./memory.ts";
import { runParse } from "./parse.ts";
import { runPartitions } from "./partitions.ts";
import { runRedisCommands } from "./redis.ts";
import { runStores } from "./stores.ts";
import { runUpstreamLatency } from "./upstream.ts";

// Sections from the command line (`npm run bench -- latency load`), else BENCH_ONLY, else the first seven (the
// partitions section fills 10 M rows: asked for by name only).
const picked =
  process.argv.slice(2).join(",") ||
  process.env.BENCH_ONLY ||
  "latency,load,parse,upstream,redis,memory,stores";
const only = new Set(picked.split(",").map((s) => s.trim()));

async function main() {
  if (only.has("latency") || only.has("load")) {
    const stack = await startStack();
    try {
      console.log(
        `stack: gateway ${stack.gatewayUrl}, database ${new URL(stack.databaseUrl).pathname.slice(1)}, prefix ${stack.prefix}`,
      );
      const { secret } = await stack.createAccount(10_000_000);
      const paths = await probePaths(stack.gatewayUrl, secret);
      if (only.has("latency")) await runLatency(stack, secret, paths);
      if (only.has("load")) await runLoad(stack, paths);
    } finally {
      await stack.close();
    }
  }
  if (only.has("parse")) await runParse();
  if (only.has("upstream")) await runUpstreamLatency();
  if (only.has("redis")) await runRedisCommands();
  if (only.has("memory")) await runMemory();
  if (only.has("stores")) await runStores();
  if (only.has("partitions")) await runPartitions();
}

await main();
// autocannon and BullMQ leave timers behind; everything of the run is closed and deleted by now.
process.exit(process.exitCode ?? 0);
