/**
 * CPU time of the processes of a benchmark run, read from `/proc/<pid>/stat` (user + system ticks, USER_HZ = 100 on
 * Linux: 10 ms each): what each process spent on a load, to say per request where a throughput went. PostgreSQL's
 * backends are found by their process title (`postgres: … <database> …`), so every connection of the run's database
 * counts, whichever process opened it; its background processes (WAL writer, checkpointer) are left out. Linux only:
 * elsewhere every figure reads 0.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Milliseconds of CPU per label at one moment. */
export type CpuSample = Map<string, number>;

/** user + system CPU of `pid` in ms, or 0 when it is gone (or not on Linux). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The pids of PostgreSQL backends connected to `database` (their title names it). */
function backendsOf(database: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return [];
  }
  return pids
    .filter((pid) => {
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
        return title.startsWith("postgres: ") && title.includes(` ${database} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A reader of the run's CPU by label: `processes` gives each label's pids (read at each sample, so a respawned worker
 * counts), and `postgres` is the run's database, whose backends are summed under `postgres`.
 */
export function processCpu(processes: () => Record<string, number[]>, database: string) {
  return {
    sample(): CpuSample {
      const sample: CpuSample = new Map();
      for (const [label, pids] of Object.entries(processes()))
        sample.set(
          label,
          pids.reduce((total, pid) => total + cpuMs(pid), 0),
        );
      sample.set(
        "postgres",
        backendsOf(database).reduce((total, pid) => total + cpuMs(pid), 0),
      );
      return sample;
    },
  };
}

/**
 * CPU µs per request of each label between two samples, over `requests` requests. A backend that ended between the
 * samples takes its time with it: the figures are lower bounds for PostgreSQL.
 */
export function cpuPerRequest(start: CpuSample, end: CpuSample, requests: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [label, ms] of end)
    out.set(label, ((ms - (start.get(label) ?? 0)) * 1000) / Math.max(1, requests));
  return out;
}
