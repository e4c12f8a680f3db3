/**
 * The baselines of the queue hop: a raw BullMQ round trip on the same Redis in the same run (Queue.add → a worker whose
 * processor returns at once → the completion event), with the gateway's waiting pattern (listener before the add).
 * The worker runs either in the bench's own process or, as the service deploys its gateway and workers, in a process
 * of its own (this file, run as a child: `raw-queue.ts worker <redis url> <prefix>`), whose round trip pays the
 * other process's wake-up in each direction as the service's hop does.
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { sequential } from "./measure.ts";

/** A started raw queue; `roundTrip` runs one job and resolves on its completion event. */
export interface RawQueue {
  roundTrip(): Promise<void>;
  close(): Promise<void>;
}

const QUEUE = "raw";
const CONCURRENCY = 64;

/** The raw queue's worker: answers every job at once. */
function rawWorker(connection: Redis, prefix: string): Worker {
  return new Worker(QUEUE, async () => ({ ok: true }), { connection, prefix, concurrency: CONCURRENCY });
}

/**
 * Starts queue `raw` under `prefix` (deleted with the run's other keys), its worker in this process or, with
 * `ownProcess`, in a child process started from this file.
 */
export async function startRawQueue(redisUrl: string, prefix: string, ownProcess = false): Promise<RawQueue> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE, { connection, prefix });
  const events = new QueueEvents(QUEUE, { connection: connection.duplicate(), prefix });
  let child: ChildProcess | undefined;
  let worker: Worker | undefined;
  if (ownProcess) {
    child = fork(new URL(import.meta.url).pathname, ["worker", redisUrl, prefix], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    await once(child, "message");
  } else {
    worker = rawWorker(connection.duplicate(), prefix);
    await worker.waitUntilReady();
  }
  events.setMaxListeners(1000);
  await events.waitUntilReady();
  return {
    async roundTrip() {
      const job = await queue.add("x", {}, { removeOnComplete: { age: 60 } });
      await job.waitUntilFinished(events, 30_000);
    },
    async close() {
      await worker?.close();
      if (child) {
        const exited = once(child, "exit");
        child.send("close");
        await exited;
      }
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

/** The child's side: a worker on the raw queue until the parent says `close` (or goes away). */
async function runChildWorker(redisUrl: string, prefix: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const worker = rawWorker(connection, prefix);
  await worker.waitUntilReady();
  const stop = async () => {
    await worker.close();
    connection.disconnect();
    process.exit(0);
  };
  process.on("message", () => void stop());
  process.on("disconnect", () => void stop());
  process.send?.("ready");
}

if (process.argv[2] === "worker" && process.argv[1] === new URL(import.meta.url).pathname)
  await runChildWorker(process.argv[3] as string, process.argv[4] as string);
