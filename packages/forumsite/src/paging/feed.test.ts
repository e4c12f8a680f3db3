import { parseParams } from "@sda/contract";
import { readStrategyHealth } from "@sda/strategy";
import { describe, expect } from "vitest";
import { forumTest, syntheticReplayDirs } from "../../test/fixtures.ts";
import { searchSite } from "../operations/search.ts";
import { getSubredditPosts } from "../operations/subreddit-posts.ts";
import { searchParams } from "../spec/search.ts";
import { subredditPostsParams } from "../spec/subreddit-posts.ts";

// Synthetic answers (issue 14, item 8): the anonymous `.json` API answers the block page, the Atom feeds still answer.
// The feed is written in the platform's Atom form; no real feed is recorded yet.
const BLOCK_PAGE = "<html><body>You've been blocked by network security.</body></html>";
const entry = (id: string, title: string, author: string, content: string, published: string) => `
  <entry>
    <author><name>/u/${author}</name><uri>https://www.reddit.com/user/${author}</uri></author>
    <category term="feedsonly" label="r/feedsonly"/>
    <content type="html">${content}</content>
    <id>t3_${id}</id>
    <media:thumbnail url="https://b.thumbs.redditmedia.com/${id}.jpg" />
    <link href="https://www.reddit.com/r/feedsonly/comments/${id}/slug/" />
    <updated>${published}</updated>
    <published>${published}</published>
    <title>${title}</title>
  </entry>`;
const linkContent = (href: string) =>
  `&lt;table&gt;&lt;tr&gt;&lt;td&gt; submitted by &lt;a href=&quot;https://www.reddit.com/user/x&quot;&gt; /u/x &lt;/a&gt; &lt;br/&gt; &lt;span&gt;&lt;a href=&quot;${href}&quot;&gt;[link]&lt;/a&gt;&lt;/span&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;`;
