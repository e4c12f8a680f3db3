import { history, monitorRules, registry } from "@sda/catalog";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { identifyItems, MonitorCatalog } from "./rules.ts";

const catalog = new MonitorCatalog(registry, monitorRules, history);

describe("monitor rules", () => {
  it("name only operations of the registry, none of them a details operation a tracking monitor can run", () => {
    // A tracking monitor (POST /v1/history/track) runs the details operation that locates its URL; an operation with
    // an item rule must never be one, or its stored monitor would read as the other kind. An operation may record
    // History and be monitored for its items when no URL locates it for tracking (audiosite's playlist: its tracks
    // are the items, its likes and reposts the History).
    const tracked = new Set(history.locators.map(({ op }) => op.id));
    for (const id of Object.keys(monitorRules)) {
      expect(registry.byId(id), id).toBeDefined();
      expect(tracked.has(id), id).toBe(false);
    }
  });

  it("accept list operations by path and refuse details and other operations with the accepted list", async () => {
    expect(catalog.itemsOperation("/v1/videosite/comments").op.id).toBe("videosite.comments");
    expect(catalog.itemsOperation("/v1/forumsite/subreddit-posts").op.id).toBe("forumsite.subreddit-posts");
    const details = await serviceErrorOf(
      Promise.resolve().then(() => catalog.itemsOperation("/v1/videosite/video-details")),
    );
    expect(details.code).toBe("operation_not_monitorable");
    expect(details.message).toContain("/v1/history/track");
    const transcript = await serviceErrorOf(
      Promise.resolve().then(() => catalog.itemsOperation("/v1/videosite/transcript")),
    );
    expect(transcript.code).toBe("operation_not_monitorable");
    expect(transcript.details.allowed).toContain("/v1/photosite/tagged-posts");
    const unknown = await serviceErrorOf(Promise.resolve().then(() => catalog.itemsOperation("/v1/nope")));
    expect(unknown.code).toBe("operation_not_monitorable");
  });

  it("map a URL to the details operation that records its History", async () => {
    const cases: [string, string][] = [
      ["https://www.youtube.com/watch?v=M4gD1WSo5mA", "videosite.video-details"],
      ["https://www.youtube.com/@kurzgesagt", "videosite.channel-details"],
      [
        "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
        "videosite.playlist-details",
      ],
      ["https://www.reddit.com/r/golang/", "forumsite.subreddit-details"],
      ["https://www.reddit.com/r/redditdev/comments/2gmzqe/some_title/", "forumsite.post-details"],
      ["https://www.instagram.com/p/C10MvewSSYl/", "photosite.details"],
      ["https://www.instagram.com/nasa/", "photosite.channel-details"],
    ];
    for (const [url, id] of cases) expect(catalog.detailsOperationFor(url).id, url).toBe(id);
    const error = await serviceErrorOf(
      Promise.resolve().then(() => catalog.detailsOperationFor("https://example.com/x")),
    );
    expect(error.code).toBe("unsupported_url");
  });

  it("identify items by stable id, once per answer, skipping items without one", () => {
    const rule = catalog.itemsOperation("/v1/videosite/search").rule;
    const data = {
      results: [
        { type: "video", id: "a" },
        { type: "playlist", id: "a" },
        { type: "video", id: "a" },
        { type: "video" },
      ],
    };
    expect(identifyItems(rule, data).map((i) => i.id)).toEqual(["video:a", "playlist:a"]);
    const photos = catalog.itemsOperation("/v1/photosite/channel-posts").rule;
    expect(
      identifyItems(photos, { posts: [{ id: null, shortcode: "Cx" }, { id: "1" }] }).map((i) => i.id),
    ).toEqual(["Cx", "1"]);
    expect(identifyItems(photos, { nothing: true })).toEqual([]);
  });
});
