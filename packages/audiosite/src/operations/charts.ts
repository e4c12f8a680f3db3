import type { HandlerFor } from "@sda/contract";
import { AudiositeApi } from "../client/api.ts";
import { fail } from "../errors.ts";
import { readHrefList } from "../paging/href-list.ts";
import { readChartHead, readChartRow } from "../readers/lists.ts";
import { platformOf } from "../readers/platform.ts";
import type { chartsSpec } from "../spec/charts.ts";

/**
 * The handler of `audiosite.charts`: one page of `/charts?kind=&genre=soundcloud:genres:<genre>[&region=
 * soundcloud:regions:<CODE>]`. `position` is 1-based across pages (the page's `offset` plus the row's index).
 * @returns source `api-v2:charts`; billed 0 when empty.
 * @throws ServiceError 404 `chart_not_found` (api-v2 answered 404: no such chart, e.g. a region without one), 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export const chartsHandler: HandlerFor<typeof chartsSpec> = async (params, ctx) => {
  let lastUpdated: string | null = null;
  const region = params.region ?? null;
  const page = await readHrefList(
    ctx,
    new AudiositeApi(ctx),
    {
      key: `charts:${params.kind}:${params.genre}:${region ?? ""}`,
      limit: params.limit,
      cursor: params.cursor,
      first: {
        path: "/charts",
        query: {
          kind: params.kind,
          genre: `soundcloud:genres:${params.genre}`,
          region: region ? `soundcloud:regions:${region}` : undefined,
          limit: Math.min(params.limit, 200),
        },
      },
      missing: () =>
        fail("chart_not_found", `audiosite: there is no ${params.kind} chart of ${params.genre}`, {
          details: { kind: params.kind, genre: params.genre, region },
        }),
    },
    (row) => readChartRow(row, platformOf(ctx)),
    (body) => {
      lastUpdated = readChartHead(body).lastUpdated;
    },
  );
  const base = page.pageOffset ?? 0;
  const entries = page.rows.map(({ item, index }) => ({
    position: base + index + 1,
    score: item.score,
    track: item.track,
  }));
  return {
    data: {
      kind: params.kind,
      genre: params.genre,
      region,
      lastUpdated,
      entries,
      totalReturned: entries.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
    },
    source: "api-v2:charts",
    count: entries.length,
  };
};
