import { entryBody, loadCases } from "@sda/replay";
import { defaultCorpusDir } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { stopWorker } from "./support/stack.ts";

// The platform's request budget is shared by every worker: a pause recorded by one process holds for the others.
const test = stackTest.extend("stackOptions", { scope: "file" }, { workers: "none" });

const popular = loadCases(`${defaultCorpusDir()}/forumsite`).find((c) => c.caseId === "r-popular-hot");
const popularBody = popular?.log.entries[0] ? entryBody(popular.log.entries[0]).toString("utf8") : "";

describe("the platform's rate-limit headers", () => {
  test("a budget running low pauses the credential for the next worker process too; paused calls are not billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const first = stack.spawnWorker();
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/r/popular/hot.json",
      status: 200,
      body: popularBody,
      headers: {
        "content-type": "application/json",
        "x-ratelimit-remaining": "4.0",
        "x-ratelimit-reset": "300",
      },
    });
    try {
      const listing = await stack.get("/v1/forumsite/subreddit-posts", key, { url: "popular", limit: "5" });
      expect(listing.status).toBe(200);
      expect(listing.body.data.posts).toHaveLength(5);
    } finally {
      remove();
    }
    await stopWorker(first);
    stack.spawnWorker();

    const hits = stack.replay.hits.length;
    const paused = await stack.get("/v1/forumsite/subreddit-details", key, { url: "golang" });
    expect(paused.status).toBe(502);
    expect(paused.body.error).toMatchObject({
      code: "upstream_rate_limited",
      retryable: true,
      reason: "credential_paused",
    });
    const retryAfter = Number(paused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(280);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(stack.replay.hits.length).toBe(hits);
    expect(await stack.ledger.balance(accountId)).toBe(8);
  }, 90_000);
});
