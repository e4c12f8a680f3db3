import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, type Stack, startStack } from "./support/stack.ts";

// GET /v1/status: per platform and operation over the last 15 minutes from the request log, queue depths and live
// workers, configured providers; degraded when a queue has waiting jobs and nobody consumes it.

describe("status with workers", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { STATUS_REFRESH_MS: "100" } });
  });
  afterAll(() => stack.close());

  it("counts the window's calls per operation with success ratio and latency, and the live workers", async () => {
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
    // A 404 is the caller's (a missing video), not a failure of the service: both count as served.
    expect(details).toMatchObject({ calls: 2, successRatio: 1, path: "/v1/videosite/video-details" });
    expect(details.p50Ms).toBeGreaterThanOrEqual(0);
    expect(details.p95Ms).toBeGreaterThanOrEqual(details.p50Ms);
    expect(data.status).toBe("ok");
    expect(data.windowSeconds).toBe(900);
    expect(data.queues.videosite.workers).toBeGreaterThan(0);
    expect(data.workers).toBeGreaterThan(0);
    expect(data.providers.asr.map((t: { tier: string }) => t.tier)).toEqual(["asr-fast", "asr-standard"]);
    expect(Object.keys(data.platforms).sort()).toEqual(
      [...new Set(stack.gateway.deps.registry.operations.map((o) => o.tag))].sort(),
    );
  });
});

describe("status: strategy health", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { STATUS_REFRESH_MS: "100" } });
  });
  afterAll(() => stack.close());

  it("platforms.videosite.strategies shows the transcript chain's per-strategy health", async () => {
    const { key } = await stack.account(10);
    const ok = await stack.get("/v1/videosite/transcript", key, { url: "https://youtu.be/M4gD1WSo5mA" });
    expect(ok.status).toBe(200);
    let strategies: { id: string; successes: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await stack.get("/v1/status", null);
      strategies = response.body.data.platforms.videosite.strategies;
      if (strategies.some((s) => s.id === "android" && s.successes >= 1)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(strategies.find((s) => s.id === "android")).toMatchObject({
      id: "android",
      source: "videosite:player:android",
      successes: 1,
      failures: 0,
      state: "ok",
      openUntil: null,
    });
  });
});

describe("status without workers", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      workers: "none",
      env: { STATUS_REFRESH_MS: "100", REQUEST_DEADLINE_MS: "200" },
    });
  });
  afterAll(() => stack.close());

  it("is degraded when a queue holds waiting jobs and no worker consumes it", async () => {
    const { key } = await stack.account(10);
    const pending = await stack.get("/v1/videosite/video-details", key, {
      url: "https://youtu.be/M4gD1WSo5mA",
    });
    expect(pending.status).toBe(202);
    await new Promise((r) => setTimeout(r, 150));
    const response = await stack.get("/v1/status", null);
    expect(response.body.data.status).toBe("degraded");
    expect(response.body.data.queues.videosite).toMatchObject({ waiting: 1, workers: 0 });
  });
});
