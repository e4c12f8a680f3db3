import type { HandlerFor, UpstreamPage } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readLinkList } from "../paging/link-pager.ts";
import { nextPageParam } from "../readers/link-header.ts";
import { type FediPost, readStatuses } from "../readers/status.ts";
import { type FediLink, type FediTag, readLinks, readTags } from "../readers/tags.ts";
import type { trendsSpec } from "../spec/trends.ts";

/** Trends of each type: the path, the page size the instance serves at most, the reader, an item's identity. */
const TRENDS = {
  tags: {
    path: "/api/v1/trends/tags",
    pageSize: 20,
    read: readTags,
    keyOf: (t: FediTag) => t.name.toLowerCase(),
  },
  links: { path: "/api/v1/trends/links", pageSize: 20, read: readLinks, keyOf: (l: FediLink) => l.url },
  posts: { path: "/api/v1/trends/statuses", pageSize: 40, read: readStatuses, keyOf: (p: FediPost) => p.id },
} as const;

/**
 * What trends on an instance, most trending first (an instance with trends turned off answers an empty list).
 *
 * Upstream: `GET /api/v1/trends/tags`, `/trends/links` or `/trends/statuses`, pages chained by the `Link` header's
 * `offset`.
 * @returns `{ data: { instance, type, tags|links|posts, …page }, source: "mastodon:trends/<type>", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const trendsHandler: HandlerFor<typeof trendsSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.instance);
  const trend = TRENDS[params.type];
  const read = trend.read as (raw: unknown, host: string) => (FediTag | FediLink | FediPost)[];
  const keyOf = trend.keyOf as (item: FediTag | FediLink | FediPost) => string;
  const fetchPage = async (token: string | null): Promise<UpstreamPage<FediTag | FediLink | FediPost>> => {
    const response = await client.get(trend.path, { limit: trend.pageSize, offset: token ?? undefined });
    return {
      items: read(response.json(), client.host),
      next: nextPageParam(response.headers.link, "offset"),
    };
  };
  const page = await readLinkList(ctx, {
    key: JSON.stringify([client.host, trend.path]),
    limit: params.limit,
    cursor: params.cursor,
    pageSize: trend.pageSize,
    fetchPage,
    keyOf,
  });
  const list = <T>(type: typeof params.type) => (params.type === type ? (page.items as T[]) : null);
  return {
    data: {
      instance: client.host,
      type: params.type,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      tags: list<FediTag>("tags"),
      links: list<FediLink>("links"),
      posts: list<FediPost>("posts"),
    },
    source: `mastodon:trends/${params.type}`,
    count: page.items.length,
  };
};
