import type { OperationContext } from "@sda/contract";
import { decodeListCursor, fillFromPages, pageBudget, type UpstreamPage } from "@sda/contract";
import {
  fetchBrowseContinuation,
  fetchChannelTab,
  resolveChannelId,
} from "../client/innertube/channel-page.ts";
import type { ChannelRef, ChannelTab, ChannelUrl } from "../inputs/channel-url.ts";
import { ORIGIN } from "../inputs/site.ts";
import type { ChannelPage } from "../readers/channel/availability.ts";
import { readChannelHeader } from "../readers/channel/header-reader.ts";
import { stringAt } from "../readers/innertube/json.ts";
import { readListPage, selectedTab } from "../readers/listing/list-page.ts";
import { type ChannelSummary, channelUrl } from "../readers/listing/owner.ts";
import { type VideoRow, videoRow } from "../readers/listing/rows.ts";
import { readVideoCard } from "../readers/listing/video-card.ts";

type ListContext = Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">;

/** Our cursor of a channel tab: the channel as the caller named it, the resolved id, the tab and the position. */
interface ChannelListCursor {
  /** {@link refKey} of the `url` the list was started with. */
  u: string;
  ch: string;
  tab: ChannelTab;
  /** The channel itself (continuation pages do not repeat the header). */
  o: ChannelSummary | null;
  c: string | null;
  i: number;
}

/** A stable key of how the caller named a channel, so a cursor is only accepted for the same channel. */
function refKey(ref: ChannelRef): string {
  if (ref.kind === "id") return `id:${ref.channelId}`;
  if (ref.kind === "handle") return `handle:${ref.handle.toLowerCase()}`;
  return `legacy:${ref.path.toLowerCase()}`;
}

/** The list result of a channel tab (SPEC §2.10). */
export interface ChannelListResult<R extends VideoRow = VideoRow> {
  /** Canonical channel URL (handle-based when known). */
  url: string;
  channelId: string;
  channelName: string | null;
  tab: ChannelTab;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  videos: R[];
}

/** True unless the answer's selected tab is another tab (a channel without the tab answers its home tab). */
function isRequestedTab(page: ChannelPage, tab: ChannelTab): boolean {
  const url = stringAt(selectedTab(page.answer), "endpoint", "commandMetadata", "webCommandMetadata", "url");
  return url === undefined || url.split("?")[0]?.endsWith(`/${tab}`) === true;
}

function ownerOf(page: ChannelPage): ChannelSummary {
  const header = readChannelHeader(page.answer);
  const id = header.channelId ?? page.channelId;
  return {
    id,
    title: header.title,
    handle: header.handle,
    url: channelUrl(id, header.handle),
    thumbnail: header.avatarUrl,
  };
}

/**
 * Lists one tab of a channel (Videos, Shorts or Live), `limit` rows from `cursor` on, across as many upstream pages
 * as needed (30 videos or 48 shorts per page).
 *
 * Upstream: `navigation/resolve_url` for handles and legacy URLs (first page only: the cursor keeps the id), the tab
 * (`browse` with `{ browseId, params }`) for the first page, `browse` `{ continuation }` for the next ones. Items in
 * the current `lockupViewModel` / `shortsLockupViewModel` format and the older `richItemRenderer > videoRenderer` /
 * `reelItemRenderer` format are read alike; other items (shelves, messages) are skipped and counted in a debug log.
 *
 * @param decorate adds per-operation fields to each row (the shorts' comment count).
 * @throws ServiceError 400 `invalid_cursor`; 404 `channel_not_found` / `channel_unavailable`; 502 `upstream_*`.
 */
export async function listChannelTab<R extends VideoRow>(
  params: { url: ChannelUrl; limit: number; cursor?: string | undefined },
  tab: ChannelTab,
  ctx: ListContext,
  decorate: (row: VideoRow) => R,
): Promise<{ data: ChannelListResult<R>; source: string; count: number }> {
  const start = decodeListCursor<ChannelListCursor>(
    ctx.cursors,
    params.cursor,
    (p) => p.u === refKey(params.url.ref) && p.tab === tab && typeof p.ch === "string",
    "channel or tab",
  );
  const sources: string[] = [];
  if (!start && params.url.ref.kind !== "id") sources.push("resolve");
  const channelId = start?.ch ?? (await resolveChannelId(ctx, params.url.ref));
  let owner: ChannelSummary | null = start?.o ?? null;
  let skipped = 0;
  let readTab = false;

  const fetchPage = async (token: string | null): Promise<UpstreamPage<R>> => {
    let answer: unknown;
    let date: Date | null;
    if (token === null) {
      const page = await fetchChannelTab(ctx, channelId, tab);
      readTab = true;
      owner = ownerOf(page);
      if (!isRequestedTab(page, tab)) return { items: [], next: null };
      ({ answer, date } = page);
    } else ({ answer, date } = await fetchBrowseContinuation(ctx, token));
    const list = readListPage(answer);
    const reference = date ?? ctx.now();
    const items: R[] = [];
    for (const item of list.items) {
      const card = readVideoCard(item);
      if (card) items.push(decorate(videoRow(card, reference, owner)));
      else skipped += 1;
    }
    return { items, next: list.next };
  };

  const collected = await fillFromPages(
    { token: start?.c ?? null, index: start?.i ?? 0 },
    params.limit,
    fetchPage,
    pageBudget(params.limit, tab === "shorts" ? 48 : 30),
  );
  if (skipped > 0)
    ctx.log.debug({ skipped, tab, channelId }, "videosite channel list: skipped non-video items");
  sources.push(readTab ? "browse" : "browse-continuation");
  const next = collected.next;
  const nextCursor = next
    ? ctx.cursors.encode({
        u: refKey(params.url.ref),
        ch: channelId,
        tab,
        o: owner,
        c: next.token,
        i: next.index,
      } satisfies ChannelListCursor)
    : null;
  const channel = owner as ChannelSummary | null;
  return {
    data: {
      url: channel?.url ?? `${ORIGIN}/channel/${channelId}`,
      channelId,
      channelName: channel?.title ?? null,
      tab,
      totalReturned: collected.items.length,
      nextCursor,
      hasMore: nextCursor !== null,
      videos: collected.items,
    },
    source: `innertube:${sources.join("+")}`,
    count: collected.items.length,
  };
}
