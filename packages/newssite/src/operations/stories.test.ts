import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { callWith, jsonAnswerAt, newsTest, unrecordedItemsAreNull } from "../../test/fixtures.ts";
import { storiesParams } from "../spec/stories.ts";
import { storiesHandler } from "./stories.ts";

const test = newsTest.extend("stories", callWith(storiesParams, storiesHandler));

describe("stories", () => {
  test("new, 2 per page: three pages continue exactly, the last without cursor", async ({ stories }) => {
    const seen: number[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data, count, source } = await stories({
        list: "new",
        limit: "2",
        ...(cursor ? { cursor } : {}),
      });
      expect(source).toBe("firebase:list+items");
      expect(data.totalReturned).toBe(count);
      seen.push(data.stories.map((s) => s.id));
      if (!data.hasMore) {
        expect(data.nextCursor).toBeNull();
        break;
      }
      cursor = data.nextCursor ?? undefined;
    }
    expect(seen).toEqual([[34115747, 34115632], [34114259, 34110624], [34109771]]);
  });

  test("top: the three recorded stories in list order; the next id has no recording, a 502, never a skipped story", async ({
    stories,
  }) => {
    const first = await stories({ list: "top", limit: "3" });
    expect(first.data.stories.map((s) => s.id)).toEqual([34115747, 34115632, 34109771]);
    expect(first.data.hasMore).toBe(true);
    const error = await serviceErrorOf(
      stories({ list: "top", limit: "3", cursor: first.data.nextCursor ?? "" }),
    );
    expect(error).toMatchObject({ code: "upstream_error", status: 502, details: { upstreamStatus: 404 } });
  });

  test("top: ids whose item Firebase answers null are skipped; the cursor is after the last id read", async ({
    stories,
    fault,
    replay,
  }) => {
    fault(unrecordedItemsAreNull(replay));
    const first = await stories({ list: "top", limit: "5" });
    expect(first.data.stories.map((s) => s.id)).toEqual([34115747, 34115632, 34109771, 34116085, 34114259]);
    expect(first.data.stories[0]).toMatchObject({
      type: "story",
      title: "Rotary Keyboard",
      url: "https://squidgeefish.com/projects/rotary-keyboard/",
      domain: "squidgeefish.com",
      author: "christoph-heiss",
      score: 147,
      commentCount: 9,
      createdAt: "2022-12-24T10:56:32.000Z",
      text: null,
      isDeleted: false,
      isDead: false,
    });
    expect(first.data.hasMore).toBe(true);
    const second = await stories({ list: "top", limit: "5", cursor: first.data.nextCursor ?? "" });
    // Of the 500 ids only six have recorded items (the others answer null here); the sixth (index 70) is the last.
    expect(second.data.stories.map((s) => s.id)).toEqual([34110624]);
    expect(second.data).toMatchObject({ hasMore: false, nextCursor: null, totalReturned: 1 });
  });

  test.for([
    ["ask", [34114259]],
    ["show", [34110624]],
    ["job", [34116085]],
    ["best", [34109771, 34115632, 34115747, 34110624, 34114259]],
  ] as const)("%s list", async ([list, ids], { stories }) => {
    const { data } = await stories({ list });
    expect(data).toMatchObject({ list, hasMore: false, nextCursor: null });
    expect(data.stories.map((s) => s.id)).toEqual(ids);
  });

  test("an empty list answers no stories, count 0", async ({ stories, fault }) => {
    fault(jsonAnswerAt("/v0/jobstories.json", "[]"));
    const { data, count } = await stories({ list: "job" });
    expect(count).toBe(0);
    expect(data).toMatchObject({ totalReturned: 0, hasMore: false, nextCursor: null, stories: [] });
  });

  test("a tampered cursor, or one of another list, is 400 invalid_cursor", async ({ stories }) => {
    const { data } = await stories({ list: "new", limit: "2" });
    const cursor = data.nextCursor ?? "";
    const tampered = `${cursor.slice(0, 5)}${cursor[5] === "A" ? "B" : "A"}${cursor.slice(6)}`;
    expect(await serviceErrorOf(stories({ list: "new", cursor: tampered }))).toMatchObject({
      code: "invalid_cursor",
      status: 400,
    });
    expect(await serviceErrorOf(stories({ list: "best", cursor }))).toMatchObject({ code: "invalid_cursor" });
  });
});