const feed = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><category term="feedsonly" label="r/feedsonly"/><id>/r/feedsonly/hot.rss</id><title>feeds only</title>${entries}</feed>`;
const FIRST = [
  entry(
    "aaa001",
    "Self post &amp; more",
    "alice",
    linkContent("https://www.reddit.com/r/feedsonly/comments/aaa001/slug/"),
    "2026-05-01T10:00:00+00:00",
  ),
  entry(
    "aaa002",
    "A link",
    "bob",
    linkContent("https://example.org/a?x=1&amp;amp;y=2"),
    "2026-05-01T09:00:00+00:00",
  ),
];
const SECOND = [
  entry(
    "aaa003",
    "A picture",
    "carol",
    linkContent("https://i.redd.it/pic.jpg"),
    "2026-05-01T08:00:00+00:00",
  ),
];

const test = forumTest.extend(
  "replayDirs",
  { scope: "file" },
  syntheticReplayDirs(
    {
      caseId: "synthetic-atom-feeds",
      why: "the .json API blocked (403 block page) while the Atom feeds answer; feed form as the platform serves it",
      answers: [
        {
          match: { method: "GET", path: "/r/feedsonly/hot" },
          status: 403,
          body: BLOCK_PAGE,
          mimeType: "text/html",
        },
        {
          match: { method: "GET", path: "/r/all/search" },
          status: 403,
          body: BLOCK_PAGE,
          mimeType: "text/html",
        },
        {
          match: { method: "GET", path: "/r/feedsonly/hot.rss", query: { after: null } },
          status: 200,
          body: feed(FIRST.join("")),
          mimeType: "application/atom+xml; charset=UTF-8",
        },
        {
          match: { method: "GET", path: "/r/feedsonly/hot.rss", query: { after: "t3_aaa002" } },
          status: 200,
          body: feed(SECOND.join("")),
          mimeType: "application/atom+xml; charset=UTF-8",
        },
        {
          match: { method: "GET", path: "/r/all/search.rss", query: { q: "feeds", sort: "new", t: "all" } },
          status: 200,
          body: feed(FIRST.join("") + SECOND.join("")),
          mimeType: "application/atom+xml; charset=UTF-8",
        },
      ],
    },
    { withCorpus: false },
  ),
);

describe("the Atom strategy when the .json API is blocked", () => {
  test("serves subreddit posts from the feed, pages with the same cursor, and records the strategies' health", async ({
    recordingContext,
    replay,
  }) => {
    const { ctx } = recordingContext();
    const first = await getSubredditPosts(
      parseParams(subredditPostsParams, { url: "feedsonly", limit: "2" }),
      ctx,
    );
    expect(first.source).toBe("atom:listing");
    expect(first.data.posts.map((p) => p.id)).toEqual(["aaa001", "aaa002"]);
    expect(first.data.posts[0]).toMatchObject({
      fullname: "t3_aaa001",
      title: "Self post & more",
      author: "alice",
      subreddit: "feedsonly",
      createdAt: "2026-05-01T10:00:00.000Z",
      mediaKind: "self",
      domain: "self.feedsonly",
      url: "https://www.reddit.com/r/feedsonly/comments/aaa001/slug/",
      permalink: "https://www.reddit.com/r/feedsonly/comments/aaa001/slug/",
      thumbnail: "https://b.thumbs.redditmedia.com/aaa001.jpg",
      score: null,
      numComments: null,
    });
    expect(first.data.posts[1]).toMatchObject({
      url: "https://example.org/a?x=1&y=2",
      domain: "example.org",
      mediaKind: "link",
    });
    expect(first.data.hasMore).toBe(true);

    // The JSON source's circuit is open now: it is skipped without a request, the feed serves the next page.
    const hits = replay.hits.length;
    const second = await getSubredditPosts(
      parseParams(subredditPostsParams, {
        url: "feedsonly",
        limit: "2",
        cursor: first.data.nextCursor ?? "",
      }),
      ctx,
    );
    expect(second.source).toBe("atom:listing");
    expect(second.data.posts.map((p) => p.id)).toEqual(["aaa003"]);
    expect(second.data.posts[0]).toMatchObject({ mediaKind: "image", domain: "i.redd.it" });
    expect(second.data).toMatchObject({ hasMore: false, nextCursor: null });
    expect(replay.hits.slice(hits).map((h) => h.path)).toEqual(["/r/feedsonly/hot.rss"]);

    const health = (await readStrategyHealth(ctx.redis, ctx.keyPrefix)).forumsite ?? [];
    expect(health.find((s) => s.id === "json")).toMatchObject({ failures: 1, successes: 0, state: "open" });
    expect(health.find((s) => s.id === "atom")).toMatchObject({ successes: 2, failures: 0, state: "ok" });
  });

  test("serves site-wide search from the search feed", async ({ recordingContext }) => {
    const { ctx } = recordingContext();
    const result = await searchSite(parseParams(searchParams, { q: "feeds", sort: "new", limit: "10" }), ctx);
    expect(result.source).toBe("atom:search");
    expect(result.data.posts.map((p) => p.id)).toEqual(["aaa001", "aaa002", "aaa003"]);
    expect(result.data).toMatchObject({ query: "feeds", hasMore: false });
  });

  test("when the feed is blocked too, the error names every strategy tried", async ({
    recordingContext,
    replay,
  }) => {
    const { ctx } = recordingContext();
    const remove = replay.addFault({
      when: (r) => r.path.endsWith(".rss"),
      status: 403,
      body: BLOCK_PAGE,
      headers: { "content-type": "text/html" },
    });
    try {
      const error = await getSubredditPosts(
        parseParams(subredditPostsParams, { url: "feedsonly" }),
        ctx,
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "upstream_blocked", retryable: true });
      expect((error as { details: { strategies: unknown } }).details.strategies).toEqual([
        { id: "json", outcome: "failure", class: "blocked", code: "upstream_blocked", reason: "blocked" },
        { id: "atom", outcome: "failure", class: "blocked", code: "upstream_blocked", reason: "blocked" },
      ]);
    } finally {
      remove();
    }
  });
});
