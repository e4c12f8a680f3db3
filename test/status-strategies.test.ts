import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// GET /v1/status per-strategy health, on a stack of its own (the counts start at zero).

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { STATUS_REFRESH_MS: "100" } });

describe("status: strategy health", () => {
  test("platforms.videosite.strategies shows the transcript chain's per-strategy health", async ({
    stack,
  }) => {
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
