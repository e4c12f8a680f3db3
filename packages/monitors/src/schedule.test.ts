import { ServiceError } from "@sda/core";
import { serviceErrorOf } from "@sda/testing";
import { getNextMillis } from "bullmq";
import { describe, expect, it } from "vitest";
import { cronMinGapSeconds, formatEvery, parseEvery, parseSchedule, repeatOptions } from "./schedule.ts";

const MIN = 300;
const refusal = (input: unknown) => serviceErrorOf(Promise.resolve().then(() => parseSchedule(input, MIN)));

describe("parseSchedule", () => {
  it("reads intervals in s, m, h, d and writes them back in the largest whole unit", () => {
    expect(parseSchedule({ every: "15m" }, MIN)).toEqual({ everySeconds: 900 });
    expect(parseSchedule({ every: "2h" }, MIN)).toEqual({ everySeconds: 7200 });
    expect(parseSchedule({ every: "1d" }, MIN)).toEqual({ everySeconds: 86_400 });
    expect(parseSchedule({ every: "300s" }, MIN)).toEqual({ everySeconds: 300 });
    expect(parseEvery("1.5h")).toBeNull();
    expect(formatEvery(900)).toBe("15m");
    expect(formatEvery(5400)).toBe("90m");
    expect(formatEvery(301)).toBe("301s");
  });

  it("refuses intervals below the minimum, with the minimum in the error", async () => {
    const error = await refusal({ every: "1m" });
    expect(error.code).toBe("invalid_schedule");
    expect(error.details).toMatchObject({ param: "schedule", min: "5m" });
  });

  it("refuses intervals above 365 days (issue 21 #4: 1000000d overflowed the stored integer, a 500)", async () => {
    expect(parseSchedule({ every: "365d" }, MIN)).toEqual({ everySeconds: 365 * 86_400 });
    for (const every of ["366d", "1000000d", "9999999d", "9999999h"]) {
      const error = await refusal({ every });
      expect([every, error.code, error.status, error.details.max]).toEqual([
        every,
        "invalid_schedule",
        400,
        "365d",
      ]);
    }
  });

  it("refuses malformed schedules with a named reason", async () => {
    for (const input of [
      null,
      "15m",
      {},
      { every: "15m", cron: "0 * * * *" },
      { every: "soon" },
      { every: "0m" },
      { every: "15m", tz: "UTC" },
      { cron: "61 * * * *" },
      { cron: "0 * * * * *" },
      { cron: "0 * * * *", tz: "Mars/Olympus_Mons" },
      { cron: "0 0 30 2 *" },
      { cron: "0 * * * *", extra: 1 },
    ]) {
      const error = await refusal(input);
      expect(error, JSON.stringify(input)).toBeInstanceOf(ServiceError);
      expect(error.code).toBe("invalid_schedule");
    }
  });

  it("accepts cron patterns in a time zone, refusing ones that fire closer than the minimum anywhere", async () => {
    expect(parseSchedule({ cron: "0 * * * *", tz: "Europe/Berlin" }, MIN)).toEqual({
      cron: "0 * * * *",
      tz: "Europe/Berlin",
    });
    expect(parseSchedule({ cron: "*/5  * * * *" }, MIN)).toEqual({ cron: "*/5 * * * *", tz: "UTC" });
    expect(parseSchedule({ cron: "@daily" }, MIN)).toEqual({ cron: "@daily", tz: "UTC" });
    // Every 10 minutes except a pair one minute apart at :00/:01: the smallest gap decides.
    expect((await refusal({ cron: "0,1,10,20,30,40,50 * * * *" })).details.min).toBe("5m");
    expect(cronMinGapSeconds("0,1,10,20,30,40,50 * * * *", "UTC")).toBe(60);
    expect((await refusal({ cron: "* * * * *" })).code).toBe("invalid_schedule");
  });

  it("BullMQ computes the same next run from the repeat options it is given (the same cron-parser)", () => {
    const from = Date.UTC(2026, 10, 24, 10, 7, 30);
    const cron = repeatOptions({ cron: "0 */2 * * *", tz: "Europe/Berlin" });
    // 10:07:30 UTC is 11:07:30 in Berlin (UTC+1 in November): the next even hour there is 12:00, 11:00 UTC.
    expect(getNextMillis(from, cron)).toBe(Date.UTC(2026, 10, 24, 11, 0, 0));
    const every = repeatOptions({ everySeconds: 900 });
    expect(every).toEqual({ every: 900_000 });
    expect(getNextMillis(from, every)).toBe(Date.UTC(2026, 10, 24, 10, 15, 0));
  });
});
