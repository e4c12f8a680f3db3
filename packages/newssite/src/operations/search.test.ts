import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultCorpusDir } from "@sda/replay";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { newsEntries, recordedJson } from "../../test/corpus.ts";
import { callWith, failingAt, newsTest, nullAnswerAt } from "../../test/fixtures.ts";
import { readSearchPage } from "../readers/algolia.ts";
import { readFirebaseUser } from "../readers/user.ts";
import { searchParams } from "../spec/search.ts";
import { userDetailsParams } from "../spec/user-details.ts";
import { userItemsParams } from "../spec/user-items.ts";
import { searchHandler } from "./search.ts";
import { userDetailsHandler } from "./user-details.ts";
import { userItemsHandler } from "./user-items.ts";

const WHOISHIRING = "algolia-search_by_date-whoishiring";

/**
 * The nine recorded `search_by_date` pages of `WHOISHIRING` were asked with tags this service does not send
 * (`story,(author__whoishiring, author_whoishiring)`) and with `page=0` on the first page. To follow a real
 * multi-page answer through `search`, a test-only case (temp dir, `_synthetic`) serves the same recorded bodies for
 * the request `search?q=hiring&type=story&sort=date` sends: tags `(story)`, no `page` on the first page.
 */
async function writeWhoishiringCase(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "newssite-synthetic-"));
  await mkdir(path.join(dir, "newssite"));
  const entries = newsEntries(WHOISHIRING).map((entry, page) => ({
    ...entry,
    _match: {
      method: "GET",
      path: "/api/v1/search_by_date",
      query: { query: "hiring", tags: "(story)", page: page === 0 ? null : String(page) },
    },
    _synthetic: true,
    _syntheticWhy: `test-only: the recorded body of ${WHOISHIRING} page ${page}, matched on the query search sends`,
  }));
  await writeFile(
    path.join(dir, "newssite", "search-hiring-story-synthetic.har"),
    JSON.stringify({ log: { version: "1.2", creator: { name: "newssite tests" }, entries } }),
  );
  return dir;
}

const test = newsTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("replayDirs", { scope: "file" }, async ({}, { onCleanup }) => {
    const dir = await writeWhoishiringCase();
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return [defaultCorpusDir(process.env.CORPUS_DIR), dir];
  })
  .extend("search", callWith(searchParams, searchHandler))
  .extend("userItems", callWith(userItemsParams, userItemsHandler))
  .extend("user", callWith(userDetailsParams, userDetailsHandler));

describe("search", () => {
  test("relevance, stories: the recorded first page; the next (unrecorded) page ends the call with a cursor", async ({
    search,
  }) => {
    const { data, source, count } = await search({ q: "apple", type: "story" });
    expect(source).toBe("algolia:search");
    expect(count).toBe(1);
    expect(data).toMatchObject({
      query: "apple",
      type: "story",
      sort: "relevance",
      totalHits: 27714,
      hasMore: true,
    });
    expect(data.items[0]).toMatchObject({
      id: 2922756,
      title: "Steve Jobs Resigns as CEO of Apple",
      score: 1638,
    });
    // The cursor asks for Algolia page 1, which is not recorded: with nothing read yet, that failure is the answer.
    const next = await serviceErrorOf(search({ q: "apple", type: "story", cursor: data.nextCursor ?? "" }));
    expect(next).toMatchObject({ code: "upstream_error", retryable: true });
  });

  test("by date: Algolia pages followed to fill each limit, pages continue exactly to the last of 152 hits", async ({
    search,
  }) => {
    const recorded = newsEntries(WHOISHIRING).flatMap((_, i) =>
      readSearchPage(recordedJson(WHOISHIRING, i)).items.map((item) => item.id),
    );
    const pages: number[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data, source } = await search({
        q: "hiring",
        sort: "date",
        limit: "50",
        ...(cursor ? { cursor } : {}),
      });
      expect(source).toBe("algolia:search_by_date");
      pages.push(data.items.map((item) => item.id));
      if (!data.hasMore) {
        expect(data.nextCursor).toBeNull();
        break;
      }
      cursor = data.nextCursor ?? undefined;
    }
    expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 2]);
    expect(pages.flat()).toEqual(recorded);
  });

  test("a cursor of another query is 400 invalid_cursor", async ({ search }) => {
    const { data } = await search({ q: "hiring", sort: "date", limit: "5" });
    expect(
      await serviceErrorOf(search({ q: "apple", sort: "date", limit: "5", cursor: data.nextCursor ?? "" })),
    ).toMatchObject({ code: "invalid_cursor", status: 400 });
  });
});

describe("user items", () => {
  test("a user's comments, newest first (default) and by relevance", async ({ userItems }) => {
    const byDate = await userItems({ handle: "pg", type: "comment", limit: "1" });
    expect(byDate.source).toBe("algolia:search_by_date");
    expect(byDate.data).toMatchObject({
      handle: "pg",
      type: "comment",
      sort: "date",
      totalReturned: 1,
      hasMore: true,
    });
    expect(byDate.data.items[0]).toMatchObject({
      id: 7494555,
      type: "comment",
      author: "pg",
      storyId: 7493856,
    });
    const byRelevance = await userItems({
      handle: "https://news.ycombinator.com/user?id=pg",
      type: "comment",
      sort: "relevance",
      limit: "1",
    });
    expect(byRelevance.data.items.map((i) => i.id)).toEqual([6651926]);
  });
});

describe("user details", () => {
  test("from Firebase: karma, about, createdAt, submittedCount", async ({ user }) => {
    const { data, source } = await user({ url: "https://news.ycombinator.com/user?id=jl" });
    expect(source).toBe("firebase:user");
    expect(data).toEqual(readFirebaseUser(recordedJson("user-jl")));
    expect(data).toMatchObject({ handle: "jl", karma: 2937, submittedCount: 256 });
  });

  test("from the Algolia summary when Firebase does not answer", async ({ user }) => {
    const { data, source } = await user({ handle: "pg" });
    expect(source).toBe("algolia:user");
    expect(data).toMatchObject({ handle: "pg", karma: 154666, about: "Bug fixer.", submittedCount: 9433 });
  });

  test("a user recorded on neither API is a retryable upstream error, never user_not_found", async ({
    user,
  }) => {
    expect(await serviceErrorOf(user({ handle: "unrecorded_user" }))).toMatchObject({
      code: "upstream_error",
      status: 502,
      retryable: true,
      details: { replay: "no_match" },
    });
  });

  test("Algolia's own 404 (an injected fault; Firebase unrecorded) is 404 user_not_found", async ({
    user,
    fault,
  }) => {
    fault(failingAt("/api/v1/users/nobody_here", 404, '{"status":404,"error":"Not Found"}'));
    expect(await serviceErrorOf(user({ handle: "nobody_here" }))).toMatchObject({
      code: "user_not_found",
      status: 404,
    });
  });

  test("Firebase's null is 404 user_not_found", async ({ user, fault }) => {
    fault(nullAnswerAt("/v0/user/nobody_here.json"));
    expect(await serviceErrorOf(user({ handle: "nobody_here" }))).toMatchObject({
      code: "user_not_found",
      status: 404,
    });
  });
});
