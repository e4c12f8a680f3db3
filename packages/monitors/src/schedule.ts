import type { ServiceError } from "@sda/core";
import { CronExpressionParser } from "cron-parser";
import { fail } from "./errors.ts";

/** A monitor's schedule: a fixed interval, or a cron pattern evaluated in an IANA time zone. */
export type MonitorSchedule = { everySeconds: number } | { cron: string; tz: string };

/** The schedule as the API shows it: `{ every: "15m" }` or `{ cron, tz }`. */
export type ScheduleView = { every: string } | { cron: string; tz: string };

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/**
 * Longest interval of an `every` schedule, in seconds (365 days). `1000000d` overflowed the stored integer (a 500,
 * issue 21 #4); nothing longer than a year is a monitoring schedule.
 */
const MAX_INTERVAL_SECONDS = 365 * 86_400;

/**
 * Occurrences of a cron pattern inspected for its shortest gap. cron-parser takes ~1 ms per occurrence in a time zone
 * and this runs on the gateway's request path; a pattern's shortest gap recurs every hour or day it fires, so the
 * first 60 firings find it (`0,1 * * * *` at once, `59,0 * * * *` within two hours).
 */
const CRON_SAMPLE = 60;

function invalid(message: string, details: Record<string, unknown> = {}): ServiceError {
  return fail("invalid_schedule", message, { details: { param: "schedule", ...details } });
}

/**
 * Parses an interval such as `15m`, `2h`, `1d` or `90s` (one whole number and one unit: s, m, h, d).
 * @returns seconds, or null when the text is not such an interval.
 */
export function parseEvery(text: string): number | null {
  const match = /^(\d{1,7})\s*([smhd])$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/** The shortest text of an interval in seconds: 900 → `15m`, 7200 → `2h`, 90 → `90s`. */
export function formatEvery(seconds: number): string {
  for (const unit of ["d", "h", "m"] as const)
    if (seconds % UNIT_SECONDS[unit] === 0) return `${seconds / UNIT_SECONDS[unit]}${unit}`;
  return `${seconds}s`;
}

/** True for an IANA time zone name this runtime knows (`Europe/Berlin`, `UTC`). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Shortest gap between consecutive occurrences of a cron pattern over its next {@link CRON_SAMPLE} firings, in seconds,
 * parsed by `cron-parser` — the parser BullMQ's job schedulers use, so a pattern accepted here is one BullMQ can run.
 * @throws ServiceError 400 `invalid_schedule` when the parser refuses the pattern or it never fires.
 */
export function cronMinGapSeconds(cron: string, tz: string, from = new Date()): number {
  let gap = Number.POSITIVE_INFINITY;
  try {
    const occurrences = CronExpressionParser.parse(cron, { tz, currentDate: from });
    let previous = occurrences.next().getTime();
    for (let i = 0; i < CRON_SAMPLE; i++) {
      let next: number;
      try {
        next = occurrences.next().getTime();
      } catch {
        break; // no further occurrence (a pattern that ends)
      }
      gap = Math.min(gap, (next - previous) / 1000);
      previous = next;
    }
  } catch (error) {
    throw invalid(`schedule.cron is not a cron pattern: ${(error as Error).message}`, { cron });
  }
  return gap;
}

/**
 * Validates a schedule from a request body: `{ every: "15m" }` or `{ cron: "0 * * * *", tz: "Europe/Berlin" }` (tz
 * defaults to UTC; five fields or an alias such as `@hourly`, no seconds field).
 * @param minIntervalSeconds `MONITOR_MIN_INTERVAL_SECONDS`: an interval below it, or a cron pattern with two firings
 *   closer than it, is refused.
 * @throws ServiceError 400 `invalid_schedule` naming what is wrong (with `min` for too frequent schedules).
 */
export function parseSchedule(input: unknown, minIntervalSeconds: number): MonitorSchedule {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    throw invalid('schedule must be an object: { "every": "15m" } or { "cron": "0 * * * *", "tz": "UTC" }');
  const { every, cron, tz, ...rest } = input as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw invalid(`schedule has unknown fields: ${extra.join(", ")}`);
  if ((every === undefined) === (cron === undefined))
    throw invalid("schedule needs exactly one of every (an interval such as 15m) or cron (a cron pattern)");
  const tooFrequent = (what: string) =>
    invalid(`${what} is more frequent than the minimum interval of ${formatEvery(minIntervalSeconds)}`, {
      min: formatEvery(minIntervalSeconds),
    });
  if (every !== undefined) {
    if (tz !== undefined) throw invalid("schedule.tz applies to cron schedules only");
    const seconds = typeof every === "string" ? parseEvery(every) : null;
    if (seconds === null || seconds === 0)
      throw invalid("schedule.every must be a whole number and a unit: 90s, 15m, 2h or 1d", { every });
    if (seconds < minIntervalSeconds) throw tooFrequent(`every ${every}`);
    if (seconds > MAX_INTERVAL_SECONDS)
      throw invalid(
        `schedule.every is longer than the maximum interval of ${formatEvery(MAX_INTERVAL_SECONDS)}`,
        {
          every,
          max: formatEvery(MAX_INTERVAL_SECONDS),
        },
      );
    return { everySeconds: seconds };
  }
  if (typeof cron !== "string" || cron.trim() === "") throw invalid("schedule.cron must be a cron pattern");
  const pattern = cron.trim().replace(/\s+/g, " ");
  if (!pattern.startsWith("@") && pattern.split(" ").length !== 5)
    throw invalid("schedule.cron must have five fields (minute hour day-of-month month day-of-week)", {
      cron,
    });
  const zone = tz === undefined ? "UTC" : tz;
  if (typeof zone !== "string" || !isTimeZone(zone))
    throw invalid("schedule.tz must be an IANA time zone such as Europe/Berlin", { tz });
  const gap = cronMinGapSeconds(pattern, zone);
  if (!Number.isFinite(gap)) throw invalid("schedule.cron never fires more than once", { cron });
  if (gap < minIntervalSeconds) throw tooFrequent(`cron ${pattern}`);
  return { cron: pattern, tz: zone };
}

/** The API view of a stored schedule. */
export function scheduleView(schedule: MonitorSchedule): ScheduleView {
  return "everySeconds" in schedule
    ? { every: formatEvery(schedule.everySeconds) }
    : { cron: schedule.cron, tz: schedule.tz };
}

/** BullMQ repeat options of a schedule (`every` in ms, or `pattern` + `tz`). */
export function repeatOptions(
  schedule: MonitorSchedule,
): { every: number } | { pattern: string; tz: string } {
  return "everySeconds" in schedule
    ? { every: schedule.everySeconds * 1000 }
    : { pattern: schedule.cron, tz: schedule.tz };
}
