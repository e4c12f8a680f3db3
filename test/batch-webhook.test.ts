import { describe, expect } from "vitest";
import { waitForBatch } from "./support/batch.ts";
import { expectDocumentedEvent } from "./support/contract.ts";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { send, startStack } from "./support/stack.ts";

// Webhooks to a real local receiver: http and 127.0.0.1 allowed for this stack only.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    ownDatabase: "batch_webhook",
    env: LOCAL_WEBHOOKS_ENV,
    // A short retry schedule so the second attempt follows the failed first one at once.
    workerOptions: { webhookConfig: { retryScheduleMs: [50, 50, 50] } },
  },
);

describe("the batch.completed webhook", () => {
  test("is signed per Standard Webhooks, retried after a 500 with the same webhook-id, and carries the counts", async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account();
    receiver.script("/hooks/batch", [{ status: 500, body: "try later" }, { status: 204 }]);
    const submitted = await send(stack, "POST", "/v1/batch", key, {
      webhookUrl: receiver.url("/hooks/batch"),
      calls: [
        {
          path: "/v1/videosite/video-details",
          params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" },
        },
        { path: "/v1/videosite/transcript", params: { url: "https://www.youtube.com/watch?v=8VajtrESJzA" } },
      ],
    });
    expect(submitted.status).toBe(202);
    const { batchId, webhookSecret } = submitted.body.data;
    expect(webhookSecret).toMatch(/^whsec_/);
    receiver.state.secret = webhookSecret;
    const final = await waitForBatch(stack, key, batchId);
    await expect.poll(() => receiver.hits("/hooks/batch").length, { timeout: 20_000, interval: 50 }).toBe(2);
    const [failedAttempt, delivered] = receiver.hits("/hooks/batch");
    expect(failedAttempt?.verified).toBe(true);
    expect(delivered?.verified).toBe(true);
    expect(delivered?.headers["webhook-id"]).toBe(failedAttempt?.headers["webhook-id"]);
    expectDocumentedEvent("batch.completed", JSON.parse(delivered?.body ?? ""));
    expect(JSON.parse(delivered?.body ?? "")).toEqual({
      type: "batch.completed",
      batchId,
      status: "completed",
      label: null,
      counts: { total: 2, succeeded: 1, failed: 1, cancelled: 0 },
      creditsCharged: 1,
      completedAt: final.completedAt,
    });
    const deliveries = await stack.prisma.webhookDelivery.findMany({ where: { ownerId: batchId } });
    expect(deliveries).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await stack.prisma.webhookDelivery.findFirst({ where: { id: deliveries[0]?.id ?? "" } }))?.status,
        { timeout: 10_000, interval: 50 },
      )
      .toBe("succeeded");
  }, 60_000);

  test("a webhook URL resolving to 127.0.0.1 without the allowlist is 400 invalid_webhook_url; nothing is stored", async () => {
    const strict = await startStack({ workers: "none", env: { WEBHOOK_ALLOW_HTTP: "true" } });
    try {
      const { key, accountId } = await strict.account();
      const r = await send(strict, "POST", "/v1/batch", key, {
        webhookUrl: "http://localhost:8080/hook",
        calls: [{ path: "/v1/videosite/video-details", params: { url: "https://youtu.be/M4gD1WSo5mA" } }],
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_webhook_url", param: "webhookUrl" });
      expect(r.body.error.reason).toContain("127.0.0.1");
      expect(await strict.prisma.batch.count({ where: { accountId } })).toBe(0);
    } finally {
      await strict.close();
    }
  });
});
