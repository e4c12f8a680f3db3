/** Two tables of section `stores` (`bench/stores.ts`): WAL by relation, and CPU by process at c=64. */
import type { PgWindow } from "./pg-counters.ts";
import { median, printTable } from "./stats.ts";

/** One c=64 run: its throughput and the CPU each process spent per request (`lib/process-cpu.ts`). */
export interface Run {
  requestsPerSecond: number;
  cpu: Map<string, number>;
}

/**
 * The run's database WAL per fresh call and per cache hit by relation (`PgWindow.dbWalByRelation`: a partition under
 * its partitioned table, commits as `(Transaction)`), with and without the full-page images, largest first; the
 * relations under 5 B per call in both kinds are summed in one line. Where the next cut of WAL is to be found.
 */
export function walByRelation<W extends { pg: PgWindow }>(
  windows: W[],
  perCall: (windows: W[], kind: "fresh" | "hit", value: (w: W) => number) => number[],
): void {
  const names = [...new Set(windows.flatMap((w) => [...w.pg.dbWalByRelation.keys()]))];
  if (names.length === 0) return;
  const of = (name: string, field: "bytes" | "noFpi") => (w: W) => {
    if (w.pg.dbWalError) return Number.NaN;
    const wal = w.pg.dbWalByRelation.get(name);
    if (!wal) return 0;
    return field === "bytes" ? wal.bytes : wal.bytes - wal.fpiBytes;
  };
  const perKind = (name: string) =>
    (["fresh", "hit"] as const).flatMap((kind) =>
      (["bytes", "noFpi"] as const).map((field) => median(perCall(windows, kind, of(name, field)))),
    );
  const measured = names
    .map((name) => ({ name, values: perKind(name) }))
    .sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0));
  const large = measured.filter((m) => m.values.some((v) => v >= 5));
  const small = measured.filter((m) => !large.includes(m));
  const rest = [0, 1, 2, 3].map((i) => small.reduce((total, m) => total + (m.values[i] ?? 0), 0));
  const fixed = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
  console.log("\nWAL bytes of the run's database per call, by relation (pg_waldump; idle rate subtracted)\n");
  printTable([
    ["relation", "fresh call", "  without FPI", "cache hit", "  without FPI"],
    ...large.map((m) => [m.name, ...m.values.map(fixed)]),
    ...(small.length ? [[`${small.length} others (< 5 B each)`, ...rest.map(fixed)]] : []),
  ]);
}

/**
 * CPU µs per request of each process in the c=64 runs (median over the runs; `bench` is this process, autocannon
 * included; `postgres` the run's database's backends): on one machine every process shares its cores, so the hit's
 * share of `/healthz` is about the ratio of the totals.
 */
export function cpuTable(shares: { healthz: Run; hit: Run }[]): void {
  if (shares.length === 0) return;
  const labels = ["gateway", "worker", "redis", "postgres", "bench"];
  const of = (kind: "healthz" | "hit", label: string) =>
    median(shares.map((s) => s[kind].cpu.get(label) ?? 0).sort((a, b) => a - b));
  const total = (kind: "healthz" | "hit") => labels.reduce((sum, label) => sum + of(kind, label), 0);
  console.log("\nCPU µs per request at c=64 (/proc/<pid>/stat; median over the runs)\n");
  printTable([
    ["process", "/healthz", "cache hit"],
    ...labels.map((label) => [label, of("healthz", label).toFixed(0), of("hit", label).toFixed(0)]),
    ["total", total("healthz").toFixed(0), total("hit").toFixed(0)],
  ]);
}
