import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { callWith, failingAt, newsTest, nullAnswerAt, unrecordedItemsAreNull } from "../../test/fixtures.ts";
import { readItemTree } from "../readers/algolia.ts";
import { itemCommentsParams } from "../spec/item-comments.ts";
import { itemDetailsParams } from "../spec/item-details.ts";
import { itemCommentsHandler } from "./item-comments.ts";
import { itemDetailsHandler } from "./item-details.ts";

const test = newsTest
  .extend("details", callWith(itemDetailsParams, itemDetailsHandler))
  .extend("comments", callWith(itemCommentsParams, itemCommentsHandler));

/** Algolia failing for one item tree (so the Firebase walk is used). */
const algoliaDown = (id: number) => failingAt(`/api/v1/items/${id}`, 503, "unavailable");

describe("item details", () => {
  test("an Ask HN post from its item URL", async ({ details }) => {
    const { data, source } = await details({ url: "https://news.ycombinator.com/item?id=34114259" });
    expect(source).toBe("firebase:item");
    expect(data).toMatchObject({
      id: 34114259,
      type: "story",
      author: "yootis",
      url: null,
      score: 20,
      commentCount: 17,
      createdAt: "2022-12-24T05:26:22.000Z",
      isDeleted: false,
      isDead: false,
    });
    expect(data.textPlain).toContain("It's too many to make it practical");
  });

  test("a job and a poll option", async ({ details }) => {
    expect((await details({ url: "34116085" })).data).toMatchObject({ type: "job", domain: "svix.com" });
    expect((await details({ url: "160705" })).data).toMatchObject({
      type: "pollopt",
      parentId: 160704,
      score: 335,
    });
  });

  test("a poll lists its options in order; options Firebase answers null for keep their place with null text and votes", async ({
    details,
    fault,
    replay,
  }) => {
    fault(unrecordedItemsAreNull(replay));
    const { data, source } = await details({ url: "news.ycombinator.com/item?id=126809" });
    expect(source).toBe("firebase:item+pollopts");
    expect(data).toMatchObject({
      type: "poll",
      title: "Poll: What would happen if News.YC had explicit support for polls?",
    });
    // No pollopt of 126809 was recorded (corpus README): the ids come from `parts`, answered null here.
    expect(data.options).toEqual([
      { id: 126810, text: null, votes: null },
      { id: 126811, text: null, votes: null },
      { id: 126812, text: null, votes: null },
    ]);
  });

  test("deleted and dead comments say so", async ({ details }) => {
    expect((await details({ url: "99990001" })).data).toMatchObject({
      isDeleted: true,
      author: null,
      text: null,
    });
    expect((await details({ url: "99990002" })).data).toMatchObject({ isDead: true, isDeleted: false });
  });

  test("Firebase's null is 404 item_not_found", async ({ details, fault }) => {
    fault(nullAnswerAt("/v0/item/1.json"));
    expect(await serviceErrorOf(details({ url: "1" }))).toMatchObject({
      code: "item_not_found",
      status: 404,
      retryable: false,
    });
  });
});

