/**
 * Counts as the platform prints them: exact ("12,916 views", "like this video along with 5,471,574 other people") or
 * compact ("5.4m", "21k", "23.2 thousand subscribers"). SPEC §2.2: compact counts are expanded to integers and flagged
 * approximate; the original label is kept by the caller in a `...Text` field.
 */

/** A count read from a label. */
export interface ParsedCount {
  /** The integer value (a compact label is expanded: "5.4m" → 5 400 000). */
  value: number;
  /** True when the label was compact (K/M/B or a word multiplier), so the value is rounded by the platform. */
  approximate: boolean;
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  million: 1e6,
  b: 1e9,
  billion: 1e9,
};

// A number (digits with optional grouping or decimal separators) optionally followed by a multiplier. The multiplier
// must end at a word boundary so "7 likes" is not read as 7 thousand… via the "k" of "likes" (there is a space), and
// "5.4m views" is 5.4 million.
const COUNT_PATTERN = /(\d[\d.,'\u00a0\u202f]*\d|\d)(?:\s?(k|m|b|thousand|million|billion)(?![a-z]))?/i;

/**
 * Reads the first count in a label (English labels, as the service requests `hl=en`).
 *
 * - Without a multiplier, every separator is a thousands separator: "12,916" → 12916 (exact); "1.234" (a German
 *   grouping) → 1234.
 * - With a multiplier, the one separator is the decimal mark ("." or ","): "5.4m" → 5 400 000, "1,5K" → 1500,
 *   "23.2 thousand" → 23 200, all approximate.
 *
 * @param label text such as "1.2K likes", "7", "501k", "like this video along with 72 other people".
 * @returns the count, or null when the label holds no number ("Like", "No comments").
 */
export function parseCount(label: string | null | undefined): ParsedCount | null {
  if (!label) return null;
  const match = COUNT_PATTERN.exec(label);
  if (!match) return null;
  const digits = match[1] ?? "";
  const suffix = match[2]?.toLowerCase();
  if (suffix === undefined) {
    const value = Number(digits.replace(/[^\d]/g, ""));
    return Number.isSafeInteger(value) ? { value, approximate: false } : null;
  }
  const multiplier = MULTIPLIERS[suffix];
  if (multiplier === undefined) return null;
  const separators = digits.match(/[.,]/g) ?? [];
  // One separator: the decimal mark. More than one ("1,234.5K") cannot be told apart reliably: drop groupings first.
  const normalized =
    separators.length <= 1
      ? digits.replace(",", ".").replace(/[^\d.]/g, "")
      : digits.replace(/[,'\u00a0\u202f]/g, "").replace(/[^\d.]/g, "");
  const number = Number(normalized);
  if (!Number.isFinite(number)) return null;
  return { value: Math.round(number * multiplier), approximate: true };
}

/**
 * Reads an integer that the platform gives as a decimal string ("12916", "0"); null for anything else.
 * Used for fields such as `videoDetails.viewCount`, `lengthSeconds` and `likeCount` that are exact by construction.
 */
export function parseIntegerString(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isSafeInteger(parsed) ? parsed : null;
}
