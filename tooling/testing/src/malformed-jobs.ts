import { createLogger, type Logger } from "@sda/core";
import { expect } from "vitest";

/** The lines a {@link capturingLogger} wrote, each parsed (pino's `msg`, `jobId`, …). */
export type LogLines = Record<string, unknown>[];

/** A logger at `warn` whose JSON lines go to `lines`, so a test can read what was logged. */
export function capturingLogger(name: string): { log: Logger; lines: LogLines } {
  const lines: LogLines = [];
  const log = createLogger({
    name,
    level: "warn",
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { log, lines };
}

/** What {@link expectMalformedJobsRefused} needs of a BullMQ `Queue`. */
interface JobQueue {
  add(name: string, data: unknown, opts: { jobId: string; attempts: number }): Promise<unknown>;
  getJobState(jobId: string): Promise<string>;
  getJob(jobId: string): Promise<{ attemptsMade: number; failedReason: string } | undefined>;
}

/**
 * Adds each of `malformed` (`{ label: data }`) to `queue` as job `<jobIdPrefix><label>` named `jobName`, with 3
 * attempts, and asserts the worker boundary refused it (`createQueueWorker`'s `parse`): failed after exactly one
 * attempt (unrecoverable, so never retried), failed reason `malformed job: …`, and exactly one
 * `malformed job refused; it is not run` line naming its job id in `lines` (a {@link capturingLogger}'s).
 * That nothing ran (no upstream request, no credit, no webhook sent) is the caller's to assert.
 */
export async function expectMalformedJobsRefused(
  queue: JobQueue,
  jobName: string,
  malformed: Record<string, unknown>,
  lines: LogLines,
  jobIdPrefix: string,
): Promise<void> {
  for (const [label, data] of Object.entries(malformed))
    await queue.add(jobName, data, { jobId: `${jobIdPrefix}${label}`, attempts: 3 });
  for (const label of Object.keys(malformed)) {
    const jobId = `${jobIdPrefix}${label}`;
    await expect.poll(() => queue.getJobState(jobId)).toBe("failed");
    const job = await queue.getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/^malformed job: /);
    expect(
      lines.filter((l) => l.jobId === jobId && l.msg === "malformed job refused; it is not run"),
    ).toHaveLength(1);
  }
}
