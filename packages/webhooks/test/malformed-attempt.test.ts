import { createPrismaClient } from "@sda/ledger";
import { capturingLogger, deleteKeysWithPrefix, expectMalformedJobsRefused, testConfig } from "@sda/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookConfigFromEnv } from "../src/config.ts";
import { addAttemptJob, createWebhookQueue } from "../src/queue.ts";
import { generateWebhookSecret } from "../src/signing.ts";
import { DeliveryStore } from "../src/store.ts";
import { startWebhookWorker, type WebhookWorker } from "../src/worker.ts";
import { startReceiver } from "./receiver.ts";

// A job on the webhooks queue whose data is no attempt (an older build's, a hand edit, a bug) is refused at the worker
// boundary, as a malformed platform job is (test/malformed-job.test.ts): logged, failed as unrecoverable after one
// attempt, never run — nothing sent, nothing recorded, the delivery still pending — and the worker goes on.

const env = testConfig({ WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
const secret = generateWebhookSecret();
const prisma = createPrismaClient(env.DATABASE_URL, 2);
const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const config = webhookConfigFromEnv(env, {
  retryScheduleMs: [10],
  timeoutMs: 5_000,
  jobRetentionSeconds: 600,
});
const queue = createWebhookQueue(connection, env.QUEUE_PREFIX);
const store = new DeliveryStore(prisma);
const { log, lines } = capturingLogger("webhooks");
const deliveryId = `whd_malformed${env.QUEUE_PREFIX.replace(/[^A-Za-z0-9]/g, "")}`.slice(0, 20);
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: WebhookWorker;

beforeAll(async () => {
  receiver = await startReceiver(secret);
  worker = startWebhookWorker({ connection, prefix: env.QUEUE_PREFIX, prisma, config, log });
  await store.create({
    id: deliveryId,
    accountId: "acct_webhooks_test",
    owner: { kind: "batch", id: `bat_malformed_${env.QUEUE_PREFIX}` },
    url: receiver.url("/malformed"),
    secret,
    messageId: `msg_${deliveryId}`,
    eventType: "batch.completed",
    body: JSON.stringify({ type: "batch.completed" }),
  });
});

afterAll(async () => {
  await worker.close();
  await queue.close();
  await receiver.close();
  await prisma.webhookDelivery.deleteMany({ where: { id: deliveryId } });
  await deleteKeysWithPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  connection.disconnect();
  await prisma.$disconnect();
});

describe("a malformed job in the webhooks queue", () => {
  it("is failed unrecoverable with a log line, sends and records nothing, and the next real attempt is sent", async () => {
    const workerErrors: unknown[] = [];
    worker.worker.on("error", (error) => workerErrors.push(error));
    const attempt = { deliveryId, attempt: 1, replay: false };
    const malformed = {
      // A field of the wrong type.
      wrongType: { ...attempt, attempt: "1" },
      // The shape before replays existed.
      missingField: { deliveryId, attempt: 1 },
      strangerField: { ...attempt, url: "http://127.0.0.1/elsewhere" },
      notADelivery: { ...attempt, deliveryId: "bat_notadelivery" },
      notAnObject: "attempt",
    };
    await expectMalformedJobsRefused(queue, "attempt", malformed, lines, "malformed-");
    // Refused at the boundary: not a crash of the processor (that line is for jobs BullMQ retries).
    expect(lines.filter((l) => l.msg === "webhook job crashed (BullMQ retries it)")).toHaveLength(0);
    expect(receiver.requests).toHaveLength(0);
    expect(await store.record(deliveryId)).toMatchObject({ status: "pending", attemptCount: 0 });
    expect(await prisma.webhookAttempt.count({ where: { deliveryId } })).toBe(0);

    await addAttemptJob(queue, config, attempt, 0);
    await expect.poll(async () => (await store.record(deliveryId))?.status).toBe("succeeded");
    expect(receiver.requests.map((r) => [r.path, r.verified])).toEqual([["/malformed", true]]);
    expect(await prisma.webhookAttempt.count({ where: { deliveryId } })).toBe(1);
    expect(workerErrors).toEqual([]);
  });
});
