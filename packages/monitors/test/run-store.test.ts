import { CursorCodec } from "@sda/contract";
import { newId } from "@sda/core";
import { maintainPartitions, sqlPool } from "@sda/ledger";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../ledger/test/databases.ts";
import { monitorRunPartitions } from "../src/partitions.ts";
import { RunStore } from "../src/run-store.ts";

// Issue 38: `monitor_runs` is partitioned by `started_at`, so no unique index holds `job_key` alone; RunStore.startRun
// keeps one run per job key. Its partitions are made and dropped here, so this file has a database of its own.

const db = useTestDatabase("monitor_parts", { poolSize: 24 });
const runs = () => new RunStore(db.prisma);

/** A monitor row of this file's own (only its id matters to runs). */
async function monitor(): Promise<string> {
  const id = newId("mon");
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO monitors (id, account_id, key_id, queue_prefix, kind, operation, path, params, every_seconds)
     VALUES ($1, 'acct_runs', 'key_runs', 'runs', 'items', 'videosite.comments', '/v1/videosite/comments', '{}', 900)`,
    id,
  );
  return id;
}

describe("monitor runs, partitioned", () => {
  it("20 concurrent starts of one job: exactly one run, and every start gets it", async () => {
    const monitorId = await monitor();
    const jobKey = `manual-${monitorId}-race`;
    const started = await Promise.all(
      Array.from({ length: 20 }, () => runs().startRun(monitorId, jobKey, "manual")),
    );
    expect(new Set(started.map((r) => r.id)).size).toBe(1);
    expect(new Set(started.map((r) => r.requestId)).size).toBe(1);
    expect(await db.prisma.monitorRun.count({ where: { jobKey } })).toBe(1);
  });

  it("a re-run job finds its run whatever month it started in", async () => {
    const monitorId = await monitor();
    const jobKey = `repeat:${monitorId}:1`;
    await db.prisma.monitorRun.create({
      data: {
        id: newId("run"),
        monitorId,
        jobKey,
        requestId: newId("req"),
        trigger: "schedule",
        status: "running",
        startedAt: new Date("2024-03-01T00:00:00Z"),
      },
    });
    const again = await runs().startRun(monitorId, jobKey, "schedule");
    expect(again.startedAt).toEqual(new Date("2024-03-01T00:00:00Z"));
    expect(await db.prisma.monitorRun.count({ where: { jobKey } })).toBe(1);
  });

  it("drops the months of runs past MONITOR_RUN_RETENTION_DAYS; the runs page reads the rest", async () => {
    const monitorId = await monitor();
    const maintain = (retentionDays: number, now: string, aheadMonths: number) =>
      maintainPartitions(sqlPool(db.prisma), [monitorRunPartitions(retentionDays)], {
        aheadMonths,
        now: new Date(now),
      });
    await maintain(0, "2031-05-01T00:00:00Z", 3);
    for (const startedAt of ["2031-05-31T23:59:59.999Z", "2031-06-01T00:00:00Z", "2031-07-15T00:00:00Z"])
      await db.prisma.monitorRun.create({
        data: {
          id: newId("run"),
          monitorId,
          jobKey: `repeat:${monitorId}:${startedAt}`,
          requestId: newId("req"),
          trigger: "schedule",
          status: "succeeded",
          startedAt: new Date(startedAt),
        },
      });
    // Kept 40 days after their end: on 2031-07-20, months ending on or before 2031-06-10 go (May 2031 and older).
    const report = await maintain(40, "2031-07-20T00:00:00Z", 1);
    expect(report.dropped.filter((p) => p.includes("_p2031"))).toEqual(["monitor_runs_p203105"]);
    const page = await runs().listRuns({
      monitorId,
      cursors: new CursorCodec("runs-test-secret"),
      limit: 10,
    });
    expect(page.data.map((r) => r.startedAt.toISOString())).toEqual([
      "2031-07-15T00:00:00.000Z",
      "2031-06-01T00:00:00.000Z",
    ]);
  });
});
