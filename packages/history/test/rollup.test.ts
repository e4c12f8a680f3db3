import { randomUUID } from "node:crypto";
import { maintainPartitions, sqlPool } from "@sda/ledger";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../ledger/test/databases.ts";
import { metricRollupPartitions, metricSnapshotPartitions } from "../src/partitions.ts";
import { type HistoryInterval, HistoryStore } from "../src/store.ts";

// Issue 38: a month of raw points past HISTORY_RETENTION_DAYS is rolled up (the last point of each UTC hour) before
// its partition is dropped, and the series reads take the rollup: `hour` and `day` answers of that month are what
// they were, `raw` ones keep one point per hour. Partitions are made and dropped here: a database of this file's own.

const db = useTestDatabase("history_rollup");
const store = () => new HistoryStore(db.prisma);

const maintain = (retentionDays: number, now: string, aheadMonths: number, rollups = true) =>
  maintainPartitions(
    sqlPool(db.prisma),
    [...(rollups ? [metricRollupPartitions()] : []), metricSnapshotPartitions(retentionDays)],
    { aheadMonths, now: new Date(now) },
  );

const resource = () => {
  const id = randomUUID();
  return { platform: "rolluptest", kind: "thing", id, url: `https://example.test/${id}` };
};

/** Every interval's answer for March to June 2031, as [at, value] pairs per metric. */
async function readAll(r: ReturnType<typeof resource>) {
  const read = async (interval: HistoryInterval, from: string, to: string) => {
    const series = await store().series({
      ...r,
      metrics: ["views", "likes"],
      from: new Date(from),
      to: new Date(to),
      interval,
    });
    return Object.fromEntries(
      [...series].map(([m, points]) => [m, points.map((p) => [p.at.toISOString(), p.value])]),
    );
  };
  return {
    raw: await read("raw", "2031-03-01T00:00:00Z", "2031-04-01T00:00:00Z"),
    hour: await read("hour", "2031-03-01T00:00:00Z", "2031-07-01T00:00:00Z"),
    day: await read("day", "2031-03-01T00:00:00Z", "2031-07-01T00:00:00Z"),
  };
}

describe("History rollup before raw retention", () => {
  it("keeps hour and day answers of a dropped month; raw keeps the last point of each hour", async () => {
    // The raw months only: a rolled-up month gets its rollup partition when it is rolled up (not DEFAULT).
    await maintain(0, "2031-03-15T00:00:00Z", 3, false);
    const r = resource();
    const writes: [string, number, number | null][] = [
      ["2031-03-02T10:01:00Z", 100, 1],
      ["2031-03-02T10:30:00Z", 105, null],
      ["2031-03-02T10:59:30Z", 110, null],
      ["2031-03-02T13:15:00Z", 130, 3],
      ["2031-03-31T23:59:59Z", 140, 4],
      ["2031-06-10T08:00:00Z", 200, 5],
      ["2031-06-10T08:20:00Z", 210, 6],
    ];
    for (const [at, views, likes] of writes)
      await store().record({ resource: r, metrics: { views, likes }, at: new Date(at) });
    const before = await readAll(r);
    expect(before.raw.views).toHaveLength(5);

    // Kept 31 days after their end: on 2031-06-20, months ending on or before 2031-05-20 go (March and April).
    const report = await maintain(31, "2031-06-20T00:00:00Z", 1);
    expect(report.dropped.filter((p) => p.includes("_p2031"))).toEqual([
      "metric_snapshots_p203103",
      "metric_snapshots_p203104",
    ]);
    expect(report.created).toEqual(
      expect.arrayContaining(["metric_rollups_p203103", "metric_rollups_p203104"]),
    );
    const after = await readAll(r);
    expect(after.hour).toEqual(before.hour);
    expect(after.day).toEqual(before.day);
    expect(after.raw).toEqual({
      views: [
        ["2031-03-02T10:59:00.000Z", 110],
        ["2031-03-02T13:15:00.000Z", 130],
        ["2031-03-31T23:59:00.000Z", 140],
      ],
      likes: [
        ["2031-03-02T10:01:00.000Z", 1],
        ["2031-03-02T13:15:00.000Z", 3],
        ["2031-03-31T23:59:00.000Z", 4],
      ],
    });
    const rolled = await db.prisma.$queryRaw<{ p: string; n: number }[]>`
      SELECT tableoid::regclass::text AS p, count(*)::int AS n FROM metric_rollups WHERE resource_id = ${r.id} GROUP BY 1`;
    expect(rolled).toEqual([{ p: "metric_rollups_p203103", n: 6 }]);
  });

  it("reads a minute found in both tables once, from the raw points", async () => {
    const r = resource();
    await store().record({ resource: r, metrics: { views: 7 }, at: new Date("2031-06-11T09:00:00Z") });
    await db.prisma.metricRollup.create({
      data: {
        platform: r.platform,
        kind: r.kind,
        resourceId: r.id,
        metric: "views",
        at: new Date("2031-06-11T09:00:00Z"),
        value: 6,
        observedAt: new Date("2031-06-11T09:00:00Z"),
      },
    });
    const { raw, hour } = await readAll(r);
    expect(raw.views).toEqual([]);
    expect(hour.views).toEqual([["2031-06-11T09:00:00.000Z", 7]]);
    const june = await store().series({
      ...r,
      metrics: ["views"],
      from: new Date("2031-06-01T00:00:00Z"),
      to: new Date("2031-07-01T00:00:00Z"),
      interval: "raw",
    });
    expect(june.get("views")).toEqual([{ at: new Date("2031-06-11T09:00:00Z"), value: 7 }]);
  });
});
