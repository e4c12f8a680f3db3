import { ServiceError } from "@sda/core";
import { describe, expect } from "vitest";
import { callWith, refusingKey, audioTest as test } from "../../test/fixtures.ts";
import { CLIENT_ID_KEY } from "../client/client-id.ts";
import { chartsParams } from "../spec/charts.ts";
import { playlistParams } from "../spec/playlist.ts";
import { searchParams } from "../spec/search.ts";
import { searchSuggestionsParams } from "../spec/search-suggestions.ts";
import { trackParams } from "../spec/track.ts";
import { trackCommentsParams } from "../spec/track-comments.ts";
import { userParams } from "../spec/user.ts";
import { userTracksParams } from "../spec/user-tracks.ts";
import { chartsHandler } from "./charts.ts";
import { playlistHandler } from "./playlist.ts";
import { searchHandler } from "./search.ts";
import { searchSuggestionsHandler } from "./search-suggestions.ts";
import { trackHandler } from "./track.ts";
import { trackCommentsHandler } from "./track-comments.ts";
import { userHandler } from "./user.ts";
import { userTracksHandler } from "./user-tracks.ts";

/** The error a call throws. */
async function failure(call: Promise<unknown>): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe("audiosite handlers on the recordings", () => {
  test("user by link and by urn; the key is found once and kept in the store", async ({ ctx }) => {
    const byLink = await callWith(userParams, userHandler, ctx, { url: "https://soundcloud.com/dubmatix" });
    expect(byLink.data).toMatchObject({ id: "542134", username: "dubmatix", followers: 2775276 });
    expect(await ctx.store.get(CLIENT_ID_KEY)).toBe("CkCiIyf14rHi27fhk7HxhPOzc85okfSJ");
    // A tab link's resolve is not recorded: its user's own link is resolved instead.
    const tab = await callWith(userParams, userHandler, ctx, { url: "https://soundcloud.com/dubmatix/sets" });
    expect(tab.data.id).toBe("542134");
    const byUrn = await callWith(userParams, userHandler, ctx, { url: "soundcloud:users:542134" });
    expect(byUrn).toMatchObject({ source: "api-v2:users", data: { id: "542134" } });
  });

  test("a stale key: api-v2's 401 fetches a new key and retries once; refused again is 502 upstream_blocked", async ({
    ctx,
    fault,
  }) => {
    await ctx.store.set(CLIENT_ID_KEY, "stalestalestalestalestale0000000", 60_000);
    const stale = fault(refusingKey("stalestalestalestalestale0000000"));
    const track = await callWith(trackParams, trackHandler, ctx, {
      url: "https://soundcloud.com/jessglynne/one-touch",
    });
    expect(track.data).toMatchObject({ id: "621612588", isGeoBlocked: true });
    expect(await ctx.store.get(CLIENT_ID_KEY)).toBe("CkCiIyf14rHi27fhk7HxhPOzc85okfSJ");
    stale();
    fault(refusingKey("CkCiIyf14rHi27fhk7HxhPOzc85okfSJ", 403));
    const error = await failure(
      callWith(userParams, userHandler, ctx, { url: "https://soundcloud.com/dubmatix" }),
    );
    expect(error).toMatchObject({ code: "upstream_blocked", retryable: true });
  });

  test("track by urn goes through the embed player; an unknown user is 404 not_found", async ({ ctx }) => {
    const track = await callWith(trackParams, trackHandler, ctx, { url: "soundcloud:tracks:292479564" });
    expect(track).toMatchObject({
      source: "player+api-v2:resolve",
      data: { id: "292479564", isSnippet: true },
    });
    const missing = await failure(
      callWith(userParams, userHandler, ctx, { url: "https://soundcloud.com/ithinkthatthisuserdontexist" }),
    );
    expect(missing).toMatchObject({ code: "not_found", retryable: false });
  });

  test("short links: read with HEAD, a 403 page does not matter; a link of another kind is url_kind_mismatch", async ({
    ctx,
  }) => {
    const user = await callWith(userParams, userHandler, ctx, {
      url: "https://on.soundcloud.com/Rr2JyfFcYwbawpw49",
    });
    expect(user.data).toMatchObject({ id: "26057743", username: "trapcity" });
    const track = await callWith(trackParams, trackHandler, ctx, { url: "https://on.soundcloud.com/rdt7e" });
    expect(track.data).toMatchObject({ id: "1468401502", title: "TERRORCORE (Live 3/8/2023 @ Kremwerk)" });
    const mismatch = await failure(
      callWith(userParams, userHandler, ctx, { url: "https://on.soundcloud.com/rdt7e" }),
    );
    expect(mismatch).toMatchObject({ code: "url_kind_mismatch", details: { kind: "track" } });
  });

  test("user tracks: one page per call, empty pages followed, the cursor continues exactly", async ({
    ctx,
  }) => {
    const ids: string[][] = [];
    let cursor: string | undefined;
    for (let call = 0; call < 4; call += 1) {
      const out = await callWith(userTracksParams, userTracksHandler, ctx, {
        url: "soundcloud:users:73637815",
        limit: "3",
        ...(cursor ? { cursor } : {}),
      });
      ids.push(out.data.tracks.map((t) => t.id));
      expect(out.count).toBe(out.data.tracks.length);
      expect(out.data.hasMore).toBe(true);
      cursor = out.data.nextCursor ?? undefined;
    }
    // 4 rows cut to 3, then the 4th; then two empty pages followed to a page of 2; then an empty page to 4 rows.
    expect(ids.map((page) => page.length)).toEqual([3, 1, 2, 3]);
    expect(ids[0]?.[0]).toBe("2259687149");
    expect(new Set(ids.flat()).size).toBe(9);
  });

  test("playlist: complete tracks in playlist order, stubs completed in batches of 15, a failed batch degrades", async ({
    ctx,
  }) => {
    const out = await callWith(playlistParams, playlistHandler, ctx, {
      url: "https://soundcloud.com/user350509423/sets/edm-xxx",
    });
    expect(out.data).toMatchObject({
      id: "136000376",
      trackCount: 451,
      totalReturned: 50,
      hasMore: true,
      degraded: false,
    });
    expect(out.data.tracks.every((t) => "title" in t)).toBe(true);
    expect(out.data.tracks[5]?.id).toBe("173623087");
    expect(out.data.tracks[49]?.id).toBe("129220000");
    const house = await callWith(playlistParams, playlistHandler, ctx, {
      url: "soundcloud:playlists:123062856",
      limit: "20",
    });
    expect(house.data).toMatchObject({ degraded: true, totalReturned: 20 });
    expect(house.data.tracks.slice(3, 18).every((t) => "title" in t)).toBe(true);
    expect(house.data.tracks.slice(18)).toEqual([
      { id: expect.any(String), urn: expect.stringMatching(/^soundcloud:tracks:/) },
      { id: expect.any(String), urn: expect.stringMatching(/^soundcloud:tracks:/) },
    ]);
  });

  test("comments: top-level only, totalComments includes replies", async ({ ctx }) => {
    const out = await callWith(trackCommentsParams, trackCommentsHandler, ctx, {
      url: "https://soundcloud.com/user-722618400/a-real-playa",
    });
    expect(out.data).toMatchObject({
      trackId: "1670147625",
      totalComments: 8,
      totalReturned: 4,
      hasMore: true,
    });
  });

  test("search, suggestions and charts", async ({ ctx }) => {
    const search = await callWith(searchParams, searchHandler, ctx, {
      q: "lill uzi vert",
      type: "users",
      limit: "4",
    });
    expect(search.data).toMatchObject({ type: "users", totalResults: 1673, totalReturned: 4, hasMore: true });
    expect(search.data.users).toHaveLength(4);
    expect(search.data.results[0]).toMatchObject({ type: "user", id: "10494998" });
    const suggestions = await callWith(searchSuggestionsParams, searchSuggestionsHandler, ctx, {
      q: "lil uzi vert",
      limit: "3",
    });
    expect(suggestions.data.suggestions).toHaveLength(3);
    const first = await callWith(chartsParams, chartsHandler, ctx, {});
    expect(first.data.entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const second = await callWith(chartsParams, chartsHandler, ctx, { cursor: first.data.nextCursor ?? "" });
    expect(second.data.entries[0]).toMatchObject({ position: 11, score: 0.6511806405883114 });
    const gb = await failure(callWith(chartsParams, chartsHandler, ctx, { region: "gb" }));
    expect(gb).toMatchObject({ code: "chart_not_found" });
  });
});

describe("audiosite handlers on answers the recordings lack", () => {
  test("a short link answering without a Location, or with an unreadable one, is 404 not_found", async ({
    ctx,
    fault,
  }) => {
    fault({ when: (r) => r.path === "/nolocation1", status: 404, body: "" });
    fault({
      when: (r) => r.path === "/badlocation1",
      status: 302,
      body: "",
      headers: { location: "http://[::1" },
    });
    for (const url of ["https://on.soundcloud.com/nolocation1", "https://on.soundcloud.com/badlocation1"])
      expect(await failure(callWith(userParams, userHandler, ctx, { url }))).toMatchObject({
        code: "not_found",
      });
  });

  test("an upstream 429 is upstream_rate_limited, a 500 upstream_error", async ({ ctx, fault }) => {
    const remove = fault({ when: (r) => r.path === "/resolve", status: 429, body: "{}" });
    const limited = await failure(
      callWith(userParams, userHandler, ctx, { url: "https://soundcloud.com/dubmatix" }),
    );
    expect(limited.code).toBe("upstream_rate_limited");
    remove();
    fault({ when: (r) => r.path === "/resolve", status: 500, body: "{}" });
    const broken = await failure(
      callWith(userParams, userHandler, ctx, { url: "https://soundcloud.com/dubmatix" }),
    );
    expect(broken.code).toBe("upstream_error");
  });
});
