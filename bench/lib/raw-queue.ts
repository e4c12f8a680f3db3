/**
 * The baseline of the queue hop: a raw BullMQ round trip on the same Redis in the same run (Queue.add → a worker whose
 * processor returns at once → the completion event), with the gateway's waiting pattern (listener before the add).
 */
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { sequential } from "./measure.ts";

/** A started raw queue; `roundTrip` runs one job and resolves on its completion event. */
export interface RawQueue {
  roundTrip(): Promise<void>;
  close(): Promise<void>;
}

/** Starts queue `raw` under `prefix` (deleted with the run's other keys). */
export async function startRawQueue(redisUrl: string, prefix: string): Promise<RawQueue> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue("raw", { connection, prefix });
  const events = new QueueEvents("raw", { connection: connection.duplicate(), prefix });
  const worker = new Worker("raw", async () => ({ ok: true }), {
    connection: connection.duplicate(),
    prefix,
    concurrency: 64,
  });
  events.setMaxListeners(1000);
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  return {
    async roundTrip() {
      const job = await queue.add("x", {}, { removeOnComplete: { age: 60 } });
      await job.waitUntilFinished(events, 30_000);
    },
    async close() {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      connection.disconnect();
    },
  };
}

/** Median-ready latencies of `calls` raw round trips. */
export async function rawRoundTrips(raw: RawQueue, calls: number): Promise<number[]> {
  return sequential(() => raw.roundTrip(), calls);
}
