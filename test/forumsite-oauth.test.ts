import { Queue } from "bullmq";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { replayHitsOn, stopWorker } from "./support/stack.ts";

// Workers run as their own OS processes: the app-only token must be fetched once and shared through Redis.
const CLIENT_ID = "e2e-client-id";
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    workers: "none",
    env: { FORUMSITE_CLIENT_ID: CLIENT_ID, FORUMSITE_CLIENT_SECRET: "e2e-client-secret" },
  },
);

describe("OAuth app-only token across calls and worker processes", () => {
  test("one token for every call, also after the first worker process is replaced by another", async ({
    stack,
  }) => {
    const { key } = await stack.account(100);
    const first = stack.spawnWorker();
    const about = await stack.get("/v1/forumsite/subreddit-details", key, { url: "golang" });
    expect(about.status).toBe(200);
    expect(about.headers.get("x-service-source")).toBe("oauth:about");
    // OAuth requests use the API path itself (no `.json`), on the OAuth host.
    expect(stack.replay.hits.some((h) => h.path === "/r/golang/about")).toBe(true);
    const thread = await stack.get("/v1/forumsite/post-comments", key, { url: "2gmzqe" });
    expect(thread.status).toBe(200);
    expect(replayHitsOn(stack, "/api/v1/access_token")).toBe(1);

    await stopWorker(first);
    stack.spawnWorker();
    const details = await stack.get("/v1/forumsite/post-details", key, { url: "haucpf" });
    expect(details.status).toBe(200);
    expect(details.headers.get("x-service-source")).toBe("oauth:comments");
    expect(replayHitsOn(stack, "/api/v1/access_token")).toBe(1);
  }, 90_000);

  test("two worker processes racing on an expired token fetch a new one exactly once", async ({
    stack,
    redis,
  }) => {
    const { key } = await stack.account(100);
    const queue = new Queue("forumsite", { connection: redis, prefix: stack.env.QUEUE_PREFIX });
    const workersBefore = await queue.getWorkersCount();
    stack.spawnWorker();
    await expect
      .poll(() => queue.getWorkersCount(), { timeout: 30_000, interval: 100 })
      .toBeGreaterThan(workersBefore);
    await redis.del(`${stack.env.QUEUE_PREFIX}:upstream:forumsite:token:${CLIENT_ID}`);
    const before = replayHitsOn(stack, "/api/v1/access_token");
    // A slow token endpoint keeps every job of both processes waiting for the token at the same time.
    const remove = stack.replay.addFault({ when: (r) => r.path === "/api/v1/access_token", delayMs: 800 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 12 }, () =>
          stack.get("/v1/forumsite/subreddit-details", key, { url: "golang" }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    } finally {
      remove();
      await queue.close();
    }
    expect(replayHitsOn(stack, "/api/v1/access_token") - before).toBe(1);
  }, 90_000);
});