describe("item comments", () => {
  const recordedTree = () => readItemTree(recordedJson("algolia-item-2396027-tree"));

  test("from the Algolia tree in one request: pages of 100 continue exactly through all 296 comments", async ({
    comments,
  }) => {
    const pages: number[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data, source, count } = await comments({ url: "2396027", ...(cursor ? { cursor } : {}) });
      expect(source).toBe("algolia:item");
      expect(data.item).toMatchObject({ id: 2396027, title: "Ask HN: Who is Hiring? (April 2011)" });
      expect(count).toBe(data.totalReturned);
      pages.push(data.comments.map((c) => c.id));
      if (!data.hasMore) break;
      cursor = data.nextCursor ?? undefined;
    }
    expect(pages.map((p) => p.length)).toEqual([100, 100, 96]);
    expect(pages.flat()).toEqual(recordedTree().comments.map((c) => c.id));
  });

  test("depth and parentId of the deepest chain", async ({ comments }) => {
    const { data } = await comments({ url: "https://news.ycombinator.com/item?id=2396027", limit: "8" });
    // The reader's literal expectations are in readers/corpus.test.ts; the handler answers the same first 8.
    expect(data.comments).toEqual(recordedTree().comments.slice(0, 8));
    expect(data.comments.at(-1)).toMatchObject({ id: 2399017, depth: 5, parentId: 2398868 });
  });

  test("falls back to the Firebase walk when Algolia fails: depth-first, skipped gaps, deleted and dead kept", async ({
    comments,
    fault,
    replay,
  }) => {
    fault(algoliaDown(2396027));
    fault(unrecordedItemsAreNull(replay));
    const { data, source } = await comments({ url: "2396027" });
    expect(source).toBe("firebase:items");
    expect(data.item).toMatchObject({ id: 2396027, commentCount: 296 });
    expect(data.comments.map((c) => [c.id, c.depth, c.parentId, c.isDeleted, c.isDead])).toEqual([
      [2396109, 0, 2396027, false, false],
      [2396159, 1, 2396109, false, false],
      [2396173, 2, 2396159, false, false],
      [2396391, 3, 2396173, false, false],
      [2398868, 4, 2396391, false, false],
      [2399017, 5, 2398868, false, false],
      [99990001, 0, 2396027, true, false],
      [99990002, 0, 2396027, false, true],
    ]);
    expect(data).toMatchObject({ hasMore: false, nextCursor: null, totalReturned: 8 });
  });

  test("the Firebase walk pages by its cursor without repeating or skipping a comment", async ({
    comments,
    fault,
    replay,
  }) => {
    fault(algoliaDown(2396027));
    fault(unrecordedItemsAreNull(replay));
    const pages: number[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data } = await comments({ url: "2396027", limit: "3", ...(cursor ? { cursor } : {}) });
      pages.push(data.comments.map((c) => c.id));
      if (!data.hasMore) break;
      cursor = data.nextCursor ?? undefined;
    }
    expect(pages).toEqual([
      [2396109, 2396159, 2396173],
      [2396391, 2398868, 2399017],
      [99990001, 99990002],
    ]);
  });

  test("an item without comments (Algolia has not indexed it): count 0 from the Firebase item", async ({
    comments,
  }) => {
    const { data, count, source } = await comments({ url: "34116085" });
    expect(source).toBe("firebase:items");
    expect(count).toBe(0);
    expect(data).toMatchObject({ item: { id: 34116085, type: "job" }, comments: [], hasMore: false });
  });

  test("a missing item is 404 item_not_found", async ({ comments, fault }) => {
    fault(nullAnswerAt("/v0/item/2.json"));
    expect(await serviceErrorOf(comments({ url: "2" }))).toMatchObject({
      code: "item_not_found",
      status: 404,
    });
  });

  test("a cursor of another item or a tampered one is 400 invalid_cursor", async ({ comments }) => {
    const { data } = await comments({ url: "2396027", limit: "5" });
    const cursor = data.nextCursor ?? "";
    expect(await serviceErrorOf(comments({ url: "34114259", cursor }))).toMatchObject({
      code: "invalid_cursor",
    });
    expect(await serviceErrorOf(comments({ url: "2396027", cursor: `x${cursor}` }))).toMatchObject({
      code: "invalid_cursor",
      status: 400,
    });
  });
});

describe("item comments, Firebase walk under failure", () => {
  test("an item failing after the page has comments ends the page there; the cursor retries it", async ({
    comments,
    fault,
    replay,
  }) => {
    fault(algoliaDown(2396027));
    fault(unrecordedItemsAreNull(replay));
    const removeItem = fault(failingAt("/v0/item/2396173.json", 503, "down"));
    const first = await comments({ url: "2396027" });
    expect(first.data.comments.map((c) => c.id)).toEqual([2396109, 2396159]);
    expect(first.data.hasMore).toBe(true);
    removeItem();
    const rest = await comments({ url: "2396027", cursor: first.data.nextCursor ?? "" });
    expect(rest.data.comments.map((c) => c.id)).toEqual([
      2396173, 2396391, 2398868, 2399017, 99990001, 99990002,
    ]);
  });
});
