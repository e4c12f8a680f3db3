/**
 * Section `memory` of `npm run bench` (issue 26: memory stays flat): `BENCH_MEMORY_CALLS` (default 20,000) fresh
 * `video-details` through one gateway and one worker with the default settings (`NODE_ENV=production`, replay at zero
 * latency so the run is short), from `BENCH_MEMORY_CONCURRENCY` (64) callers in a closed loop. The resident set size
 * (`VmRSS` of /proc/<pid>/status) of the gateway and of the worker is read when the answered calls pass each
 * checkpoint (1/20, 1/4, 1/2 and all of the calls), and beside it the V8 heap in use after a full collection (the
 * bench's hook runs `gc()` in the process); the target compares the RSS after all of them with after a quarter of them
 * (20k with 5k at the default): within 15 %. A leak of a few hundred bytes per call (a map never pruned, a listener per job) shows
 * as RSS that keeps climbing between the checkpoints; the heap's warm-up (JIT, pools, caches filling) is over by the
 * first quarter.
 */
import { readFileSync } from "node:fs";
import { type BenchStack, startStack } from "./lib/stack.ts";
import { percent, printTable, verdict } from "./lib/stats.ts";
import { probePaths } from "./lib/targets.ts";

const CALLS = Number(process.env.BENCH_MEMORY_CALLS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_MEMORY_CONCURRENCY ?? 64);
/** Fractions of {@link CALLS} at which the RSS is read; the target compares the last with the second. */
const CHECKPOINTS = [1 / 20, 1 / 4, 1 / 2, 1];

/** Resident set size of a process now, in MiB (`VmRSS` of /proc/<pid>/status, given in kB). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN) / 1024;
}

interface Sample {
  calls: number;
  /** RSS, MiB. */
  gateway: number;
  worker: number;
  /** V8 heap in use after a full collection (the hook's `gc()`), MiB: what the process still holds. */
  gatewayHeap: number;
  workerHeap: number;
}

const MiB = 1024 * 1024;

/**
 * The closed loop: each caller calls again as soon as it is answered, until {@link CALLS} calls were answered (any
 * status); the RSS of both processes is read as the answered count reaches each checkpoint.
 * @returns one sample per checkpoint, and how many calls were not answered 200.
 */
async function drive(stack: BenchStack, paths: string[], secret: string) {
  const headers = { authorization: `Bearer ${secret}` };
  const marks = CHECKPOINTS.map((f) => Math.round(CALLS * f));
  const samples: Sample[] = [];
  let answered = 0;
  let started = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < CALLS) {
        const path = paths[started++ % paths.length] as string;
        const status = await fetch(`${stack.gatewayUrl}${path}`, { headers })
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          })
          .catch(() => 0);
        if (status !== 200) failed++;
        answered++;
        if (answered === marks[samples.length]) {
          const [worker] = stack.workerPids();
          // Pushed before the heaps are asked for, so that the callers still running see the next checkpoint.
          const sample: Sample = {
            calls: answered,
            gateway: rssMiB(stack.gatewayPid),
            worker: rssMiB(worker ?? 0),
            gatewayHeap: Number.NaN,
            workerHeap: Number.NaN,
          };
          samples.push(sample);
          const [g, w] = await Promise.all([stack.memory("gateway"), stack.memory("worker")]);
          sample.gatewayHeap = g.heapUsed / MiB;
          sample.workerHeap = w.heapUsed / MiB;
          console.log(`  ${sample.calls} calls answered`);
        }
      }
    }),
  );
  return { samples, failed };
}

/** Runs the section on a stack of its own and prints the RSS table and the target. */
export async function runMemory(): Promise<void> {
  const stack = await startStack({ NODE_ENV: "production" });
  try {
    const { secret } = await stack.createAccount(100_000_000);
    const paths = (await probePaths(stack.gatewayUrl, secret)).freshDetails;
    console.log(
      `\nmemory: ${CALLS} fresh video-details at c=${CONCURRENCY}, default settings, replay at zero latency`,
    );
    const { samples, failed } = await drive(stack, paths, secret);
    printTable([
      ["calls answered", "gateway RSS", "worker RSS", "gateway heap after GC", "worker heap after GC"],
      ...samples.map((s) => [
        String(s.calls),
        `${s.gateway.toFixed(1)} MiB`,
        `${s.worker.toFixed(1)} MiB`,
        `${s.gatewayHeap.toFixed(1)} MiB`,
        `${s.workerHeap.toFixed(1)} MiB`,
      ]),
    ]);
    console.log(`not answered 200: ${failed}`);
    const quarter = samples[1];
    const all = samples.at(-1);
    if (!quarter || !all) return;
    for (const name of ["gateway", "worker"] as const) {
      const growth = all[name] / quarter[name] - 1;
      console.log(
        verdict(
          growth <= 0.15,
          `${name} RSS after ${all.calls} calls within 15 % of after ${quarter.calls}`,
          `${growth >= 0 ? "+" : ""}${percent(growth)}`,
        ),
      );
    }
  } finally {
    await stack.close();
  }
}
