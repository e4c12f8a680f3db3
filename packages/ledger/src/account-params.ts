import { cursorParam, failWith, intParam } from "@sda/contract";
import { z } from "zod";

/**
 * Query parameters of the Account group's lists (`/v1/account/usage`, `/v1/account/usage/daily`,
 * `/v1/account/ledger`), shared by the API and the dashboard's filter forms. Parse with `parseParams`: every problem
 * is a 400 in the envelope.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instants a query may name: PostgreSQL refuses years JavaScript writes as `0000` or `+010000` (a 500 once). */
const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * Refuses a parsed date outside years 1–9999 (year 0, negative years, 275760): 400 `parameter_out_of_range`.
 * @returns false (after adding the issue to `ctx`) when out of range.
 */
export function instantInRange(date: Date, ctx: z.RefinementCtx): boolean {
  const time = date.getTime();
  if (time >= FIRST_INSTANT && time <= LAST_INSTANT) return true;
  failWith(ctx, "parameter_out_of_range", "must be a date between 0001-01-01 and 9999-12-31");
  return false;
}

/**
 * An ISO 8601 date (`2026-11-24`, UTC midnight) or date-time with an offset (`2026-11-24T10:00:00Z`).
 * @param endOfDay a date-only value means the end of that UTC day (so `to=2026-11-24` includes the 24th).
 */
function instantParam(endOfDay: boolean) {
  return z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const dateOnly = DATE_ONLY.test(value);
      const valid = dateOnly || z.iso.datetime({ offset: true }).safeParse(value).success;
      const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
      if (!valid || Number.isNaN(date.getTime())) {
        failWith(
          ctx,
          "invalid_parameter",
          "must be an ISO 8601 date (2026-11-24) or date-time (…T10:00:00Z)",
        );
        return z.NEVER;
      }
      // The end of 9999-12-31 is its last instant (the next day is past what PostgreSQL takes).
      if (dateOnly && endOfDay) date.setTime(Math.min(date.getTime() + 86_400_000, LAST_INSTANT));
      if (!instantInRange(date, ctx)) return z.NEVER;
      return date;
    })
    .optional();
}

/** `GET /v1/account/usage`: filters and paging of the request log. */
export const usageQuerySchema = z
  .strictObject({
    from: instantParam(false),
    to: instantParam(true),
    operation: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9._/-]+$/)
      .optional(),
    status: z
      .string()
      .max(7)
      .transform((value, ctx) => {
        if (value === "success" || value === "error") return value;
        const code = /^[1-5]\d\d$/.test(value) ? Number(value) : Number.NaN;
        if (Number.isNaN(code)) {
          failWith(ctx, "invalid_parameter", "must be success, error or an HTTP status (200, 404 …)");
          return z.NEVER;
        }
        return code;
      })
      .optional(),
    cursor: cursorParam,
    limit: intParam({ default: 50, max: 200 }),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from >= query.to)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "to must be after from",
        params: { code: "invalid_parameter" },
      });
  });

/** `GET /v1/account/usage/daily`: the number of UTC days, today included. */
export const dailyUsageQuerySchema = z.strictObject({ days: intParam({ default: 30, max: 366 }) });

/** Query of `GET /v1/account`: none, so `?foo=1` is 400 like every other account route (issue 21 #9). */
export const accountQuerySchema = z.strictObject({});

/** `GET /v1/account/ledger`: paging of the ledger entries. */
export const ledgerQuerySchema = z.strictObject({
  cursor: cursorParam,
  limit: intParam({ default: 50, max: 200 }),
});
