import { createLogger, type ServiceError } from "@sda/core";
import { defaultCorpusDir, type ReplayServer, startReplayServer } from "@sda/replay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "./client.ts";
import { routeUrl } from "./origins.ts";

let replay: ReplayServer;
let http: ReturnType<typeof createHttpClient>;

// The client on its own, below any platform package: two platforms' hosts routed to the replay of the recorded
// corpus, with Reddit's path rule (corpus README §2) for the forum recordings.
beforeAll(async () => {
  replay = await startReplayServer({
    dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
    rules: { forumsite: { path: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true } } },
  });
  http = createHttpClient({
    origins: [
      { platform: "forumsite", hosts: ["reddit.com", "*.reddit.com", "redd.it"], origin: replay.origin },
      { platform: "videosite", hosts: ["*.youtube.com"], origin: replay.origin },
      { platform: "musicsite", hosts: ["bandcamp.com", "*.bandcamp.com"], origin: replay.origin },
    ],
    liveHosts: false,
    timeoutMs: 2000,
    userAgent: "sda-test",
    log: createLogger({ name: "test", level: "silent" }),
  });
});
afterAll(async () => {
  await http.close();
  await replay.close();
});

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: ServiceError) => e,
  );
}

describe("upstream client", () => {
  it("keeps the live host as the Host header of a hop routed to an origin, as an HTTP proxy does", async () => {
    // Artists share paths (`/`): the replay tells them apart by the host the request names (corpus README §2 rule 2).
    const toupie = await http.request({ platform: "musicsite", url: "https://toupie.bandcamp.com/" });
    expect(toupie.headers["x-replay-case"]).toBe("artist-toupie-empty-discography");
    // A host the platform does not list (a custom domain) goes to the platform's origin, still under its own name.
    const label = await http.request({ platform: "musicsite", url: "https://lobstertheremin.com/music" });
    expect(label.headers["x-replay-case"]).toBe("artist-lobstertheremin-custom-domain");
    expect(label.url).toBe("https://lobstertheremin.com/music");
    const other = await failure(
      http.request({ platform: "musicsite", url: "https://nobody.bandcamp.com/releases" }),
    );
    expect(other.details).toMatchObject({ replay: "no_match" });
  });

  it("throws the replay's 'no recording' even where the caller accepts a 404 as the platform's not-found", async () => {
    // A platform reading 404 as "no such user" must never take the replay's own 404 for it (issue 39).
    const error = await failure(
      http.request({
        platform: "musicsite",
        url: "https://nobody.bandcamp.com/releases",
        acceptStatus: [404],
      }),
    );
    expect(error).toMatchObject({
      code: "upstream_error",
      details: { replay: "no_match", upstreamStatus: 404 },
    });
  });

  it("routes every host of a platform to its configured origin, keeping path and query", () => {
    expect(routeUrl("https://youtubei.googleapis.com/youtubei/v1/player?x=1", "http://127.0.0.1:9")).toBe(
      "http://127.0.0.1:9/youtubei/v1/player?x=1",
    );
    expect(routeUrl("https://rr1---sn-x.googlevideo.com/videoplayback?id=a", undefined)).toBe(
      "https://rr1---sn-x.googlevideo.com/videoplayback?id=a",
    );
  });

  it("reads a recorded answer through the replay, with its Date header", async () => {
    const response = await http.request({
      platform: "forumsite",
      url: "https://oauth.reddit.com/r/golang/about",
    });
    expect(response.status).toBe(200);
    expect(response.json<{ kind: string; data: { display_name: string } }>()).toMatchObject({
      kind: "t5",
      data: { display_name: "golang" },
    });
  });

  it("hands a redirect to the caller when asked, and follows it through the origin otherwise", async () => {
    const share = "https://www.reddit.com/r/redditdev/s/WNauetbiNG";
    const manual = await http.request({
      platform: "forumsite",
      url: share,
      followRedirects: false,
      acceptStatus: [301],
    });
    expect(manual.status).toBe(301);
    expect(manual.headers.location).toContain("/r/redditdev/comments/2gmzqe/");
    // The permalink itself was not recorded: following it must reach the replay (no_match), never the live host.
    const error = await failure(http.request({ platform: "forumsite", url: share }));
    expect(error).toMatchObject({ code: "upstream_error", details: { replay: "no_match" } });
    expect(replay.hits.some((h) => h.path.startsWith("/r/redditdev/comments/2gmzqe/"))).toBe(true);
  });

  it("maps upstream 403, 429 and 5xx to retryable 502 errors", async () => {
    const url = "https://oauth.reddit.com/r/golang/about";
    for (const [status, code] of [
      [403, "upstream_blocked"],
      [429, "upstream_rate_limited"],
      [503, "upstream_error"],
    ] as const) {
      const remove = replay.addFault({
        when: (r) => r.path === "/r/golang/about",
        status,
        headers: { "retry-after": "7" },
      });
      const error = await failure(http.request({ platform: "forumsite", url }));
      remove();
      expect(error).toMatchObject({ code, status: 502, retryable: true });
      if (status === 429) expect(error.retryAfterSeconds).toBe(7);
    }
  });

  it("lets the caller interpret statuses it accepts", async () => {
    const response = await http.request({
      platform: "videosite",
      url: "https://www.youtube.com/youtubei/v1/navigation/resolve_url",
      method: "POST",
      body: JSON.stringify({ url: "https://www.youtube.com/@nonExistingHandleThatWillNeverExist15464" }),
      headers: { "content-type": "application/json" },
      acceptStatus: [404],
    });
    expect(response.status).toBe(404);
  });

  it("gives up after the request budget with upstream_timeout", async () => {
    const remove = replay.addFault({ when: (r) => r.path === "/r/golang/about", delayMs: 1500 });
    const error = await failure(
      http.request({ platform: "forumsite", url: "https://oauth.reddit.com/r/golang/about", timeoutMs: 300 }),
    );
    remove();
    expect(error).toMatchObject({ code: "upstream_timeout", retryable: true });
  });

  it("reports an unreachable upstream as upstream_unavailable", async () => {
    const dead = createHttpClient({
      origins: [{ platform: "forumsite", hosts: [], origin: "http://127.0.0.1:1" }],
      timeoutMs: 1000,
      userAgent: "t",
      log: createLogger({ name: "test", level: "silent" }),
    });
    const error = await failure(
      dead.request({ platform: "forumsite", url: "https://oauth.reddit.com/r/x/about" }),
    );
    expect(error).toMatchObject({ code: "upstream_unavailable", status: 502 });
    await dead.close();
  });
});
