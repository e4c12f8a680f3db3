/**
 * `npm run bench:ab -- <other checkout>`: the c=1 latency of two builds measured in the same minutes, for a machine
 * too busy for runs one after the other to compare. Starts a stack of each (A: the other checkout, e.g. an export of
 * `main` with this checkout's `node_modules`; B: this one), then alternates single calls A, B, A, B… on the same
 * paths (fresh video-details, transcript, a cache hit, the account), so both see the same load. Prints p50, mean and
 * the ratio B / A per path, and the worker's spans and SQL of each build (`lib/timing-hook.ts`; a build without the
 * engine's spans shows 0 there). `BENCH_SEQUENTIAL` calls per path and build (default 200), after 20 warm-up calls.
 */
import { performance } from "node:perf_hooks";
import { getter } from "./lib/measure.ts";
import { type BenchStack, startStack } from "./lib/stack.ts";
import { mean, median, ms, printTable } from "./lib/stats.ts";
import { probePaths } from "./lib/targets.ts";
import type { ProcessTimings } from "./lib/timing-hook.ts";

const CALLS = Number(process.env.BENCH_SEQUENTIAL ?? 200);

/** One build's stack with its account and the paths it answers. */
async function prepare(root: string | undefined) {
  const stack = await startStack({}, ...(root ? [root] : []));
  let secret: string;
  let paths: Awaited<ReturnType<typeof probePaths>>;
  try {
    ({ secret } = await stack.createAccount(10_000_000));
    paths = await probePaths(stack.gatewayUrl, secret);
  } catch (error) {
    // The caller only closes the stacks it was handed: a failed probe would leave this one's processes running,
    // its database and its Redis keys behind.
    await stack.close();
    throw error;
  }
  const auth = { authorization: `Bearer ${secret}` };
  const call = (path: string) => getter(`${stack.gatewayUrl}${path}`, auth);
  return {
    stack,
    calls: {
      "fresh video-details": call(paths.freshDetails[0] as string),
      transcript: call(paths.transcript[0] as string),
      "cache-hit video-details": call(paths.cacheHit[0] as string),
      "GET /v1/account": call("/v1/account"),
    } as Record<string, () => Promise<void>>,
  };
}

async function timed(once: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await once();
  return performance.now() - t;
}

/** Per-call means of a worker's timing totals over `calls` calls. */
function perCall(t: ProcessTimings, calls: number) {
  return [t.handlerMs, t.settleMs, t.storeMs, t.upstreamMs, t.moneySqlMs, t.otherSqlMs].map((v) =>
    ms(v / calls),
  );
}

async function main() {
  const other = process.argv[2];
  if (!other) throw new Error("usage: npm run bench:ab -- <other checkout (A)>");
  const stacks: BenchStack[] = [];
  try {
    const a = await prepare(other);
    stacks.push(a.stack);
    const b = await prepare(undefined);
    stacks.push(b.stack);
    console.log(`A: ${other}\nB: this checkout\n${CALLS} calls per path and build, alternating A and B\n`);
    const rows = [["path", "A p50", "B p50", "B/A p50", "A mean", "B mean"]];
    const spans = [
      ["fresh paths, worker, per call", "handler", "settle", "store", "upstream", "money SQL", "other SQL"],
    ];
    for (const path of Object.keys(a.calls)) {
      const [runA, runB] = [a.calls[path], b.calls[path]] as [() => Promise<void>, () => Promise<void>];
      for (let i = 0; i < 20; i++) {
        await runA();
        await runB();
      }
      await Promise.all([a.stack.timings("worker", true), b.stack.timings("worker", true)]);
      const seriesA: number[] = [];
      const seriesB: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        // Alternate which build goes first, so neither always follows the other's work.
        if (i % 2 === 0) {
          seriesA.push(await timed(runA));
          seriesB.push(await timed(runB));
        } else {
          seriesB.push(await timed(runB));
          seriesA.push(await timed(runA));
        }
      }
      const [workerA, workerB] = await Promise.all([
        a.stack.timings("worker", true),
        b.stack.timings("worker", true),
      ]);
      rows.push([
        path,
        ms(median(seriesA)),
        ms(median(seriesB)),
        `×${(median(seriesB) / median(seriesA)).toFixed(2)}`,
        ms(mean(seriesA)),
        ms(mean(seriesB)),
      ]);
      if (path === "fresh video-details" || path === "transcript")
        spans.push([`A ${path}`, ...perCall(workerA, CALLS)], [`B ${path}`, ...perCall(workerB, CALLS)]);
    }
    printTable(rows);
    console.log("");
    printTable(spans);
  } finally {
    for (const stack of stacks) await stack.close();
  }
}

await main();
// BullMQ leaves timers behind; both stacks are closed and deleted by now.
process.exit(process.exitCode ?? 0);
