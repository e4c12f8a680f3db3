import { randomUUID } from "node:crypto";
import { createPrismaClient } from "@sda/ledger";
import { afterAll, describe, expect, inject, it } from "vitest";
import { HistoryStore, minuteOf } from "../src/store.ts";

// The store's own semantics (one value per minute, last value per bucket, gaps) on a resource of a test platform:
// the values are inputs of the algorithm under test, not platform data.

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const store = new HistoryStore(prisma);
afterAll(() => prisma.$disconnect());

function resource() {
  const id = randomUUID();
  return { platform: "storetest", kind: "thing", id, url: `https://example.test/${id}` };
}
const t = (iso: string) => new Date(iso);
const range = { from: t("2021-01-01T00:00:00Z"), to: t("2021-01-10T00:00:00Z") };
const iso = (points: { at: Date; value: number }[] | undefined) =>
  (points ?? []).map((p) => [p.at.toISOString(), p.value]);

describe("HistoryStore", () => {
  it("keeps one value per metric and minute: the later call's, even when it is written first", async () => {
    const r = resource();
    await store.record({ resource: r, metrics: { views: 1 }, at: t("2021-01-02T10:00:05Z") });
    await store.record({ resource: r, metrics: { views: 3 }, at: t("2021-01-02T10:00:50Z") });
    // A retried job that ran earlier in the same minute finishes last: it must not replace the newer value.
    await store.record({ resource: r, metrics: { views: 2 }, at: t("2021-01-02T10:00:20Z") });
    const series = await store.series({ ...r, metrics: ["views"], ...range, interval: "raw" });
    expect(iso(series.get("views"))).toEqual([["2021-01-02T10:00:00.000Z", 3]]);
  });

  it("skips null and non-finite values (gaps), records the resource anyway, and reads every metric apart", async () => {
    const r = resource();
    const written = await store.record({
      resource: r,
      metrics: { views: 10, likes: null, ratio: Number.NaN },
      at: t("2021-01-02T10:00:00Z"),
    });
    expect(written).toBe(1);
    expect(await store.findResource(r.platform, r.kind, r.id)).toEqual(r);
    const series = await store.series({
      ...r,
      metrics: ["views", "likes", "ratio"],
      ...range,
      interval: "raw",
    });
    expect(Object.fromEntries([...series].map(([m, p]) => [m, iso(p)]))).toEqual({
      views: [["2021-01-02T10:00:00.000Z", 10]],
      likes: [],
      ratio: [],
    });
  });

  it("hour and day give the last value of each UTC bucket at its start; empty buckets stay absent", async () => {
    const r = resource();
    const writes: [string, number][] = [
      ["2021-01-02T10:01:00Z", 100],
      ["2021-01-02T10:59:30Z", 110],
      ["2021-01-02T13:15:00Z", 130],
      ["2021-01-02T23:59:59Z", 140],
      ["2021-01-04T00:00:00Z", 200],
    ];
    for (const [at, value] of writes)
      await store.record({ resource: r, metrics: { views: value }, at: t(at) });
    const read = async (interval: "raw" | "hour" | "day") =>
      iso((await store.series({ ...r, metrics: ["views"], ...range, interval })).get("views"));
    expect(await read("raw")).toEqual(writes.map(([at, value]) => [minuteOf(t(at)).toISOString(), value]));
    expect(await read("hour")).toEqual([
      ["2021-01-02T10:00:00.000Z", 110],
      ["2021-01-02T13:00:00.000Z", 130],
      ["2021-01-02T23:00:00.000Z", 140],
      ["2021-01-04T00:00:00.000Z", 200],
    ]);
    expect(await read("day")).toEqual([
      ["2021-01-02T00:00:00.000Z", 140],
      ["2021-01-04T00:00:00.000Z", 200],
    ]);
    // from inclusive, to exclusive.
    const window = await store.series({
      ...r,
      metrics: ["views"],
      from: t("2021-01-02T13:15:00Z"),
      to: t("2021-01-04T00:00:00Z"),
      interval: "raw",
    });
    expect(iso(window.get("views")).map(([, v]) => v)).toEqual([130, 140]);
  });

  it("maps an alias to the resource last recorded under it", async () => {
    const first = resource();
    const second = resource();
    const alias = `@${randomUUID()}`;
    await store.record({ resource: first, aliases: [alias], metrics: {}, at: t("2021-01-02T10:00:00Z") });
    expect(await store.resolveAlias("storetest", "thing", alias)).toBe(first.id);
    // The handle moved to another channel.
    await store.record({ resource: second, aliases: [alias], metrics: {}, at: t("2021-01-03T10:00:00Z") });
    expect(await store.resolveAlias("storetest", "thing", alias)).toBe(second.id);
    expect(await store.resolveAlias("storetest", "thing", "@nobody-ever")).toBeNull();
  });
});
