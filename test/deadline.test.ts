import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { holdReplies } from "./support/stack.ts";

// A slow upstream (the replay holds caption bodies for 1.5 s) and a 300 ms deadline set by config.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { REQUEST_DEADLINE_MS: "300" }, replayFaults: [holdReplies("/api/timedtext", 1500)] },
);

describe("a call that outlives the request deadline", () => {
  test("answers 202 with a job handle; GET /v1/jobs/{id} returns the result and the call is charged once", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const first = await stack.get("/v1/videosite/transcript", key, { url: "https://youtu.be/M4gD1WSo5mA" });
    expect(first.status).toBe(202);
    const { jobId, status, pollUrl, retryAfterSeconds } = first.body.data;
    expect(jobId).toMatch(/^job_/);
    expect(["queued", "running"]).toContain(status);
    expect(pollUrl).toBe(`/v1/jobs/${jobId}`);
    expect(retryAfterSeconds).toBeGreaterThan(0);
    const requestId = first.headers.get("x-service-request-id") ?? "";

    const stranger = await stack.account();
    expect((await stack.get(pollUrl, stranger.key)).status).toBe(404);

    let final = await stack.get(pollUrl, key);
    for (let i = 0; i < 40 && final.status === 202; i++) {
      await new Promise((r) => setTimeout(r, 100));
      final = await stack.get(pollUrl, key);
    }
    expect(final.status).toBe(200);
    expect(final.body.data.videoId).toBe("M4gD1WSo5mA");
    expect(final.headers.get("x-service-credits")).toBe("1");
    // Polling again neither charges again nor loses the result.
    const again = await stack.get(pollUrl, key);
    expect(again.status).toBe(200);
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(99);
  });

  test("answers 404 job_not_found for unknown and malformed job ids", async ({ stack }) => {
    const { key } = await stack.account();
    for (const id of ["job_0000000000000000", "nope"]) {
      const response = await stack.get(`/v1/jobs/${id}`, key);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("job_not_found");
    }
  });
});
