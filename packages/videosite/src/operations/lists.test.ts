import { type OperationContext, parseParams } from "@sda/contract";
import { forOperation, serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import type { z } from "zod";
import { videositeTest } from "../../test/fixtures.ts";
import { searchParams } from "../inputs/search-params.ts";
import { channelDetailsParams } from "../spec/channel-details.ts";
import { channelShortsParams } from "../spec/channel-shorts.ts";
import { channelVideosParams } from "../spec/channel-videos.ts";
import { commentRepliesParams } from "../spec/comment-replies.ts";
import { commentsParams } from "../spec/comments.ts";
import { playlistDetailsParams } from "../spec/playlist-details.ts";
import { playlistVideosParams } from "../spec/playlist-videos.ts";
import { getChannelDetails } from "./channel-details.ts";
import { getChannelShorts } from "./channel-shorts.ts";
import { getChannelVideos } from "./channel-videos.ts";
import { getCommentReplies } from "./comment-replies.ts";
import { getComments } from "./comments.ts";
import { getPlaylistDetails } from "./playlist-details.ts";
import { getPlaylistVideos } from "./playlist-videos.ts";
import { search } from "./search.ts";

/** An operation called like the gateway does: raw query parameters parsed by its schema, then the handler. */
const op =
  <S extends z.ZodType, R>(
    ctx: OperationContext,
    schema: S,
    run: (params: z.output<S>, ctx: OperationContext) => Promise<R>,
  ) =>
  async (raw: Record<string, string>) =>
    run(parseParams(schema, raw), ctx);

/** Each list operation as a fixture, on the file's replay context bound to the operation (as the engine binds it). */
const test = videositeTest
  .extend("comments", ({ ctx }) => op(forOperation(ctx, "comments"), commentsParams, getComments))
  .extend("replies", ({ ctx }) =>
    op(forOperation(ctx, "comment-replies"), commentRepliesParams, getCommentReplies),
  )
  .extend("channelVideos", ({ ctx }) =>
    op(forOperation(ctx, "channel-videos"), channelVideosParams, getChannelVideos),
  )
  .extend("channelShorts", ({ ctx }) =>
    op(forOperation(ctx, "channel-shorts"), channelShortsParams, getChannelShorts),
  )
  .extend("playlistVideos", ({ ctx }) =>
    op(forOperation(ctx, "playlist-videos"), playlistVideosParams, getPlaylistVideos),
  )
  .extend("playlistDetails", ({ ctx }) =>
    op(forOperation(ctx, "playlist-details"), playlistDetailsParams, getPlaylistDetails),
  )
  .extend("channelDetails", ({ ctx }) =>
    op(forOperation(ctx, "channel-details"), channelDetailsParams, getChannelDetails),
  )
  .extend("searchOp", ({ ctx }) => op(forOperation(ctx, "search"), searchParams, search));

type Paged = {
  nextCursor?: string | null;
  hasMore?: boolean;
  videos?: { id: string }[];
  comments?: { id: string }[];
};

/** Calls once per limit, each time with the previous `nextCursor`, and returns every page's ids. */
async function walk(
  call: (raw: Record<string, string>) => Promise<{ data: unknown }>,
  raw: Record<string, string>,
  limits: string[],
) {
  const pages: string[][] = [];
  let cursor: string | null | undefined;
  for (const limit of limits) {
    const data = (await call(cursor ? { ...raw, limit, cursor } : { ...raw, limit })).data as Paged;
    pages.push((data.videos ?? data.comments ?? []).map((item) => item.id));
    cursor = data.nextCursor;
    expect(data.hasMore).toBe(cursor !== null);
    if (!cursor) break;
  }
  return pages;
}

describe("pagination continues exactly where the last page stopped", () => {
  test("comments: 7 + 7 + 6 over the first upstream page, the same 20 as one call", async ({ comments }) => {
    const raw = { url: "https://www.youtube.com/watch?v=xaQJbozY_Is" };
    const pages = await walk(comments, raw, ["7", "7", "6"]);
    expect(pages.map((p) => p.length)).toEqual([7, 7, 6]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(20);
    const single = await comments({ ...raw, limit: "20" });
    expect(single.data.comments.map((c) => c.id)).toEqual(all);
    expect(single.data.totalComments).toBe(21051);
  });

  test("comments: the total is kept on later pages and the last page of a short section has no cursor", async ({
    comments,
  }) => {
    const first = await comments({ url: "xaQJbozY_Is", limit: "5" });
    const second = await comments({ url: "xaQJbozY_Is", limit: "5", cursor: first.data.nextCursor ?? "" });
    expect(second.data.totalComments).toBe(21051);
    const short = await comments({ url: "D00Au7k3i6o" });
    expect(short.data).toMatchObject({
      totalReturned: 3,
      totalComments: 7,
      nextCursor: null,
      hasMore: false,
    });
  });

  test("channel videos: 20 + 20 + 20 across the two recorded tab pages (via the legacy /user/ URL)", async ({
    channelVideos,
  }) => {
    const raw = { url: "https://www.youtube.com/user/creativecommons" };
    const pages = await walk(channelVideos, raw, ["20", "20", "20"]);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 20]);
    expect(new Set(pages.flat()).size).toBe(60);
  });

  test("channel shorts: 48 + 48 over the two recorded Shorts pages", async ({ channelShorts }) => {
    const pages = await walk(channelShorts, { url: "UCh8gHdtzO2tXd593_bjErWg" }, ["48", "48"]);
    expect(new Set(pages.flat()).size).toBe(96);
  });

  test("playlist videos: 60 + 60 + 80 over the two recorded 100-item pages, positions 1–200 in order", async ({
    playlistVideos,
  }) => {
    const raw = {
      url: "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      limit: "60",
    };
    const positions: number[] = [];
    let cursor: string | null = null;
    for (const limit of ["60", "60", "80"]) {
      const page = await playlistVideos(cursor ? { ...raw, limit, cursor } : { ...raw, limit });
      positions.push(...page.data.videos.map((v) => (v as { position: number }).position));
      expect(page.data.totalVideos).toBe(4999);
      cursor = page.data.nextCursor ?? null;
    }
    expect(positions).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  test("search: 15 + 21 on the first page, then into the continuation page", async ({ searchOp }) => {
    const first = await searchOp({ q: "test", limit: "15" });
    const second = await searchOp({ q: "test", limit: "30", cursor: first.data.nextCursor ?? "" });
    const ids = [...first.data.results, ...second.data.results].map((h) => `${h.type}:${h.id ?? h.title}`);
    expect(new Set(ids).size).toBe(45);
    const whole = await searchOp({ q: "test", limit: "45" });
    expect(whole.data.results.map((h) => `${h.type}:${h.id ?? h.title}`)).toEqual(ids);
  });

  test("replies: by repliesCursor or by commentId lookup, 4 + 6 over the recorded replies page", async ({
    comments,
    replies,
  }) => {
    const thread = (await comments({ url: "xaQJbozY_Is", limit: "1" })).data.comments[0];
    const raw = { url: "xaQJbozY_Is", commentId: "UgwSOM0QHBLysE3vZE54AaABAg" };
    const byCursor = await replies({ ...raw, limit: "4", cursor: thread?.repliesCursor ?? "" });
    const byLookup = await replies({ ...raw, limit: "4" });
    expect(byLookup.data.comments.map((c) => c.id)).toEqual(byCursor.data.comments.map((c) => c.id));
    const rest = await replies({ ...raw, limit: "6", cursor: byCursor.data.nextCursor ?? "" });
    const all = [...byCursor.data.comments, ...rest.data.comments];
    expect(new Set(all.map((c) => c.id)).size).toBe(10);
    expect(all.every((c) => c.parentId === "UgwSOM0QHBLysE3vZE54AaABAg")).toBe(true);
    // A reply id names its thread.
    const viaReply = await replies({
      ...raw,
      commentId: `${raw.commentId}.9TOrAAD78Z59TP5tOBhBXP`,
      limit: "1",
    });
    expect(viaReply.data.commentId).toBe(raw.commentId);
  });
});

describe("cursors are refused when tampered or foreign", () => {
  test("a tampered cursor, a cursor of another operation, another video or another query: 400 invalid_cursor", async ({
    comments,
    replies,
    searchOp,
  }) => {
    const page = await comments({ url: "xaQJbozY_Is", limit: "2" });
    const cursor = page.data.nextCursor ?? "";
    const tampered = `${cursor.slice(0, -3)}${cursor.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect(await serviceErrorOf(comments({ url: "xaQJbozY_Is", cursor: tampered }))).toMatchObject({
      code: "invalid_cursor",
    });
    expect(await serviceErrorOf(comments({ url: "bem4adjGKjE", cursor }))).toMatchObject({
      code: "invalid_cursor",
    });
    expect(await serviceErrorOf(searchOp({ q: "test", cursor }))).toMatchObject({ code: "invalid_cursor" });
    const searchPage = await searchOp({ q: "test", limit: "2" });
    expect(
      await serviceErrorOf(
        searchOp({ q: "test", type: "channels", cursor: searchPage.data.nextCursor ?? "" }),
      ),
    ).toMatchObject({
      code: "invalid_cursor",
    });
    const repliesCursor = page.data.comments[0]?.repliesCursor ?? "";
    expect(
      await serviceErrorOf(
        replies({ url: "xaQJbozY_Is", commentId: "UgxNNFhhw8l9vjj9zsx4AaABAg", cursor: repliesCursor }),
      ),
    ).toMatchObject({ code: "invalid_cursor" });
  });
});

describe("not found and unavailable", () => {
  test("channels: unknown handle, invalid id, terminated and age-restricted", async ({
    channelVideos,
    channelDetails,
  }) => {
    expect(
      await serviceErrorOf(channelDetails({ url: "@nonExistingHandleThatWillNeverExist15464" })),
    ).toMatchObject({
      code: "channel_not_found",
      status: 404,
    });
    expect(
      await serviceErrorOf(channelVideos({ url: "https://www.youtube.com/channel/DOESNT-EXIST" })),
    ).toMatchObject({
      code: "channel_not_found",
    });
    expect(await serviceErrorOf(channelDetails({ url: "UCoaO4U_p7G7AwalqSbGCZOA" }))).toMatchObject({
      code: "channel_unavailable",
      details: { reason: "terminated" },
    });
    expect(await serviceErrorOf(channelVideos({ url: "UCbfnHqxXs_K3kvaH-WlNlig" }))).toMatchObject({
      code: "channel_unavailable",
      details: { reason: "age_restricted", title: "Laphroaig Whisky" },
    });
    expect(
      await serviceErrorOf(channelVideos({ url: "UCTGjY2I-ZUGnwVoWAGRd7XQ", fast: "true" })),
    ).toMatchObject({
      code: "channel_not_found",
    });
  });

  test("playlists: invalid and non-existent ids", async ({ playlistVideos, playlistDetails }) => {
    expect(
      await serviceErrorOf(playlistVideos({ url: "https://www.youtube.com/playlist?list=INVALID_ID" })),
    ).toMatchObject({
      code: "playlist_not_found",
      message: "This playlist type is unviewable.",
    });
    expect(
      await serviceErrorOf(playlistDetails({ url: "PL11111111111111111111111111111111" })),
    ).toMatchObject({
      code: "playlist_not_found",
      message: "The playlist does not exist.",
    });
  });

  test("replies of a comment not among the first pages: 404 comment_not_found", async ({ replies }) => {
    expect(
      await serviceErrorOf(replies({ url: "D00Au7k3i6o", commentId: "UgwSOM0QHBLysE3vZE54AaABAg" })),
    ).toMatchObject({ code: "comment_not_found", status: 404 });
  });
});

describe("other results", () => {
  test("channel videos with fast=true: the feed, exact dates, no cursor keys", async ({ channelVideos }) => {
    const { data, source } = await channelVideos({
      url: "https://www.youtube.com/user/Kurzgesagt",
      fast: "true",
      limit: "5",
    });
    expect(source).toBe("feed");
    expect(data).toMatchObject({ channelId: "UCsXVk37bltHxD1rDPwtNM8Q", totalReturned: 5 });
    expect(data).not.toHaveProperty("nextCursor");
    expect(data).not.toHaveProperty("hasMore");
    expect(data.videos[1]).toMatchObject({ id: "D0WQK7cMJn8", publishedTimeIsApproximate: false });
  });

  test("channel shorts rows always key the comment count", async ({ channelShorts }) => {
    const { data } = await channelShorts({ url: "UCh8gHdtzO2tXd593_bjErWg", limit: "2" });
    expect(data.videos[0]).toMatchObject({ commentCount: null, commentCountText: null, isShort: true });
    expect(data.channelName).toBe("Doobydobap");
  });

  test("channel details source names the requests made", async ({ channelDetails }) => {
    const { source, data } = await channelDetails({ url: "https://www.youtube.com/user/creativecommons" });
    expect(source).toBe("innertube:resolve+browse");
    expect(data.id).toBe("UCTwECeGqMZee77BjdoYtI2Q");
  });
});
