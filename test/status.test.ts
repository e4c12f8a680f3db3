import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import type { ApiResponse } from "./support/stack.ts";

// GET /v1/status: per platform and operation over the last 15 minutes from the request log, queue depths and live
// workers, configured providers; degraded when a queue has waiting jobs and nobody consumes it.

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { STATUS_REFRESH_MS: "100" } });

describe("status with workers", () => {
  test("counts the window's calls per operation with success ratio and latency, and the live workers", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    const ok = await stack.get("/v1/videosite/video-details", key, { url: "https://youtu.be/M4gD1WSo5mA" });
    expect(ok.status).toBe(200);
    const missing = await stack.get("/v1/videosite/video-details", key, {
      url: "https://youtu.be/8VajtrESJzA",
    });
    expect(missing.status).toBe(404);
    // The request log is written when the answer finishes: read the status until both rows are in.
    let data: ApiResponse["body"] = {};
    for (let i = 0; i < 50; i++) {
      const response = await stack.get("/v1/status", null);
      expect(response.status).toBe(200);
      data = response.body.data;
      const details = data.platforms.videosite.operations.find(
        (o: { id: string }) => o.id === "videosite.video-details",
      );
      if (details.calls >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const details = data.platforms.videosite.operations.find(
      (o: { id: string }) => o.id === "videosite.video-details",
    );
    // The request log is shared with the run's other suites: at least this suite's two calls are counted. A 404 is
    // the caller's (a missing video), not a failure of the service: both count as served.
    expect(details.calls).toBeGreaterThanOrEqual(2);
    expect(details.successRatio).toBeGreaterThan(0);
    expect(details.successRatio).toBeLessThanOrEqual(1);
    expect(details.path).toBe("/v1/videosite/video-details");
    expect(details.p50Ms).toBeGreaterThanOrEqual(0);
    expect(details.p95Ms).toBeGreaterThanOrEqual(details.p50Ms);
    // The overall state reads the whole request log, shared with the run's other suites (some of which make
    // platforms fail on purpose): it is asserted where this suite controls it (below).
    expect(["ok", "degraded"]).toContain(data.status);
    expect(data.windowSeconds).toBe(900);
    expect(data.queues.videosite.workers).toBeGreaterThan(0);
    expect(data.workers).toBeGreaterThan(0);
    expect(data.providers.asr.map((t: { tier: string }) => t.tier)).toEqual(["asr-fast", "asr-standard"]);
    expect(Object.keys(data.platforms).sort()).toEqual(
      [...new Set(stack.gateway.deps.registry.operations.map((o) => o.tag))].sort(),
    );
    // The platforms' declared host budgets, with their use over all workers (the forum's OAuth host: none used here).
    expect(data.hostBudgets).toContainEqual(
      expect.objectContaining({
        platform: "forumsite",
        name: "oauth",
        hosts: ["oauth.reddit.com"],
        rate: { requests: 100, perSeconds: 60, used: 0, resetsInSeconds: null },
        concurrency: null,
        // One budget for the host, not one per host: no host list.
        activeHosts: [],
        activeHostCount: 0,
      }),
    );
  });
});
