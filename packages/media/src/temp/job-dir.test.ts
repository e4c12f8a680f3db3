import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepTempRoot, withJobTempDir } from "./job-dir.ts";

const host = hostname().replace(/[^A-Za-z0-9_.]/g, "_");
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "jobdir-test-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((r) => child.once("exit", r));
  return child.pid ?? 0;
}

describe("per-job temp dirs", () => {
  it("the dir is removed after the job, whether it succeeds or throws", async () => {
    let seen = "";
    await withJobTempDir(root, async (dir) => {
      seen = dir;
      await writeFile(path.join(dir, "speech.mp3"), "x");
    });
    expect(await readdir(root)).not.toContain(path.basename(seen));
    await expect(
      withJobTempDir(root, async (dir) => {
        seen = dir;
        await writeFile(path.join(dir, "download-direct"), "x");
        throw new Error("asr failed");
      }),
    ).rejects.toThrow("asr failed");
    expect(await readdir(root)).not.toContain(path.basename(seen));
  });

  it("the sweep removes the dirs of dead processes and old dirs, and keeps those of running processes", async () => {
    const orphan = `${host}-${await deadPid()}-AbC123`;
    const running = `${host}-${process.ppid}-DeF456`;
    const otherHost = `elsewhere-${await deadPid()}-GhI789`;
    const old = `${otherHost}-old`;
    for (const name of [orphan, running, otherHost, old]) {
      await mkdir(path.join(root, name));
      await writeFile(path.join(root, name, "download-direct"), "x");
    }
    const sevenHoursAgo = new Date(Date.now() - 7 * 3600 * 1000);
    await utimes(path.join(root, old), sevenHoursAgo, sevenHoursAgo);
    const removed = await sweepTempRoot(root);
    expect(removed.sort()).toEqual([orphan, old].sort());
    expect((await readdir(root)).sort()).toEqual([otherHost, running].sort());
  });
});
