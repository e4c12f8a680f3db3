import { failWith, type HistoryCatalog } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { instantInRange } from "@sda/ledger";
import { z } from "zod";
import { fail } from "./errors.ts";
import { locateUrl } from "./locate.ts";
import type { HistoryInterval, HistoryStore, MetricPoint } from "./store.ts";

const DAY_MS = 86_400_000;
/** Range when `from` is absent: the 30 days before `to`. */
const DEFAULT_RANGE_DAYS = 30;
/** Longest range per interval, so one answer stays small (raw: at most 44,640 points per metric). */
const MAX_RANGE_DAYS: Record<HistoryInterval, number> = { raw: 31, hour: 366, day: 3660 };

/** An ISO 8601 date (`2026-11-24`, midnight UTC) or date-time with `Z` or an offset. Output: a Date. */
const instantParam = z
  .string()
  .max(64)
  .transform((value, ctx): Date => {
    const valid =
      z.iso.datetime({ offset: true }).safeParse(value).success || z.iso.date().safeParse(value).success;
    const date = new Date(value);
    if (valid && !Number.isNaN(date.getTime())) return instantInRange(date, ctx) ? date : z.NEVER;
    failWith(
      ctx,
      "invalid_parameter",
      `${value} is not an ISO 8601 date or date-time (2026-11-24, 2026-11-24T10:00:00Z)`,
    );
    return z.NEVER;
  });

/** Query parameters of `GET /v1/history`. */
export const historyQueryParams = z.object({
  url: z.string().max(2048).describe("URL of a video, channel, playlist, subreddit, post or profile"),
  metrics: z
    .string()
    .max(1000)
    .optional()
    .describe("Comma-separated metric names (result field names, e.g. viewCount,likeCount); default all"),
  from: instantParam.optional().describe("Start, inclusive (ISO 8601); default 30 days before `to`"),
  to: instantParam.optional().describe("End, exclusive (ISO 8601); default now"),
  interval: z
    .enum(["raw", "hour", "day"])
    .default("raw")
    .describe("raw: every recorded minute; hour/day: the last value of each UTC bucket"),
});

/** The parsed query. */
export type HistoryQuery = z.output<typeof historyQueryParams>;

/** `data` of `GET /v1/history`. Times are UTC ISO strings. */
export interface HistoryAnswer {
  /** `id` is null only for an alias (a handle, a share link) no recorded call has resolved yet. */
  resource: { platform: string; kind: string; id: string | null; url: string };
  interval: HistoryInterval;
  from: string;
  to: string;
  /** One entry per requested metric, in the requested order; `points` oldest first, empty when nothing was recorded. */
  series: { metric: string; points: { at: string; value: number }[] }[];
}

/** The requested metric names, checked against those recorded for the resource's kind. */
function requestedMetrics(raw: string | undefined, allowed: readonly string[]): string[] {
  const names = [
    ...new Set(
      (raw ?? "")
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) return [...allowed];
  const unknown = names.filter((m) => !allowed.includes(m));
  if (unknown.length > 0)
    throw fail(
      "unknown_metric",
      `unknown metric ${unknown.join(", ")}; this resource records: ${allowed.join(", ")}`,
      { details: { param: "metrics", unknown, allowed } },
    );
  return names;
}

/** The range of the query, checked. */
function rangeOf(query: HistoryQuery, now: Date): { from: Date; to: Date } {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime())
    throw new ServiceError("parameter_out_of_range", "from must be before to", {
      details: { param: "from" },
    });
  const maxDays = MAX_RANGE_DAYS[query.interval];
  if (to.getTime() - from.getTime() > maxDays * DAY_MS)
    throw new ServiceError(
      "parameter_out_of_range",
      `a ${query.interval} range spans at most ${maxDays} days; narrow from/to or use a coarser interval`,
      { details: { param: "from", maxDays } },
    );
  return { from, to };
}

const toPoints = (points: MetricPoint[]) => points.map((p) => ({ at: p.at.toISOString(), value: p.value }));

/**
 * Answers `GET /v1/history`: locates the resource of `url` (the recording operations' own URL parsing), checks the
 * metrics and the range, and reads the series from PostgreSQL.
 * @param now the clock for the default `to`.
 * @returns the answer; a resource never recorded has a series per metric with no points (not a 404: the caller may
 *   simply be early).
 * @throws ServiceError 400 `unknown_metric` (with `allowed`), `ambiguous_url`, `invalid_parameter`,
 *   `parameter_out_of_range`; 422 `unsupported_url` (see {@link locateUrl}).
 */
export async function readHistory(
  query: HistoryQuery,
  deps: { store: HistoryStore; catalog: HistoryCatalog; now: Date },
): Promise<HistoryAnswer> {
  const located = locateUrl(deps.catalog, query.url);
  const { platform, kind } = located;
  const metrics = requestedMetrics(query.metrics, deps.catalog.metricNames(platform, kind));
  const { from, to } = rangeOf(query, deps.now);
  const id = "id" in located ? located.id : await deps.store.resolveAlias(platform, kind, located.alias);
  const stored = id === null ? null : await deps.store.findResource(platform, kind, id);
  const series =
    stored === null
      ? new Map<string, MetricPoint[]>()
      : await deps.store.series({
          platform,
          kind,
          id: stored.id,
          metrics,
          from,
          to,
          interval: query.interval,
        });
  return {
    resource: stored ?? { platform, kind, id, url: located.url },
    interval: query.interval,
    from: from.toISOString(),
    to: to.toISOString(),
    series: metrics.map((metric) => ({ metric, points: toPoints(series.get(metric) ?? []) })),
  };
}
