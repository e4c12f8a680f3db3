/**
 * `npx tsx bench/speculation.ts` (issue 32): speculative enqueue on and off at a real platform's latency, in the same
 * run. Starts two stacks with the replay +`BENCH_UPSTREAM_DELAY_MS` (default 250) per upstream answer, one with
 * `SPECULATIVE_ENQUEUE=true` (on) and one with `=false` (off), one worker each, and measures, over
 * `BENCH_SPECULATION_ROUNDS` rounds (default 3) that alternate which stack goes first:
 *  - fresh `video-details` p50 at c=1: `BENCH_SEQUENTIAL` calls per stack and round (default 30), calls alternated
 *    on, off, off, on… on the same video, so both see the same load;
 *  - one worker's calls/s at each c of `BENCH_SPECULATION_CONCURRENCY` (default `64,256`; the closed loop of
 *    `upstream.ts`, `BENCH_UPSTREAM_SECONDS` after `BENCH_UPSTREAM_WARMUP_SECONDS`), one stack after the other.
 * Prints every round and the medians over the rounds, and the gain of on over off against the issue's bar (10 % of
 * the p50 or of the calls/s).
 */
import { performance } from "node:perf_hooks";
import { getter } from "./lib/measure.ts";
import { type BenchStack, startStack } from "./lib/stack.ts";
import { median, ms, percent, printTable } from "./lib/stats.ts";
import { probePaths } from "./lib/targets.ts";
import { measure } from "./upstream.ts";

const DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 250);
const CALLS = Number(process.env.BENCH_SEQUENTIAL ?? 30);
const ROUNDS = Number(process.env.BENCH_SPECULATION_ROUNDS ?? 3);
const CONCURRENCY = (process.env.BENCH_SPECULATION_CONCURRENCY ?? "64,256").split(",").map(Number);
const WARMUP_CALLS = 5;

interface Side {
  name: "on" | "off";
  stack: BenchStack;
  headers: Record<string, string>;
  paths: string[];
  call: () => Promise<void>;
  p50s: number[];
  /** Calls/s per round, by concurrency. */
  rates: Map<number, number[]>;
}

async function side(name: "on" | "off"): Promise<Side> {
  const stack = await startStack(
    { NODE_ENV: "production", SPECULATIVE_ENQUEUE: name === "on" ? "true" : "false" },
    undefined,
    { replayDelayMs: DELAY_MS },
  );
  const { secret } = await stack.createAccount(10_000_000);
  const headers = { authorization: `Bearer ${secret}` };
  const paths = (await probePaths(stack.gatewayUrl, secret)).freshDetails;
  const call = getter(`${stack.gatewayUrl}${paths[0] as string}`, headers);
  return { name, stack, headers, paths, call, p50s: [], rates: new Map(CONCURRENCY.map((c) => [c, []])) };
}

async function timed(once: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await once();
  return performance.now() - t;
}

async function main() {
  const sides: Side[] = [];
  try {
    sides.push(await side("on"));
    sides.push(await side("off"));
    const [on, off] = sides as [Side, Side];
    for (let i = 0; i < WARMUP_CALLS; i++) {
      await on.call();
      await off.call();
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [on, off] : [off, on];
      const series = new Map<Side, number[]>([
        [on, []],
        [off, []],
      ]);
      for (let i = 0; i < CALLS; i++) {
        const pair = i % 2 === 0 ? order : [...order].reverse();
        for (const s of pair) series.get(s)?.push(await timed(s.call));
      }
      for (const s of sides) {
        s.p50s.push(median(series.get(s) ?? []));
        console.log(`round ${round + 1}, speculation ${s.name}: c=1 p50 ${ms(s.p50s[round] ?? Number.NaN)}`);
      }
      for (const c of CONCURRENCY)
        for (const s of order) {
          const row = await measure(s.stack, s.paths, s.headers, `1 worker, ${s.name}`, c);
          s.rates.get(c)?.push(row.callsPerSecond);
          console.log(
            `round ${round + 1}, speculation ${s.name}: c=${c} ${row.callsPerSecond.toFixed(1)} calls/s (p50 ${ms(row.p50)}, worker CPU ${ms(row.cpuPerCall)}, gateway CPU ${ms(row.gatewayCpuPerCall)} per call, machine ${row.machineCores.toFixed(2)} cores, ${row.ok} answered, ${row.failed} failed)`,
          );
        }
    }
    console.log(
      `\nspeculative enqueue on/off, replay +${DELAY_MS} ms per upstream answer, fresh video-details, ${ROUNDS} rounds`,
    );
    const rates = (s: Side, c: number) => s.rates.get(c) ?? [];
    printTable([
      [
        "speculation",
        "c=1 p50 per round",
        "median",
        ...CONCURRENCY.flatMap((c) => [`c=${c} calls/s per round`, "median"]),
      ],
      ...sides.map((s) => [
        s.name,
        s.p50s.map(ms).join(", "),
        ms(median(s.p50s)),
        ...CONCURRENCY.flatMap((c) => [
          rates(s, c)
            .map((r) => r.toFixed(1))
            .join(", "),
          median(rates(s, c)).toFixed(1),
        ]),
      ]),
    ]);
    const p50Gain = (median(off.p50s) - median(on.p50s)) / median(off.p50s);
    const rateGains = CONCURRENCY.map(
      (c) => (median(rates(on, c)) - median(rates(off, c))) / median(rates(off, c)),
    );
    console.log(
      `gain of speculation: c=1 p50 ${percent(p50Gain)} (${ms(median(off.p50s) - median(on.p50s))}), calls/s ${CONCURRENCY.map((c, i) => `c=${c} ${percent(rateGains[i] ?? Number.NaN)}`).join(", ")}; bar 10 %: ${p50Gain >= 0.1 || rateGains.some((g) => g >= 0.1) ? "KEEP" : "REMOVE"}`,
    );
  } finally {
    for (const s of sides) await s.stack.close();
  }
}

await main();
// BullMQ leaves timers behind; both stacks are closed and deleted by now.
process.exit(process.exitCode ?? 0);
