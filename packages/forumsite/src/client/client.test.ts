import { entryBody, type ReplayServer } from "@sda/replay";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { forumEntries } from "../../test/corpus.ts";
import { forumTest } from "../../test/fixtures.ts";
import { ForumClient } from "./client.ts";
import { okJson } from "./errors.ts";

const OAUTH = { FORUMSITE_CLIENT_ID: "test-client-id", FORUMSITE_CLIENT_SECRET: "test-client-secret" };
const hitsOf = (replay: ReplayServer, path: string) => replay.hits.filter((h) => h.path === path).length;

describe("public mode (no OAuth client configured)", () => {
  forumTest(
    "asks www.reddit.com for <path>.json with raw_json=1 and no credentials",
    async ({ recordingContext }) => {
      const { ctx, sent } = recordingContext();
      const client = new ForumClient(ctx);
      expect(client.via).toBe("public");
      const answer = await client.get("/r/golang/about");
      expect(answer.status).toBe(200);
      expect(sent[0]?.url).toBe("https://www.reddit.com/r/golang/about.json?raw_json=1");
      expect(sent[0]?.headers?.authorization).toBeUndefined();
      expect(sent[0]?.headers?.["user-agent"]).toBe(ctx.env.FORUMSITE_USER_AGENT);
    },
  );
});

describe("redirects", () => {
  forumTest(
    "a redirect to another resource path (a re-cased subreddit) is followed once, raw_json kept",
    async ({ recordingContext, replay }) => {
      const { ctx, sent } = recordingContext();
      const remove = replay.addFault({
        when: (r) => r.path === "/r/GoLang/about.json",
        status: 301,
        headers: { location: "https://www.reddit.com/r/golang/about.json" },
      });
      try {
        const answer = await new ForumClient(ctx).get("/r/GoLang/about");
        expect(answer.status).toBe(200);
        expect(sent.map((r) => r.url)).toEqual([
          "https://www.reddit.com/r/GoLang/about.json?raw_json=1",
          "https://www.reddit.com/r/golang/about.json?raw_json=1",
        ]);
      } finally {
        remove();
      }
    },
  );
});

describe("OAuth app-only mode", () => {
  forumTest(
    "fetches one token with Basic client credentials and sends it as bearer to oauth.reddit.com",
    async ({ recordingContext, replay }) => {
      const { ctx, sent } = recordingContext(OAUTH);
      const tokenHits = hitsOf(replay, "/api/v1/access_token");
      const client = new ForumClient(ctx);
      expect(client.via).toBe("oauth");
      await client.get("/r/golang/about");
      await new ForumClient(ctx).get("/r/Fitness/about/rules");
      expect(hitsOf(replay, "/api/v1/access_token") - tokenHits).toBe(1);
      const token = sent.find((r) => r.url.endsWith("/api/v1/access_token"));
      expect(token?.method).toBe("POST");
      expect(token?.body).toBe("grant_type=client_credentials");
      expect(token?.headers?.authorization).toBe(
        `Basic ${Buffer.from("test-client-id:test-client-secret").toString("base64")}`,
      );
      const calls = sent.filter((r) => r.url.startsWith("https://oauth.reddit.com/"));
      expect(calls.map((r) => r.url)).toEqual([
        "https://oauth.reddit.com/r/golang/about?raw_json=1",
        "https://oauth.reddit.com/r/Fitness/about/rules?raw_json=1",
      ]);
      for (const call of calls)
        expect(call.headers?.authorization).toBe("bearer synthetic-app-only-token-0001");
    },
  );

  forumTest(
    "ten parallel calls with an empty token cache ask for exactly one token",
    async ({ recordingContext, replay }) => {
      const { ctx } = recordingContext(OAUTH);
      const tokenHits = hitsOf(replay, "/api/v1/access_token");
      await Promise.all(Array.from({ length: 10 }, () => new ForumClient(ctx).get("/r/golang/about")));
      expect(hitsOf(replay, "/api/v1/access_token") - tokenHits).toBe(1);
    },
  );

  forumTest(
    "a 401 (expired token) drops the token, fetches a new one and repeats the request once",
    async ({ recordingContext, replay }) => {
      const { ctx } = recordingContext(OAUTH);
      await new ForumClient(ctx).get("/r/golang/about");
      const tokenHits = hitsOf(replay, "/api/v1/access_token");
      let refused = 0;
      const remove = replay.addFault({
        when: (r) => r.path === "/r/golang/about" && refused++ === 0,
        status: 401,
        body: '{"message": "Unauthorized", "error": 401}',
        headers: { "content-type": "application/json" },
      });
      try {
        const answer = await new ForumClient(ctx).get("/r/golang/about");
        expect(answer.status).toBe(200);
        expect(hitsOf(replay, "/api/v1/access_token") - tokenHits).toBe(1);
      } finally {
        remove();
      }
    },
  );
});

