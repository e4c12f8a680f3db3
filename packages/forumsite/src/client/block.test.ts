import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { forumTest, syntheticReplayDirs } from "../../test/fixtures.ts";
import { ForumClient } from "./client.ts";

// The block page anonymous `.json` traffic from a flagged address gets (issue 14); served for one synthetic subreddit.
const BLOCK_PAGE =
  "<!DOCTYPE html><html><head><title>Blocked</title></head><body>You've been blocked by network security.</body></html>";

const test = forumTest.extend(
  "replayDirs",
  { scope: "file" },
  syntheticReplayDirs(
    {
      caseId: "synthetic-block-page",
      why: "the forum platform's 403 HTML block page for anonymous .json traffic",
      answers: [
        {
          match: { method: "GET", path: "/r/blockedforus/hot" },
          status: 403,
          body: BLOCK_PAGE,
          mimeType: "text/html; charset=utf-8",
        },
      ],
    },
    { withCorpus: true },
  ),
);

describe("the forum platform's 403 block page", () => {
  test("pauses the public credential like a 429: the next call is refused without a request", async ({
    recordingContext,
    replay,
  }) => {
    const { ctx } = recordingContext();
    const first = await serviceErrorOf(new ForumClient(ctx).get("/r/blockedforus/hot"));
    expect(first).toMatchObject({ code: "upstream_blocked", retryable: true, retryAfterSeconds: 600 });
    expect(first.details).toMatchObject({ reason: "blocked", upstreamStatus: 403 });

    const hits = replay.hits.length;
    const second = await serviceErrorOf(new ForumClient(ctx).get("/r/golang/about"));
    expect(second).toMatchObject({ code: "upstream_blocked", retryable: true });
    expect(second.details).toMatchObject({ reason: "credential_blocked" });
    expect(second.retryAfterSeconds).toBeGreaterThan(590);
    expect(replay.hits.length).toBe(hits);
  });

  test("a private subreddit's JSON 403 is the platform's answer, not a block: nothing is paused", async ({
    recordingContext,
  }) => {
    const { ctx } = recordingContext();
    const answer = await new ForumClient(ctx).get("/r/tiananmenaquarefalse/top", { t: "all" });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ reason: "quarantined" });
    expect((await new ForumClient(ctx).get("/r/golang/about")).status).toBe(200);
  });

  test("with FORUMSITE_PROXIES, a blocked proxy rests and the call goes out again through another one", async ({
    recordingContext,
    replay,
  }) => {
    const { ctx, sent } = recordingContext({
      FORUMSITE_PROXIES: "http://proxy-a.invalid:8080,http://proxy-b.invalid:8080",
    });
    let blockedOnce = false;
    const remove = replay.addFault({
      when: (r) => {
        if (blockedOnce || r.path !== "/r/golang/about.json") return false;
        blockedOnce = true;
        return true;
      },
      status: 403,
      body: BLOCK_PAGE,
      headers: { "content-type": "text/html" },
    });
    try {
      const answer = await new ForumClient(ctx).get("/r/golang/about");
      expect(answer.status).toBe(200);
    } finally {
      remove();
    }
    expect(sent).toHaveLength(2);
    expect(sent[0]?.proxy).toBeDefined();
    expect(sent[1]?.proxy).toBeDefined();
    expect(sent[1]?.proxy).not.toBe(sent[0]?.proxy);
    // Every later call avoids the blocked proxy while it rests.
    for (let i = 0; i < 4; i++) await new ForumClient(ctx).get("/r/golang/about");
    expect(new Set(sent.slice(1).map((r) => r.proxy))).toEqual(new Set([sent[1]?.proxy]));
  });
});
