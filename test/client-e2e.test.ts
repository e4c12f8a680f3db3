import { ApiError, createClient, paginate, verifyWebhook, WebhookVerificationError } from "@sda/client";
import { describe, expect } from "vitest";
import { expectDocumentedEvent } from "./support/contract.ts";
import { LOCAL_WEBHOOKS_ENV, RECEIVER_SECRET, stackTest } from "./support/fixtures.ts";
import { holdReplies } from "./support/stack.ts";

// The typed client (@sda/client, generated from /v1/openapi.json) driving a whole stack as a caller would: a call
// that outlives the deadline (caption bodies held 1.5 s, deadline 300 ms) is waited for through its 202 job, a list
// is iterated across cursors, errors arrive typed, and a signed webhook is verified.

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    env: { REQUEST_DEADLINE_MS: "300", ...LOCAL_WEBHOOKS_ENV },
    replayFaults: [holdReplies("/api/timedtext", 1500)],
  },
);

const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
const COMMENTED = "https://www.youtube.com/watch?v=xaQJbozY_Is";

describe("the typed client against the service", () => {
  test("a call answered 202 is waited for and resolves with its typed data, billed once", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const client = createClient({ baseUrl: stack.gateway.url, apiKey: key });
    const { data, meta } = await client.call("/v1/videosite/transcript", { url: VIDEO });
    expect(data.videoId).toBe("M4gD1WSo5mA");
    expect(data.segments.length).toBeGreaterThan(10);
    expect(meta.credits).toBe(1);
    expect(await stack.ledger.balance(accountId)).toBe(99);
  });

  test("for await iterates a list across cursors: 10 + 10 comments, each once, two pages billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const client = createClient({ baseUrl: stack.gateway.url, apiKey: key });
    const ids: string[] = [];
    for await (const comment of paginate(
      client,
      "/v1/videosite/comments",
      { url: COMMENTED, limit: 10 },
      {
        maxPages: 2,
      },
    ))
      ids.push(comment.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await stack.ledger.balance(accountId)).toBe(96);
  });

  test("errors are typed: code, retryable, status, request id; nothing billed", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const client = createClient({ baseUrl: stack.gateway.url, apiKey: key });
    const error = await client
      .get("/v1/videosite/video-details", { url: "https://www.tiktok.com/@x/video/1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: "unsupported_url", retryable: false });
    expect((error as ApiError).requestId).toMatch(/^req_/);
    const broke = createClient({ baseUrl: stack.gateway.url, apiKey: "sda_live_not-a-key" });
    await expect(broke.get("/v1/account", undefined as never)).rejects.toMatchObject({ status: 401 });
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });

  test("a monitor's test delivery verifies with verifyWebhook; a tampered body does not", async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account();
    const client = createClient({ baseUrl: stack.gateway.url, apiKey: key });
    const created = await client.http.POST("/v1/monitors", {
      body: {
        path: "/v1/forumsite/subreddit-posts",
        params: { url: "popular", limit: 5 },
        schedule: { cron: "0 0 1 1 *", tz: "Europe/Berlin" },
        webhookUrl: receiver.url("/client-e2e"),
      },
    });
    expect(created.response.status).toBe(201);
    const monitor = created.data?.data;
    const secret = monitor?.secret ?? "";
    receiver.state.secret = secret;
    const sent = await client.http.POST("/v1/monitors/{monitorId}/test", {
      params: { path: { monitorId: monitor?.id ?? "" } },
    });
    expect(sent.response.status).toBe(202);
    await expect.poll(() => receiver.hits("/client-e2e").length, { timeout: 30_000 }).toBe(1);
    const [delivery] = receiver.hits("/client-e2e");
    const headers = delivery?.headers as Record<string, string>;
    const event = verifyWebhook(secret, delivery?.body ?? "", headers);
    expect(event).toMatchObject({ type: "monitor.test", monitorId: monitor?.id, items: [] });
    expectDocumentedEvent("monitor.test", event);
    expect(() => verifyWebhook(secret, `${delivery?.body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(RECEIVER_SECRET, delivery?.body ?? "", headers)).toThrow(
      WebhookVerificationError,
    );
  });
});
