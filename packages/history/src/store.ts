import type { HistoryResource } from "@sda/contract";
import { Prisma, type PrismaClient, sqlPool } from "@sda/ledger";

/** Resolution of a series: every recorded minute, or the last value of each hour / day (UTC). */
export type HistoryInterval = "raw" | "hour" | "day";

/** One value of a series. `at` is the start (UTC) of its minute (raw) or of its hour / day bucket. */
export interface MetricPoint {
  at: Date;
  value: number;
}

/** What one successful call appends. */
export interface SnapshotInput {
  resource: HistoryResource;
  /** Other names of the resource (handles, share links), as the platform compares them. */
  aliases?: readonly string[];
  /** Metric values; null and non-finite values are gaps and are not stored. */
  metrics: Readonly<Record<string, number | null>>;
  /** When the call ran (the engine's clock). */
  at: Date;
}

/** A range read of some metrics of one resource. */
export interface SeriesQuery {
  platform: string;
  kind: string;
  id: string;
  metrics: readonly string[];
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  interval: HistoryInterval;
}

const MINUTE_MS = 60_000;

/**
 * The snapshot of one call: the resource, its aliases ($6, possibly empty) and its metric values ($8 names, $9 values,
 * possibly empty). $5 is the call's time and $7 its minute, UTC `timestamp(3)` literals. The resource row and the
 * metric points of a minute that exist already (every call after a resource's first, every repeat within a minute)
 * are updated in place first and only the rest inserted: an `INSERT … ON CONFLICT DO UPDATE` that meets an existing
 * row locks it before updating it, a WAL record of its own (~100 bytes per row, issue 38). The inserts keep their
 * `ON CONFLICT` for a row a concurrent call inserted in between; a point stored by a later call is left as it is.
 */
const RECORD = `
  WITH touched AS (
    UPDATE "history_resources" SET
      "url" = $4,
      "first_seen_at" = LEAST("first_seen_at", $5::timestamp(3)),
      "last_seen_at" = GREATEST("last_seen_at", $5::timestamp(3))
     WHERE "platform" = $1 AND "kind" = $2 AND "id" = $3
    RETURNING 1
  ), resource AS (
    INSERT INTO "history_resources" ("platform", "kind", "id", "url", "first_seen_at", "last_seen_at")
    SELECT $1, $2, $3, $4, $5::timestamp(3), $5::timestamp(3) WHERE NOT EXISTS (SELECT 1 FROM touched)
    ON CONFLICT ("platform", "kind", "id") DO UPDATE SET
      "url" = EXCLUDED."url",
      "first_seen_at" = LEAST("history_resources"."first_seen_at", EXCLUDED."first_seen_at"),
      "last_seen_at" = GREATEST("history_resources"."last_seen_at", EXCLUDED."last_seen_at")
  ), alias AS (
    INSERT INTO "history_aliases" ("platform", "kind", "alias", "resource_id", "updated_at")
    SELECT $1, $2, a, $3, $5::timestamp(3) FROM unnest($6::text[]) AS a
    ON CONFLICT ("platform", "kind", "alias") DO UPDATE SET
      "resource_id" = EXCLUDED."resource_id", "updated_at" = EXCLUDED."updated_at"
    WHERE "history_aliases"."updated_at" <= EXCLUDED."updated_at"
  ), points AS (
    SELECT m, v FROM unnest($8::text[], $9::float8[]) AS s(m, v)
  ), replaced AS (
    UPDATE "metric_snapshots" AS t SET "value" = p.v, "observed_at" = $5::timestamp(3)
      FROM points AS p
     WHERE t."platform" = $1 AND t."kind" = $2 AND t."resource_id" = $3 AND t."metric" = p.m
       AND t."at" = $7::timestamp(3) AND t."observed_at" <= $5::timestamp(3)
    RETURNING t."metric"
  )
  INSERT INTO "metric_snapshots" ("platform", "kind", "resource_id", "metric", "at", "value", "observed_at")
  SELECT $1, $2, $3, m, $7::timestamp(3), v, $5::timestamp(3)
    FROM points WHERE m NOT IN (SELECT "metric" FROM replaced)
  ON CONFLICT ("platform", "kind", "resource_id", "metric", "at") DO UPDATE SET
    "value" = EXCLUDED."value", "observed_at" = EXCLUDED."observed_at"
  WHERE "metric_snapshots"."observed_at" <= EXCLUDED."observed_at"`;

/** Start of the UTC minute of `at`: the snapshot key, so a resource has at most one value per metric per minute. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
}

/**
 * The History tables in PostgreSQL (prisma/migrations/20261124060000_history):
 * - `metric_snapshots`: one row per (platform, kind, resource_id, metric, minute), primary key in that order, so a
 *   series is one index range scan (per month: the table is partitioned by month of `at`);
 * - `metric_rollups`: the last point of each hour of the months dropped from `metric_snapshots` by retention, written
 *   by the partition maintenance before each drop (`metricSnapshotPartitions`);
 * - `history_resources`: canonical URL and first/last recording of each resource;
 * - `history_aliases`: other names of a resource (channel handles, share links) learned from the calls that used them.
 */
