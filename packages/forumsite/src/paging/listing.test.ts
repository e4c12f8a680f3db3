import { CursorCodec } from "@sda/contract";
import { testLogger } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { readPostRow } from "../readers/post.ts";
import {
  decodeListingCursor,
  fillPostPage,
  type ListingRequest,
  type UpstreamPostReader,
} from "./listing.ts";

// An in-memory listing of 250 posts in upstream pages of at most 100, paged with `after` like the platform.
const ctx = {
  cursors: new CursorCodec("listing-test-secret-0123456789").bind("forumsite.subreddit-posts"),
  log: testLogger(),
};
const post = (n: number) => readPostRow({ id: `p${n}`, name: `t3_p${n}`, title: `post ${n}` });
const request = (limit: number, cursor?: string): ListingRequest => ({
  path: "/r/test/hot",
  query: {},
  limit,
  cursor,
  resource: { kind: "subreddit", name: "test" },
});

/** A listing reader over `ids`; `honourSize` false answers full pages whatever `size` says (as the replay does). */
function listing(ids: () => number[], honourSize: boolean) {
  const asked: { after: string | null; size: number }[] = [];
  const read: UpstreamPostReader = async (after, size) => {
    asked.push({ after, size });
    const all = ids();
    const from = after === null ? 0 : all.findIndex((n) => `t3_p${n}` === after) + 1;
    const page = all.slice(from, from + (honourSize ? size : 100));
    const items = page.map((n) => post(n)).filter((row) => row !== null);
    return { items, next: from + page.length < all.length ? (items.at(-1)?.fullname ?? null) : null };
  };
  return { read, asked };
}

/** Reads every page of `limit` posts, resuming each one from the previous cursor (the cursor's `a`, `s` and `l`). */
async function readAll(read: UpstreamPostReader, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const decoded = decodeListingCursor(ctx, request(limit, cursor));
    const page = await fillPostPage(
      ctx,
      request(limit, cursor),
      { token: decoded?.a ?? null, index: decoded?.s ?? 0 },
      read,
      decoded?.l,
    );
    pages.push(page.posts.map((p) => p.id));
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error("the listing did not end");
}

const ids = Array.from({ length: 250 }, (_, i) => i + 1);

describe("fillPostPage (the shared pager over an `after` listing)", () => {
  it("asks the platform for just the posts still wanted and returns every post once", async () => {
    const { read, asked } = listing(() => ids, true);
    const pages = await readAll(read, 30);
    expect(pages.flat()).toEqual(ids.map((n) => `p${n}`));
    expect(asked.slice(0, 2)).toEqual([
      { after: null, size: 30 },
      { after: "t3_p30", size: 30 },
    ]);
  });

  it("against full pages (the replay) resumes inside the upstream page, asking for what was read plus the rest", async () => {
    const { read, asked } = listing(() => ids, false);
    const pages = await readAll(read, 70);
    expect(pages.map((p) => p.length)).toEqual([70, 70, 70, 40]);
    expect(pages.flat()).toEqual(ids.map((n) => `p${n}`));
    // The second page re-reads the first upstream page (70 read + 30 wanted), then reads 40 of the next one.
    expect(asked.slice(1, 3)).toEqual([
      { after: null, size: 100 },
      { after: "t3_p100", size: 40 },
    ]);
  });

  it("continues after the last post read when posts were added above it since", async () => {
    let current = ids;
    const { read } = listing(() => current, false);
    const first = await fillPostPage(ctx, request(10), { token: null, index: 0 }, read);
    const cursor = decodeListingCursor(ctx, request(3, first.nextCursor ?? ""));
    expect(cursor).toMatchObject({ a: null, s: 10, l: "t3_p10" });
    current = [1001, 1002, ...ids];
    const second = await fillPostPage(ctx, request(3), { token: null, index: 10 }, read, cursor?.l);
    expect(second.posts.map((p) => p.id)).toEqual(["p11", "p12", "p13"]);
  });
});
