import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { newsEntries, recordedJson } from "../../test/corpus.ts";
import { readItemTree, readSearchPage } from "./algolia.ts";
import { readIdList } from "./id-list.ts";
import { pollOptionOf, pollPartIds, readFirebaseItem } from "./item.ts";
import { readAlgoliaUser, readFirebaseUser } from "./user.ts";

// The readers on every recorded newssite case (corpus README §4, newssite). The client-level cases (Firebase's 401,
// maxitem, updates) are read over the replay in ../client/client.test.ts.

const item = (caseId: string, index = 0) => readFirebaseItem(recordedJson(caseId, index));

describe("Firebase items", () => {
  it("ask-34114259: an Ask HN text post (HTML text, no url)", () => {
    expect(item("ask-34114259")).toMatchObject({
      id: 34114259,
      type: "story",
      title: "Ask HN: What do I do about LastPass and how do I switch?",
      url: null,
      domain: null,
      author: "yootis",
      score: 20,
      commentCount: 17,
      createdAt: "2022-12-24T05:26:22.000Z",
      parentId: null,
      isDeleted: false,
      isDead: false,
    });
    expect(item("ask-34114259")?.text).toContain("It&#x27;s too many");
    expect(item("ask-34114259")?.textPlain).toContain("It's too many");
    expect(item("ask-34114259")?.kidIds).toHaveLength(14);
  });

  it("show-34110624: a Show HN post with url, domain and text", () => {
    const show = item("show-34110624");
    expect(show).toMatchObject({ id: 34110624, type: "story", domain: "github.com", commentCount: 0 });
    expect(show?.textPlain).toBe(
      "I wrote a JavaScript tool to search your HN favorites and export them to CSV or HTML. The JavaScript runs in your browser like a browser extension. It scrapes the HTML and navigates from page to page.\n\nSetup and usage instructions are in the file.",
    );
  });

  it("job-34116085: a job (url, score, no kids, no comment count)", () => {
    expect(item("job-34116085")).toMatchObject({
      type: "job",
      url: "https://www.svix.com/careers/",
      domain: "svix.com",
      score: 1,
      commentCount: null,
      kidIds: [],
      text: null,
    });
  });

  it("poll-126809: a poll with its option ids, and a pollopt with its votes and poll", () => {
    expect(item("poll-126809")).toMatchObject({ type: "poll", score: 46, text: null, author: "pg" });
    expect(pollPartIds(recordedJson("poll-126809"))).toEqual([126810, 126811, 126812]);
    const option = item("poll-126809", 1);
    expect(option).toMatchObject({ id: 160705, type: "pollopt", parentId: 160704, score: 335 });
    expect(option && pollOptionOf(option)).toEqual({
      id: 160705,
      text: "Yes, ban them; I'm tired of seeing Valleywag stories on News.YC.",
      votes: 335,
    });
  });

  it("item-not-found-null: the answer null is no item", () => {
    expect(recordedJson("item-not-found-null")).toBeNull();
    expect(item("item-not-found-null")).toBeNull();
  });

  it("topstories-2022-12-24: 500 ids, and its three recorded stories", () => {
    expect(readIdList(recordedJson("topstories-2022-12-24"))).toHaveLength(500);
    expect([1, 2, 3].map((i) => item("topstories-2022-12-24", i)?.id)).toEqual([
      34115747, 34115632, 34109771,
    ]);
    expect(item("topstories-2022-12-24", 1)).toMatchObject({
      title: "Rotary Keyboard",
      domain: "squidgeefish.com",
      createdAt: "2022-12-24T10:56:32.000Z",
    });
  });

  it("story-lists-synthetic: the five lists read as id lists", () => {
    expect(
      newsEntries("story-lists-synthetic").map((_, i) =>
        readIdList(recordedJson("story-lists-synthetic", i)),
      ),
    ).toEqual([
      [34115747, 34115632, 34114259, 34110624, 34109771],
      [34109771, 34115632, 34115747, 34110624, 34114259],
      [34114259],
      [34110624],
      [34116085],
    ]);
  });

  it("thread-2396027-firebase-synthetic: comments with parents, the deleted and the dead one", () => {
    const entries = newsEntries("thread-2396027-firebase-synthetic");
    const items = entries.map((_, i) => item("thread-2396027-firebase-synthetic", i));
    expect(items[0]).toMatchObject({ id: 2396027, commentCount: 296 });
    expect(items[1]).toMatchObject({ id: 2396109, type: "comment", parentId: 2396027, score: null });
    expect(items[1]?.textPlain?.startsWith("Montreal - PHP/MySQL Developer\n\nAdult company")).toBe(true);
    expect(items.find((i) => i?.id === 99990001)).toMatchObject({
      isDeleted: true,
      isDead: false,
      author: null,
      text: null,
      textPlain: null,
      createdAt: "2011-04-02T13:11:26.000Z",
    });
    expect(items.find((i) => i?.id === 99990002)).toMatchObject({
      isDead: true,
      isDeleted: false,
      author: "placeholder_dead_user",
      text: "[flagged placeholder text]",
    });
  });

  it("a list answer that is not ids is an upstream_error, not an empty list", () => {
    expect(() => readIdList(recordedJson("updates-2014-10"))).toThrow(ServiceError);
    expect(() => readIdList(null)).toThrow(ServiceError);
  });
});