export class HistoryStore {
  constructor(readonly prisma: PrismaClient) {}

  /**
   * Appends the snapshot of one call, in ONE statement (atomic by itself, one round trip: it runs on every successful
   * call before the call is answered, so a caller reads its own snapshot). A second call in the same minute replaces
   * the values of that minute unless it ran earlier than the stored one (a retried job finishing late keeps the newer
   * value). Runs on the `pg` pool under the Prisma client as a named prepared statement.
   * @returns how many metric values were written (0 when every metric was null: only the resource is recorded).
   */
  async record(input: SnapshotInput): Promise<number> {
    const { platform, kind, id, url } = input.resource;
    const entries = Object.entries(input.metrics).filter(
      (entry): entry is [string, number] => typeof entry[1] === "number" && Number.isFinite(entry[1]),
    );
    const observedAt = input.at.toISOString().replace("Z", "");
    const minute = minuteOf(input.at).toISOString().replace("Z", "");
    const aliases = [...new Set(input.aliases ?? [])];
    await sqlPool(this.prisma).query({
      name: "sda_history_record",
      text: RECORD,
      values: [
        platform,
        kind,
        id,
        url,
        observedAt,
        aliases,
        minute,
        entries.map((e) => e[0]),
        entries.map((e) => e[1]),
      ],
    });
    return entries.length;
  }

  /** The resource id an alias was last seen for, or null. */
  async resolveAlias(platform: string, kind: string, alias: string): Promise<string | null> {
    const row = await this.prisma.historyAlias.findUnique({
      where: { platform_kind_alias: { platform, kind, alias } },
      select: { resourceId: true },
    });
    return row?.resourceId ?? null;
  }

  /** A recorded resource, or null when no call has recorded it yet. */
  async findResource(platform: string, kind: string, id: string): Promise<HistoryResource | null> {
    const row = await this.prisma.historyResource.findUnique({
      where: { platform_kind_id: { platform, kind, id } },
      select: { url: true },
    });
    return row ? { platform, kind, id, url: row.url } : null;
  }

  /**
   * Reads series, oldest point first. `raw` gives every recorded minute; `hour` / `day` give, for each UTC bucket that
   * has values, the last value recorded in it, at the bucket's start. Buckets without values are absent (gaps stay
   * gaps; nothing is interpolated). Months whose raw points were dropped by retention are read from their rollup
   * (`metric_rollups`: the last point of each hour), so `hour` / `day` answers stay what they were and `raw` gives one
   * point per hour there; a minute in both tables is read once, from the raw points.
   * @returns points per requested metric (an empty list for a metric without values in the range).
   */
  async series(query: SeriesQuery): Promise<Map<string, MetricPoint[]>> {
    const { platform, kind, id, interval } = query;
    const metrics = [...query.metrics];
    const where = Prisma.sql`"platform" = ${platform} AND "kind" = ${kind} AND "resource_id" = ${id}
      AND "metric" = ANY(${metrics}::text[])
      AND "at" >= ${query.from.toISOString()}::timestamp(3) AND "at" < ${query.to.toISOString()}::timestamp(3)`;
    const recorded = Prisma.sql`
      SELECT "metric", "at", "value", 0 AS src FROM "metric_snapshots" WHERE ${where}
      UNION ALL
      SELECT "metric", "at", "value", 1 AS src FROM "metric_rollups" WHERE ${where}`;
    const rows =
      interval === "raw"
        ? await this.prisma.$queryRaw<{ metric: string; ms: number; value: number }[]>`
            SELECT DISTINCT ON ("metric", "at") "metric", (EXTRACT(EPOCH FROM "at") * 1000)::float8 AS ms, "value"
              FROM (${recorded}) AS s
             ORDER BY "metric", "at", src`
        : await this.prisma.$queryRaw<{ metric: string; ms: number; value: number }[]>`
            SELECT DISTINCT ON ("metric", bucket) "metric", bucket,
                   (EXTRACT(EPOCH FROM bucket) * 1000)::float8 AS ms, "value"
              FROM (SELECT "metric", date_trunc(${interval}::text, "at") AS bucket, "at", "value", src
                      FROM (${recorded}) AS r) AS s
             ORDER BY "metric", bucket, "at" DESC, src`;
    const series = new Map<string, MetricPoint[]>(metrics.map((m) => [m, []]));
    for (const row of rows)
      series.get(row.metric)?.push({ at: new Date(Number(row.ms)), value: Number(row.value) });
    return series;
  }
}
