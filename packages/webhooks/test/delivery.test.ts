import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { CursorCodec } from "@sda/contract";
import { createPrismaClient } from "@sda/ledger";
import { deleteKeysWithPrefix, serviceErrorOf, testConfig, testLogger } from "@sda/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookClient } from "../src/client.ts";
import { type WebhookConfig, webhookConfigFromEnv } from "../src/config.ts";
import { attemptJobId, createWebhookQueue } from "../src/queue.ts";
import { createWebhookAgent, sendAttempt } from "../src/send.ts";
import { generateWebhookSecret, signWebhook } from "../src/signing.ts";
import type { WebhookDeliveryView, WebhookOwner } from "../src/store.ts";
import { startWebhookSweeper } from "../src/sweeper.ts";
import { startWebhookWorker, type WebhookWorker } from "../src/worker.ts";
import { startReceiver } from "./receiver.ts";

// Real Redis, PostgreSQL and a real local receiver that checks every signature with the `standardwebhooks` library.
// The retry schedule is 3 × 10 ms (4 attempts), so retries happen at once; nothing asserts on elapsed time.

const env = testConfig({ WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
const secret = generateWebhookSecret();
const prisma = createPrismaClient(env.DATABASE_URL, 4);
const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const cursors = new CursorCodec(env.CURSOR_SECRET);

/** `rebind.example` resolves to 127.0.0.1 at connect time: a name that passed a submit-time check and then moved. */
const lookup = ((host: string, options: object, callback: (...args: unknown[]) => void) => {
  if (host === "rebind.example") {
    const all = (options as { all?: boolean }).all;
    if (all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
    return;
  }
  (dnsLookup as unknown as (...args: unknown[]) => void)(host, options, callback);
}) as unknown as LookupFunction;

const config: WebhookConfig = webhookConfigFromEnv(env, {
  retryScheduleMs: [10, 10, 10],
  timeoutMs: 5_000,
  jobRetentionSeconds: 600,
  lookup,
});
const gone: WebhookOwner[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let client: WebhookClient;
let worker: WebhookWorker;
const queue = createWebhookQueue(connection, env.QUEUE_PREFIX);

beforeAll(async () => {
  receiver = await startReceiver(secret);
  client = new WebhookClient({ connection, prefix: env.QUEUE_PREFIX, prisma, config });
  worker = startWebhookWorker({
    connection,
    prefix: env.QUEUE_PREFIX,
    prisma,
    config,
    hooks: { onGone: (owner) => void gone.push(owner) },
  });
});

afterAll(async () => {
  await worker.close();
  await client.close();
  await queue.close();
  await receiver.close();
  await deleteKeysWithPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  connection.disconnect();
  await prisma.$disconnect();
});

let ownerSeq = 0;
const newOwner = (kind: WebhookOwner["kind"] = "batch"): WebhookOwner => ({
  kind,
  id: `${kind === "batch" ? "bat" : "mon"}_test${++ownerSeq}_${env.QUEUE_PREFIX}`,
});

/** Polls the delivery until it is no longer pending (the worker's last recorded state). */
async function settled(id: string): Promise<WebhookDeliveryView> {
  for (let i = 0; i < 400; i++) {
    const view = await client.getDelivery(id);
    if (view && view.status !== "pending") return view;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`delivery ${id} still pending`);
}

async function deliver(path: string, owner = newOwner()) {
  return client.enqueueDelivery({
    owner,
    accountId: "acct_webhooks_test",
    url: receiver.url(path),
    secret,
    eventType: "batch.completed",
    payload: { type: "batch.completed", batchId: owner.id, counts: { succeeded: 3, failed: 1 } },
  });
}

/**
 * What a process killed before queueing anything leaves behind: a pending delivery row to `path` of a new owner, with
 * no job. @returns its id (`whd_<tag><n>`, padded to the 16 characters of a real id: the store looks up no other form).
 */
async function storeWithoutJob(path: string, tag: string): Promise<string> {
  const owner = newOwner();
  const id = `whd_${`${tag}${ownerSeq}`.padEnd(16, "0")}`;
  await client.store.create({
    id,
    accountId: "acct_webhooks_test",
    owner,
    url: receiver.url(path),
    secret,
    messageId: `msg_${tag}${ownerSeq}`,
    eventType: "batch.completed",
    body: JSON.stringify({ type: "batch.completed" }),
  });
  return id;
}

/** Records attempt 1 of `id` as failed (500) with a retry scheduled, as a worker does before it queues attempt 2. */
function recordFailedFirstAttempt(id: string, startedAt: Date): Promise<unknown> {
  return client.store.recordAttempt({
    id,
    attempt: 1,
    replay: false,
    result: { startedAt, durationMs: 3, statusCode: 500 },
    verdict: { kind: "retry", delayMs: 10 },
  });
}

/** Moves `id`'s next attempt a minute back: overdue to a sweep however soon it runs (a row's "due now" is to the ms). */
async function dueAMinuteAgo(id: string): Promise<void> {
  await prisma.webhookDelivery.updateMany({
    where: { id },
    data: { nextAttemptAt: new Date(Date.now() - 60_000) },
  });
}

/** One sweep with no grace, as a worker's sweeper runs it. @returns the overdue deliveries it looked at. */
async function sweep(): Promise<number> {
  const sweeper = startWebhookSweeper(client, testLogger(), { graceMs: 0 });
  try {
    return await sweeper.runOnce();
  } finally {
    sweeper.stop();
  }
}

/** Runs a job of `attempt` as BullMQ would after a worker crash (a fresh job id) and waits until it is done. */
async function rerun(deliveryId: string, attempt: number): Promise<void> {
  const job = await queue.add(
    "attempt",
    { deliveryId, attempt, replay: false },
    { jobId: `rerun-${deliveryId}-${attempt}` },
  );
  for (let i = 0; i < 400; i++) {
    const state = await job.getState();
    if (state === "completed" || state === "failed") return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${job.id} did not finish`);
}

describe("webhook deliveries", () => {
  it("succeeds on the first try: one signed POST, one attempt row", async () => {
    const id = await deliver("/ok");
    const view = await settled(id);
    expect(view.status).toBe("succeeded");
    expect(view.attempts.map((a) => [a.attempt, a.statusCode, a.replay, a.nextRetryAt])).toEqual([
      [1, 200, false, null],
    ]);
    expect(view.attempts[0]?.responseBody).toBe("ok");
    const [hit, ...more] = receiver.hits("/ok");
    expect(more).toHaveLength(0);
    expect(hit?.verified).toBe(true);
    expect(hit?.headers["webhook-id"]).toBe(view.messageId);
    expect(view.messageId).toMatch(/^msg_/);
    expect(hit?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(hit?.body ?? "")).toEqual(view.payload);
  });

  it("fails once then succeeds: two attempt rows, the same webhook-id on both requests", async () => {
    receiver.script("/flaky", [{ status: 500, body: "x".repeat(5000) }, { status: 204 }]);
    const id = await deliver("/flaky");
    const view = await settled(id);
    expect(view.status).toBe("succeeded");
    expect(view.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 204],
    ]);
    expect(view.attempts[0]?.responseBody).toHaveLength(1024);
    expect(view.attempts[0]?.nextRetryAt).not.toBeNull();
    const hits = receiver.hits("/flaky");
    expect(hits.map((h) => [h.headers["webhook-id"], h.verified])).toEqual([
      [view.messageId, true],
      [view.messageId, true],
    ]);
    expect(hits[0]?.body).toBe(hits[1]?.body);
  });

  it("a job re-run after a worker crash sends nothing twice and never records an attempt twice", async () => {
    const id = await deliver("/once");
    expect((await settled(id)).attempts).toHaveLength(1);
    await rerun(id, 1);
    expect((await client.getDelivery(id))?.attempts).toHaveLength(1);
    expect(receiver.hits("/once")).toHaveLength(1);
  });

  it("a worker that died after recording a failed attempt and before queueing the next: the re-run queues it", async () => {
    const id = await storeWithoutJob("/resume", "crashtest");
    // What the dead worker left behind: attempt 1 recorded with a retry due, and no job for attempt 2.
    await recordFailedFirstAttempt(id, new Date());
    await rerun(id, 1);
    const view = await settled(id);
    expect(view.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(receiver.hits("/resume")).toHaveLength(1);
  });

  it("a delivery stored by a process killed before queueing its attempt is sent by the sweeper, once", async () => {
    // What the dead process left behind: the pending row (next attempt due now) and no job at all.
    const id = await storeWithoutJob("/unqueued", "unqueued");
    await dueAMinuteAgo(id);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const view = await settled(id);
    expect(view.status).toBe("succeeded");
    expect(view.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([[1, 200]]);
    // A second sweep finds it no longer pending; a sweep while its job waits would only re-add the same job id.
    await sweep();
    await rerun(id, 1);
    expect((await client.getDelivery(id))?.attempts).toHaveLength(1);
    expect(receiver.hits("/unqueued")).toHaveLength(1);
  });

  it("a replay reopened by a process killed before queueing its attempt is swept as a replay: one attempt, no retries", async () => {
    receiver.script("/replay-lost", [{ status: 200 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    const owner = newOwner();
    const id = await deliver("/replay-lost", owner);
    expect((await settled(id)).status).toBe("succeeded");
    // What the dead process left behind: the delivery reopened for attempt 2 (`replayDelivery`'s first step), no job.
    expect(await client.store.reopen(id, owner, undefined)).toBe(2);
    await dueAMinuteAgo(id);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const view = await settled(id);
    expect([view.status, view.failureReason]).toEqual(["failed", "replay_failed"]);
    expect(view.attempts.map((a) => [a.attempt, a.statusCode, a.replay])).toEqual([
      [1, 200, false],
      [2, 500, true],
    ]);
    expect(receiver.hits("/replay-lost")).toHaveLength(2);
  });

  it("an ordinary attempt lost after a failed one is swept as an ordinary attempt, on the retry schedule", async () => {
    receiver.script("/retry-lost", [{ status: 500 }, { status: 200 }]);
    const id = await storeWithoutJob("/retry-lost", "retrylost");
    // What was left behind: attempt 1 made a minute ago with its retry due since, and the job for attempt 2 lost.
    await recordFailedFirstAttempt(id, new Date(Date.now() - 60_000));
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const view = await settled(id);
    expect(view.status).toBe("succeeded");
    expect(view.attempts.map((a) => [a.attempt, a.statusCode, a.replay])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, false],
    ]);
    expect(receiver.hits("/retry-lost")).toHaveLength(2);
  });

  it("429 with Retry-After: the next attempt is scheduled Retry-After later, then it succeeds", async () => {
    receiver.script("/busy", [{ status: 429, headers: { "retry-after": "1" } }, { status: 200 }]);
    const id = await deliver("/busy");
    const view = await settled(id);
    expect(view.status).toBe("succeeded");
    const [first, second] = view.attempts;
    expect([first?.statusCode, second?.statusCode]).toEqual([429, 200]);
    // Recorded data, not elapsed time: nextRetryAt = end of attempt 1 + Retry-After (1 s), not the 10 ms schedule.
    const end = (first?.startedAt.getTime() ?? 0) + (first?.durationMs ?? 0);
    expect((first?.nextRetryAt?.getTime() ?? 0) - end).toBe(1000);
  });

  it("410 Gone: the delivery fails at once, onGone gets the owner, no further attempt is queued", async () => {
    receiver.script("/gone", [{ status: 410 }]);
    const owner = newOwner("monitor");
    const id = await deliver("/gone", owner);
    const view = await settled(id);
    expect([view.status, view.failureReason, view.attempts.length]).toEqual(["failed", "gone", 1]);
    expect(await queue.getJob(attemptJobId(id, 2))).toBeUndefined();
    for (let i = 0; i < 100 && !gone.some((o) => o.id === owner.id); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(gone).toContainEqual(owner);
    expect(receiver.hits("/gone")).toHaveLength(1);
  });

  it("does not follow a 302: every attempt records the 302, the target is never hit, then it fails for replay", async () => {
    receiver.script("/moved", [{ status: 302, headers: { location: "/target" } }]);
    const id = await deliver("/moved");
    const view = await settled(id);
    expect([view.status, view.failureReason]).toEqual(["failed", "retries_exhausted"]);
    expect(view.attempts.map((a) => a.statusCode)).toEqual([302, 302, 302, 302]);
    expect(receiver.hits("/target")).toHaveLength(0);
  });

  it("replays a failed delivery once: same webhook-id and body, fresh signature; 409 while pending, 404 for another owner", async () => {
    receiver.script("/later", [
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 200 },
    ]);
    const owner = newOwner();
    const id = await deliver("/later", owner);
    expect((await settled(id)).status).toBe("failed");
    expect((await serviceErrorOf(client.replayDelivery(id, { owner: newOwner() }))).code).toBe(
      "webhook_delivery_not_found",
    );
    expect((await serviceErrorOf(client.replayDelivery("whd_missing"))).status).toBe(404);
    const attempt = await client.replayDelivery(id, { owner });
    expect(attempt).toBe(5);
    const pending = await serviceErrorOf(client.replayDelivery(id, { owner }));
    expect([pending.code, pending.status]).toEqual(["webhook_delivery_pending", 409]);
    const view = await settled(id);
    expect(view.status).toBe("succeeded");
    expect(view.attempts.map((a) => [a.attempt, a.statusCode, a.replay])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 500, false],
      [5, 200, true],
    ]);
    const hits = receiver.hits("/later");
    expect(new Set(hits.map((h) => h.headers["webhook-id"]))).toEqual(new Set([view.messageId]));
    expect(hits.every((h) => h.verified && h.body === hits[0]?.body)).toBe(true);
  });

  it("replays with the owner's rotated secret when given one", async () => {
    const owner = newOwner();
    const id = await deliver("/rotate", owner);
    expect((await settled(id)).status).toBe("succeeded");
    const rotated = generateWebhookSecret();
    receiver.state.secret = rotated;
    try {
      await client.replayDelivery(id, { owner, secret: rotated });
      expect((await settled(id)).attempts.map((a) => a.statusCode)).toEqual([200, 200]);
      const hits = receiver.hits("/rotate");
      expect(hits.map((h) => h.verified)).toEqual([true, true]);
    } finally {
      receiver.state.secret = secret;
    }
  });

  it("refuses at connect time a host that resolves to a private address (DNS rebinding): nothing is sent", async () => {
    const before = receiver.requests.length;
    const id = await client.enqueueDelivery({
      owner: newOwner(),
      accountId: "acct_webhooks_test",
      url: `http://rebind.example:${receiver.port}/rebind`,
      secret,
      eventType: "batch.completed",
      payload: { type: "batch.completed" },
    });
    const view = await settled(id);
    expect([view.status, view.failureReason]).toEqual(["failed", "retries_exhausted"]);
    expect(view.attempts.map((a) => [a.statusCode, a.error])).toEqual(
      Array(4).fill([null, "refused: rebind.example resolves to 127.0.0.1, which is loopback (127.0.0.0/8)"]),
    );
    expect(receiver.requests.length).toBe(before);
  });

  it("refuses at connect time a loopback literal when 127.0.0.1 is not allowlisted", async () => {
    const agent = createWebhookAgent({ allowedHosts: [], timeoutMs: 5_000 });
    try {
      const before = receiver.requests.length;
      const body = JSON.stringify({ type: "test" });
      const result = await sendAttempt({
        url: receiver.url("/literal"),
        body,
        headers: { ...signWebhook(secret, "msg_literal", new Date(), body) },
        agent,
        timeoutMs: 5_000,
      });
      expect([result.statusCode, result.error]).toEqual([
        undefined,
        "refused: 127.0.0.1 is loopback (127.0.0.0/8)",
      ]);
      expect(receiver.requests.length).toBe(before);
    } finally {
      await agent.close();
    }
  });

  it("gives up an attempt at the time budget and records it as a timeout", async () => {
    const { createServer } = await import("node:http");
    const hanging = createServer(() => {}); // never answers
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r));
    const { port } = hanging.address() as { port: number };
    const agent = createWebhookAgent({ allowedHosts: ["127.0.0.1"], timeoutMs: 300 });
    try {
      const result = await sendAttempt({
        url: `http://127.0.0.1:${port}/slow`,
        body: "{}",
        headers: {},
        agent,
        timeoutMs: 300,
      });
      expect([result.statusCode, result.error]).toEqual([undefined, "timeout after 300 ms"]);
    } finally {
      await agent.close();
      hanging.closeAllConnections();
      await new Promise((r) => hanging.close(r));
    }
  });

  it("refuses an http URL at enqueue when WEBHOOK_ALLOW_HTTP is off", async () => {
    const strict = new WebhookClient({
      connection,
      prefix: env.QUEUE_PREFIX,
      prisma,
      config: { ...config, allowHttp: false },
    });
    try {
      const error = await serviceErrorOf(
        strict.enqueueDelivery({
          owner: newOwner(),
          accountId: "acct_webhooks_test",
          url: receiver.url("/plain"),
          secret,
          eventType: "batch.completed",
          payload: {},
        }),
      );
      expect([error.code, error.details.reason]).toEqual([
        "invalid_webhook_url",
        "only https URLs are accepted",
      ]);
    } finally {
      await strict.close();
    }
  });

  it("lists an owner's deliveries newest first, cursor-paginated; a foreign cursor is 400", async () => {
    const owner = newOwner("monitor");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await deliver("/ok", owner));
    const first = await client.listDeliveries({ owner, cursors, limit: 2 });
    expect([first.data.length, first.hasMore]).toEqual([2, true]);
    const second = await client.listDeliveries({ owner, cursors, limit: 2, cursor: first.nextCursor ?? "" });
    expect([second.data.length, second.hasMore, second.nextCursor]).toEqual([1, false, null]);
    // Newest first by (createdAt, id): two deliveries made in the same millisecond are ordered by id.
    const listed = [...first.data, ...second.data];
    const key = (d: WebhookDeliveryView) => `${d.createdAt.toISOString()} ${d.id}`;
    expect(listed.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(listed.map(key)).toEqual(listed.map(key).sort().reverse());
    expect(JSON.stringify(second.data)).not.toContain(secret);
    const foreign = await serviceErrorOf(
      client.listDeliveries({ owner: newOwner("monitor"), cursors, cursor: first.nextCursor ?? "" }),
    );
    expect(foreign.code).toBe("invalid_cursor");
    for (const id of ids) await settled(id);
  });
});
