import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";

/** Default root of the per-job temp dirs: `<os tmpdir>/sda-audio`. */
export function defaultTempRoot(): string {
  return path.join(tmpdir(), "sda-audio");
}

/** Dirs older than this are removed by the sweep whoever made them (a job never runs this long). */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

// `<host>-<pid>-<random>`: the sweep can tell which process made a dir and whether it still runs.
const host = hostname().replace(/[^A-Za-z0-9_.]/g, "_");
const DIR_NAME = /^(.+)-(\d+)-[A-Za-z0-9]+$/;

function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temp dirs that no running job owns: those made on this host by a process that no longer runs (a worker
 * killed mid-job, whose `finally` never ran) and any dir older than 6 hours. Dirs of live processes, including other
 * workers sharing the root, are kept.
 * @returns the names of the removed dirs.
 */
export async function sweepTempRoot(root: string, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const full = path.join(root, name);
    const match = DIR_NAME.exec(name);
    const orphaned = match !== null && match[1] === host && !processIsAlive(Number(match[2]));
    const stale = await stat(full)
      .then((s) => now - s.mtimeMs > STALE_AFTER_MS)
      .catch(() => false);
    if (!orphaned && !stale) continue;
    await rm(full, { recursive: true, force: true, maxRetries: 3 });
    removed.push(name);
  }
  return removed;
}

const swept = new Map<string, Promise<string[]>>();

/**
 * Sweeps `root` once per process (the first audio job after a worker starts), so the files of a worker killed
 * mid-job are removed by its successor. Later calls return the first sweep's result.
 */
function sweepTempRootOnce(root: string): Promise<string[]> {
  let sweep = swept.get(root);
  if (!sweep) {
    sweep = sweepTempRoot(root).catch(() => []);
    swept.set(root, sweep);
  }
  return sweep;
}

/**
 * Runs `work` with a fresh temp dir of its own under `root` and removes the dir afterwards, whether `work` resolves,
 * throws or is aborted. A process killed in between leaves the dir to {@link sweepTempRoot}.
 */
export async function withJobTempDir<T>(root: string, work: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(root, { recursive: true });
  await sweepTempRootOnce(root);
  const dir = await mkdtemp(path.join(root, `${host}-${process.pid}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
