/**
 * Dates as the platform writes them, converted to the service's form (SPEC §2.2 and §2.6: UTC ISO-8601 with
 * milliseconds and `Z`, e.g. `2015-01-28T05:14:36.000Z`).
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Full timestamps as microformat and liveBroadcastDetails give them: `2015-01-27T21:14:36-08:00`, `...+00:00`, `...Z`.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Converts a platform date to UTC ISO with milliseconds.
 *
 * - A full timestamp with an offset is converted to UTC: `2015-01-27T21:14:36-08:00` → `2015-01-28T05:14:36.000Z`.
 * - A date alone (`2008-09-22`, the form older microformats use for `publishDate`) carries no time zone; it is read
 *   as midnight UTC of that day (`2008-09-22T00:00:00.000Z`), so the day is never shifted.
 *
 * @returns the ISO string, or null when the input is not one of those forms or not a real date.
 */
export function toUtcIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    // Date.UTC rolls 2023-02-30 over to March; reject it instead.
    if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return null;
    return date.toISOString();
  }
  if (!TIMESTAMP.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * Converts Unix epoch seconds (a number, or a decimal string such as the `expire` query parameter of a caption URL or
 * `scheduledStartTime` of a live slate) to UTC ISO with milliseconds; null when it is not a positive integer.
 */
export function epochSecondsToIso(value: unknown): string | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,12}$/.test(text)) return null;
  const seconds = Number(text);
  return seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_NAME = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const MONTH_DAY_YEAR = new RegExp(`(?<![a-z])${MONTH_NAME}\\s+(\\d{1,2}),?\\s+(\\d{4})`, "i");
const DAY_MONTH_YEAR = new RegExp(`(?<!\\d)(\\d{1,2})\\s+${MONTH_NAME},?\\s+(\\d{4})`, "i");

function isoDay(year: number, monthIndex: number, day: number): string | null {
  const date = new Date(Date.UTC(year, monthIndex, day));
  if (date.getUTCMonth() !== monthIndex || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Reads an absolute English date out of a label, as the platform prints them with `hl=en`: "Joined Sep 22, 2008",
 * "Last updated on Jan 5, 2024", "Streamed live on March 3, 2023", and the en-GB order "22 Sep 2008".
 * @returns the day as `YYYY-MM-DD`, or null when the label holds no such date (or an impossible one).
 */
export function parseDateLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  const iso = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/.exec(label);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const mdy = MONTH_DAY_YEAR.exec(label);
  if (mdy) return isoDay(Number(mdy[3]), MONTHS.indexOf((mdy[1] ?? "").toLowerCase()), Number(mdy[2]));
  const dmy = DAY_MONTH_YEAR.exec(label);
  if (dmy) return isoDay(Number(dmy[3]), MONTHS.indexOf((dmy[2] ?? "").toLowerCase()), Number(dmy[1]));
  return null;
}