describe("Firebase and Algolia users", () => {
  it("user-jl: karma, about as HTML and text, created, submitted count", () => {
    expect(readFirebaseUser(recordedJson("user-jl"))).toEqual({
      handle: "jl",
      karma: 2937,
      createdAt: "2007-03-15T01:50:46.000Z",
      about: "This is a test",
      aboutPlain: "This is a test",
      submittedCount: 256,
    });
    expect(readFirebaseUser(null)).toBeNull();
  });

  it("algolia-user-pg: the summary, submissions and comments counted together", () => {
    expect(readAlgoliaUser(recordedJson("algolia-user-pg"))).toEqual({
      handle: "pg",
      karma: 154666,
      createdAt: "2006-10-09T18:21:32.000Z",
      about: "Bug fixer.",
      aboutPlain: "Bug fixer.",
      submittedCount: 643 + 8790,
    });
  });
});

describe("Algolia search pages", () => {
  it("algolia-search-apple-story: one story hit with points, comments and time (2014 shape)", () => {
    const page = readSearchPage(recordedJson("algolia-search-apple-story"));
    expect(page).toMatchObject({ totalHits: 27714, page: 0, pageCount: 1000, hitsPerPage: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({
        id: 2922756,
        type: "story",
        title: "Steve Jobs Resigns as CEO of Apple",
        domain: "finance.yahoo.com",
        author: "taylorbuley",
        score: 1638,
        commentCount: 308,
        createdAt: "2011-08-24T22:37:35.000Z",
        text: null,
        storyId: null,
      }),
    ]);
  });

  it("algolia-search-ask_hn-apple-page2: page 2 of both sorts, Ask HN stories with text", () => {
    const [relevance, byDate] = [0, 1].map((i) =>
      readSearchPage(recordedJson("algolia-search-ask_hn-apple-page2", i)),
    );
    expect(relevance).toMatchObject({ page: 2, pageCount: 849, totalHits: 849 });
    expect(relevance?.items[0]).toMatchObject({ id: 1256391, type: "story", url: null, commentCount: 84 });
    expect(byDate?.items[0]).toMatchObject({ id: 7915384, createdAt: "2014-06-19T09:53:30.000Z" });
    expect(byDate?.items[0]?.textPlain).toContain("I'm a college student");
  });

  it("algolia-search-comments-author_pg: comments with their story and parent", () => {
    const [relevance, byDate] = [0, 1].map((i) =>
      readSearchPage(recordedJson("algolia-search-comments-author_pg", i)),
    );
    expect(relevance?.items[0]).toMatchObject({
      id: 6651926,
      type: "comment",
      author: "pg",
      storyId: 6651704,
    });
    expect(byDate?.items[0]).toMatchObject({
      id: 7494555,
      type: "comment",
      title: null,
      parentId: 7494175,
      storyId: 7493856,
      storyTitle: "Meet the People Taking over Hacker News",
      text: "Is there a forum that doesn&#x27;t ban people?",
      textPlain: "Is there a forum that doesn't ban people?",
      commentCount: null,
    });
  });

  it("algolia-search_by_date-whoishiring: 8 pages of 20 then 12, page 8 past the end is empty", () => {
    const pages = newsEntries("algolia-search_by_date-whoishiring").map((_, i) =>
      readSearchPage(recordedJson("algolia-search_by_date-whoishiring", i)),
    );
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 20, 20, 20, 20, 20, 12, 0]);
    expect(pages.every((p) => p.pageCount === 8 && p.totalHits === 152)).toBe(true);
    expect(pages[0]?.items[0]).toMatchObject({
      id: 37351667,
      type: "story",
      title: "Ask HN: Who is hiring? (September 2023)",
      url: null,
      score: 397,
      commentCount: 500,
      createdAt: "2023-09-01T15:00:25.000Z",
    });
  });
});

describe("Algolia item tree", () => {
  it("algolia-item-2396027-tree: the story and its 296 comments depth-first, 6 levels", () => {
    const tree = readItemTree(recordedJson("algolia-item-2396027-tree"));
    expect(tree.item).toMatchObject({
      id: 2396027,
      type: "story",
      title: "Ask HN: Who is Hiring? (April 2011)",
      url: null,
      score: 280,
      commentCount: 296,
      createdAt: "2011-04-01T13:11:26.000Z",
    });
    expect(tree.comments).toHaveLength(296);
    expect(tree.comments.slice(0, 8).map((c) => [c.id, c.depth, c.parentId])).toEqual([
      [2396109, 0, 2396027],
      [2396284, 1, 2396109],
      [2404566, 2, 2396284],
      [2396159, 1, 2396109],
      [2396173, 2, 2396159],
      [2396391, 3, 2396173],
      [2398868, 4, 2396391],
      [2399017, 5, 2398868],
    ]);
    expect(new Set(tree.comments.map((c) => c.id)).size).toBe(296);
    expect(tree.comments.every((c) => c.type === "comment" && !c.isDeleted && !c.isDead)).toBe(true);
    expect(tree.comments[0]?.kidIds).toEqual([2396284, 2396159]);
  });
});
