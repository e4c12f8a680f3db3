import type { RedisClient } from "@sda/core";
import { randomSuffix } from "@sda/core";
import type { MonitorRunJobData } from "@sda/engine";
import { enqueue, jobQueue, queuePrefix, scheduleJobs } from "@sda/queue";
import { Queue } from "bullmq";
import { type MonitorSchedule, repeatOptions } from "./schedule.ts";

/**
 * The BullMQ queue of monitor runs. Run jobs are retried after a crash (the run resumes, see `runMonitor`) and kept
 * for inspection: the job catalog's `monitor-run` kind.
 */
export const MONITOR_QUEUE = jobQueue("monitor-run");

/**
 * The monitors queue's producer side: one BullMQ job scheduler per active monitor (id = the monitor id), written by
 * exactly one process per change — the API process that creates, patches or deletes the monitor, the worker that
 * stops it (410, credits, failing deliveries), or the start-up reconcile under its advisory lock. BullMQ derives each
 * iteration's job id from the scheduler id and the due time (`repeat:<monitorId>:<ms>`), so every due run is one job,
 * taken by one worker however many consume the queue.
 */
export class MonitorScheduler {
  readonly queue: Queue<MonitorRunJobData>;

  constructor(connection: RedisClient, prefix: string) {
    this.queue = new Queue<MonitorRunJobData>(MONITOR_QUEUE, {
      connection,
      prefix: queuePrefix(connection, prefix, MONITOR_QUEUE),
    });
    // Without a listener BullMQ prints each connection error to stderr; the scheduler calls fail on their own.
    this.queue.on("error", () => undefined);
  }

  /** Creates or replaces the monitor's scheduler (the next run is due one interval / cron firing from now). */
  async upsert(monitorId: string, schedule: MonitorSchedule): Promise<void> {
    await scheduleJobs(this.queue, "monitor-run", monitorId, repeatOptions(schedule), {
      kind: "monitor-run",
      monitorId,
      trigger: "schedule",
    });
  }

  /** Removes the monitor's scheduler (paused, disabled, deleted). A run already queued finds it inactive. */
  async remove(monitorId: string): Promise<void> {
    await this.queue.removeJobScheduler(monitorId);
  }

  /** The scheduler's repeat options and next due time, or undefined when the monitor has none. */
  async get(monitorId: string) {
    return this.queue.getJobScheduler(monitorId);
  }

  /**
   * Queues one run of the monitor now, outside its schedule (tests, operators).
   * @returns the job id, which is also the run's `jobKey`.
   */
  async runNow(monitorId: string): Promise<string> {
    const jobId = `manual-${monitorId}-${randomSuffix()}`;
    await enqueue(
      this.queue,
      "monitor-run",
      { kind: "monitor-run", monitorId, trigger: "manual" },
      { jobId },
    );
    return jobId;
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