describe("rate-limit pause", () => {
  const popular = forumEntries("r-popular-hot")[0];
  const body = popular ? entryBody(popular).toString("utf8") : "";

  forumTest(
    "an answer with fewer than 10 requests left pauses the credential: the next call fails without being sent",
    async ({ recordingContext, replay }) => {
      const { ctx, sent } = recordingContext();
      const remove = replay.addFault({
        when: (r) => r.path === "/r/popular/hot.json",
        status: 200,
        body,
        headers: {
          "content-type": "application/json",
          "x-ratelimit-remaining": "3.0",
          "x-ratelimit-reset": "240",
        },
      });
      try {
        const first = await new ForumClient(ctx).get("/r/popular/hot");
        expect(first.status).toBe(200);
      } finally {
        remove();
      }
      const before = sent.length;
      const error = await serviceErrorOf(new ForumClient(ctx).get("/r/golang/about"));
      expect(error).toMatchObject({ code: "upstream_rate_limited", status: 502, retryable: true });
      expect(error.retryAfterSeconds).toBeGreaterThan(230);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(240);
      expect(sent.length).toBe(before);
    },
  );

  forumTest(
    "a 429 pauses the credential for the announced reset and fails retryable",
    async ({ recordingContext, replay }) => {
      const { ctx } = recordingContext();
      const remove = replay.addFault({
        when: (r) => r.path === "/r/LocalLLaMA/top.json",
        status: 429,
        body: "Too Many Requests",
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "75" },
      });
      try {
        const error = await serviceErrorOf(new ForumClient(ctx).get("/r/LocalLLaMA/top", { t: "day" }));
        expect(error).toMatchObject({ code: "upstream_rate_limited", retryAfterSeconds: 75 });
      } finally {
        remove();
      }
      const paused = await serviceErrorOf(new ForumClient(ctx).get("/r/golang/about"));
      expect(paused.details).toMatchObject({ reason: "credential_paused" });
    },
  );

  forumTest(
    "the public and the OAuth credential are paused separately",
    async ({ recordingContext, replay }) => {
      const { ctx } = recordingContext();
      const remove = replay.addFault({
        when: (r) => r.path === "/r/golang/about.json",
        status: 429,
        headers: { "x-ratelimit-reset": "60" },
      });
      try {
        await serviceErrorOf(new ForumClient(ctx).get("/r/golang/about"));
      } finally {
        remove();
      }
      const oauth = { ...ctx, env: { ...ctx.env, ...OAUTH } };
      expect((await new ForumClient(oauth).get("/r/golang/about")).status).toBe(200);
    },
  );
});

describe("platform refusals", () => {
  forumTest(
    "the quarantined listing's 403 is subreddit_quarantined with the platform's message",
    async ({ recordingContext }) => {
      const { ctx } = recordingContext();
      const answer = await new ForumClient(ctx).get("/r/tiananmenaquarefalse/top", { t: "all" });
      const error = await serviceErrorOf(
        Promise.resolve().then(() => okJson(answer, { kind: "subreddit", name: "tiananmenaquarefalse" })),
      );
      expect(error).toMatchObject({ code: "subreddit_quarantined", status: 403, retryable: false });
      expect(error.details.quarantineMessage).toContain("Pulitzer Prize-winning archival coverage");
    },
  );

  forumTest(
    "a request the replay has no recording for is an upstream error, never a 'not found'",
    async ({ recordingContext }) => {
      const { ctx } = recordingContext();
      const error = await serviceErrorOf(
        new ForumClient(ctx)
          .get("/r/nosuchrecording/about")
          .then((answer) => okJson(answer, { kind: "subreddit", name: "x" })),
      );
      expect(error).toMatchObject({ code: "upstream_error", retryable: true });
      expect(error.details.replay).toBe("no_match");
    },
  );
});
