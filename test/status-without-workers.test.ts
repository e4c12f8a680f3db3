import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// GET /v1/status with no worker consuming the queues (its own stack, started without workers).

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { workers: "none", env: { STATUS_REFRESH_MS: "100", REQUEST_DEADLINE_MS: "200" } },
);

describe("status without workers", () => {
  test("is degraded when a queue holds waiting jobs and no worker consumes it", async ({ stack }) => {
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
