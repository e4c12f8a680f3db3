import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

describe("request log", () => {
  stackTest(
    "records every answered call once: operation, params, status, cache, source, duration, job; its credits are its charge's",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const ok = await stack.get("/v1/videosite/transcript", key, { url: "https://youtu.be/ud9d5cMDP_0" });
      const bad = await stack.get("/v1/videosite/transcript", key, { url: "https://youtu.be/8VajtrESJzA" });
      const okId = ok.headers.get("x-service-request-id") ?? "";
      const badId = bad.headers.get("x-service-request-id") ?? "";
      const rows = async () =>
        stack.prisma.requestLog.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } });
      await expect.poll(async () => (await rows()).length).toBe(2);
      const [first, second] = await rows();
      expect(first).toMatchObject({
        id: okId,
        operation: "videosite.transcript",
        method: "GET",
        path: "/v1/videosite/transcript",
        params: { url: "https://youtu.be/ud9d5cMDP_0" },
        status: 200,
        errorCode: null,
        cache: "BYPASS",
        source: ok.headers.get("x-service-source"),
        jobId: expect.stringMatching(/^job_/),
      });
      expect(first?.durationMs).toBeGreaterThanOrEqual(0);
      expect(second).toMatchObject({ id: badId, status: 404, errorCode: "video_unavailable" });
      // The billing record: one charge of 1 credit under the answered call's request id, none for the 404.
      expect((await stack.ledger.chargesFor(okId)).map((e) => e.amount)).toEqual([-1]);
      expect(await stack.ledger.chargesFor(badId)).toEqual([]);
    },
  );
});
