import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { writeCanaryRun } from "@sda/canary";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import type { ApiResponse } from "./support/stack.ts";

// Record mode through the whole service: a call's job writes one HAR case with the job's exchanges; the last canary
// run shows in /v1/status.
const test = stackTest.extend("stackOptions", { scope: "file" }, ({ tempDir }) => ({
  env: { UPSTREAM_RECORD_DIR: tempDir, STATUS_REFRESH_MS: "100" },
}));

describe("record mode in the worker", () => {
  test("writes each job's exchanges as one case file named after the operation and the job", async ({
    stack,
    tempDir,
  }) => {
    const { key } = await stack.account(10);
    const response = await stack.get("/v1/forumsite/subreddit-details", key, { url: "golang" });
    expect(response.status).toBe(200);
    const files = await readdir(path.join(tempDir, "forumsite"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^forumsite\.subreddit-details-job_[A-Za-z0-9]+\.har$/);
    const { log } = JSON.parse(await readFile(path.join(tempDir, "forumsite", files[0] as string), "utf8"));
    expect(log._case).toMatchObject({ platform: "forumsite" });
    expect(log.entries.map((e: { _match: { path: string } }) => e._match.path)).toEqual(
      expect.arrayContaining(["/r/golang/about"]),
    );
  });
});

describe("canaries in the status", () => {
  test("shows the last canary run", async ({ stack, redis }) => {
    const run = {
      startedAt: "2026-11-24T00:00:00.000Z",
      finishedAt: "2026-11-24T00:00:01.000Z",
      passed: 0,
      failed: 1,
      results: [
        {
          operation: "forumsite.subreddit-posts",
          params: { url: "golang" },
          ok: false,
          source: null,
          code: "upstream_blocked",
          message: "forumsite answered its block page (403)",
          strategies: [{ id: "json", outcome: "failure", class: "blocked", code: "upstream_blocked" }],
          durationMs: 12,
          recordedCase: "/tmp/case.har",
        },
      ],
    };
    await writeCanaryRun(redis, stack.env.QUEUE_PREFIX ?? "", run);
    let data: ApiResponse["body"] = {};
    for (let i = 0; i < 50 && !data.canaries; i++) {
      data = (await stack.get("/v1/status", null)).body.data;
      if (!data.canaries) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(data.canaries).toEqual(run);
  });
});
