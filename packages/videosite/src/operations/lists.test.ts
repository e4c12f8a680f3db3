import { type OperationContext, parseParams, ServiceError } from "@sda/core";
import type { ReplayServer } from "@sda/replay";
import { startReplay, testContext } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
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

let replay: ReplayServer;
let ctx: ReturnType<typeof testContext>;

beforeAll(async () => {
  replay = await startReplay();
  ctx = testContext(replay);
});
afterAll(async () => {
  ctx.redis.disconnect();
  await replay.close();
});

const op =
  <S extends z.ZodType, R>(schema: S, run: (params: z.output<S>, ctx: OperationContext) => Promise<R>) =>
  (raw: Record<string, string>) =>
    run(parseParams(schema, raw), ctx);

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}

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

const comments = op(commentsParams, getComments);
const replies = op(commentRepliesParams, getCommentReplies);
const channelVideos = op(channelVideosParams, getChannelVideos);
const channelShorts = op(channelShortsParams, getChannelShorts);
const playlistVideos = op(playlistVideosParams, getPlaylistVideos);
const playlistDetails = op(playlistDetailsParams, getPlaylistDetails);
const channelDetails = op(channelDetailsParams, getChannelDetails);
const searchOp = op(searchParams, search);

describe("pagination continues exactly where the last page stopped", () => {
  it("comments: 7 + 7 + 6 over the first upstream page, the same 20 as one call", async () => {
    const raw = { url: "https://www.youtube.com/watch?v=xaQJbozY_Is" };
    const pages = await walk(comments, raw, ["7", "7", "6"]);
    expect(pages.map((p) => p.length)).toEqual([7, 7, 6]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(20);
    const single = await comments({ ...raw, limit: "20" });
    expect(single.data.comments.map((c) => c.id)).toEqual(all);
    expect(single.data.totalComments).toBe(21051);
  });

  it("comments: the total is kept on later pages and the last page of a short section has no cursor", async () => {
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

  it("channel videos: 20 + 20 + 20 across the two recorded tab pages (via the legacy /user/ URL)", async () => {
    const raw = { url: "https://www.youtube.com/user/creativecommons" };
    const pages = await walk(channelVideos, raw, ["20", "20", "20"]);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 20]);
    expect(new Set(pages.flat()).size).toBe(60);
  });

  it("channel shorts: 48 + 48 over the two recorded Shorts pages", async () => {
    const pages = await walk(channelShorts, { url: "UCh8gHdtzO2tXd593_bjErWg" }, ["48", "48"]);
    expect(new Set(pages.flat()).size).toBe(96);
  });

  it("playlist videos: 60 + 60 + 80 over the two recorded 100-item pages, positions 1–200 in order", async () => {
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

  it("search: 15 + 21 on the first page, then into the continuation page", async () => {
    const first = await searchOp({ q: "test", limit: "15" });
    const second = await searchOp({ q: "test", limit: "30", cursor: first.data.nextCursor ?? "" });
    const ids = [...first.data.results, ...second.data.results].map((h) => `${h.type}:${h.id ?? h.title}`);
    expect(new Set(ids).size).toBe(45);
    const whole = await searchOp({ q: "test", limit: "45" });
    expect(whole.data.results.map((h) => `${h.type}:${h.id ?? h.title}`)).toEqual(ids);
  });

  it("replies: by repliesCursor or by commentId lookup, 4 + 6 over the recorded replies page", async () => {
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
  it("a tampered cursor, a cursor of another operation, another video or another query: 400 invalid_cursor", async () => {
    const page = await comments({ url: "xaQJbozY_Is", limit: "2" });
    const cursor = page.data.nextCursor ?? "";
    const tampered = `${cursor.slice(0, -3)}${cursor.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect(await failure(comments({ url: "xaQJbozY_Is", cursor: tampered }))).toMatchObject({
      code: "invalid_cursor",
    });
    expect(await failure(comments({ url: "bem4adjGKjE", cursor }))).toMatchObject({ code: "invalid_cursor" });
    expect(await failure(searchOp({ q: "test", cursor }))).toMatchObject({ code: "invalid_cursor" });
    const searchPage = await searchOp({ q: "test", limit: "2" });
    expect(
      await failure(searchOp({ q: "test", type: "channels", cursor: searchPage.data.nextCursor ?? "" })),
    ).toMatchObject({
      code: "invalid_cursor",
    });
    const repliesCursor = page.data.comments[0]?.repliesCursor ?? "";
    expect(
      await failure(
        replies({ url: "xaQJbozY_Is", commentId: "UgxNNFhhw8l9vjj9zsx4AaABAg", cursor: repliesCursor }),
      ),
    ).toMatchObject({ code: "invalid_cursor" });
  });
});

describe("not found and unavailable", () => {
  it("channels: unknown handle, invalid id, terminated and age-restricted", async () => {
    expect(await failure(channelDetails({ url: "@nonExistingHandleThatWillNeverExist15464" }))).toMatchObject(
      {
        code: "channel_not_found",
        status: 404,
      },
    );
    expect(
      await failure(channelVideos({ url: "https://www.youtube.com/channel/DOESNT-EXIST" })),
    ).toMatchObject({
      code: "channel_not_found",
    });
    expect(await failure(channelDetails({ url: "UCoaO4U_p7G7AwalqSbGCZOA" }))).toMatchObject({
      code: "channel_unavailable",
      details: { reason: "terminated" },
    });
    expect(await failure(channelVideos({ url: "UCbfnHqxXs_K3kvaH-WlNlig" }))).toMatchObject({
      code: "channel_unavailable",
      details: { reason: "age_restricted", title: "Laphroaig Whisky" },
    });
    expect(await failure(channelVideos({ url: "UCTGjY2I-ZUGnwVoWAGRd7XQ", fast: "true" }))).toMatchObject({
      code: "channel_not_found",
    });
  });

  it("playlists: invalid and non-existent ids", async () => {
    expect(
      await failure(playlistVideos({ url: "https://www.youtube.com/playlist?list=INVALID_ID" })),
    ).toMatchObject({
      code: "playlist_not_found",
      message: "This playlist type is unviewable.",
    });
    expect(await failure(playlistDetails({ url: "PL11111111111111111111111111111111" }))).toMatchObject({
      code: "playlist_not_found",
      message: "The playlist does not exist.",
    });
  });

  it("replies of a comment not among the first pages: 404 comment_not_found", async () => {
    expect(
      await failure(replies({ url: "D00Au7k3i6o", commentId: "UgwSOM0QHBLysE3vZE54AaABAg" })),
    ).toMatchObject({ code: "comment_not_found", status: 404 });
  });
});

describe("other results", () => {
  it("channel videos with fast=true: the feed, exact dates, no cursor keys", async () => {
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

  it("channel shorts rows always key the comment count", async () => {
    const { data } = await channelShorts({ url: "UCh8gHdtzO2tXd593_bjErWg", limit: "2" });
    expect(data.videos[0]).toMatchObject({ commentCount: null, commentCountText: null, isShort: true });
    expect(data.channelName).toBe("Doobydobap");
  });

  it("channel details source names the requests made", async () => {
    const { source, data } = await channelDetails({ url: "https://www.youtube.com/user/creativecommons" });
    expect(source).toBe("innertube:resolve+browse");
    expect(data.id).toBe("UCTwECeGqMZee77BjdoYtI2Q");
  });
});
