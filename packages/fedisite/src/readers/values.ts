import type { z } from "zod";
import { fail } from "../errors.ts";

/**
 * Small readers of Mastodon's JSON values, tolerant of fields older servers lack (absent → null) and of the loose
 * types some servers send (a count as a string). Times are read with `@sda/text`'s `toUtcIso`.
 */

/** A count sent as a number or a decimal string (`featured_tags[].statuses_count`), or null. */
export function countOf(value: unknown): number | null {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** A non-empty string, or null (Mastodon sends `""` for an absent description, title or URL). */
export function textOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** The full `user@domain` handle of an account's `acct`: a local account (no `@`) is qualified with the instance asked. */
export function fullHandle(acct: string, instanceHost: string): string {
  return acct.includes("@") ? acct : `${acct}@${instanceHost}`;
}

/**
 * Parses an answer with a reader's schema.
 * @throws ServiceError 502 `upstream_error` (not retryable: the instance answered another format) naming `what`.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw fail("upstream_error", `fedisite: the instance answered ${what} in an unknown format`, {
    retryable: false,
    details: { issue: result.error.issues[0]?.message ?? null },
  });
}
