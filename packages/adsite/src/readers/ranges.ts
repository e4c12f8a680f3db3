import { parseCount } from "@sda/text";

/** A range the library displays (spend, impressions, reach), with its bounds. */
export interface DisplayRange {
  /** Lower bound; 0 for `<A`; null when the text is not a range. */
  lower: number | null;
  /** Upper bound; null for `>A` or when the text is not a range. */
  upper: number | null;
  /** The display string as served. */
  text: string | null;
}

/** One bound of a range ("$200K" → 200000, "1.5M" → 1500000, "100" → 100), or null. */
function bound(part: string): number | null {
  if (!/\d/.test(part)) return null;
  return parseCount(part)?.value ?? null;
}

/**
 * Reads one of the library's range strings: `$200K - $250K` → 200000/250000, `>1M` (or `≥1M`) → 1000000/null,
 * `<100` → 0/100, `100` → 100/100; anything else keeps its text with both bounds null.
 * @returns null when `text` is not a non-blank string.
 */
export function parseDisplayRange(text: unknown): DisplayRange | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  const value = text.trim();
  const unparsed = { lower: null, upper: null, text };
  const over = /^(?:>|≥|more than|over)\s*(.+)$/i.exec(value);
  if (over) {
    const lower = bound(over[1] ?? "");
    return lower === null ? unparsed : { lower, upper: null, text };
  }
  const under = /^(?:<|≤|less than|under)\s*(.+)$/i.exec(value);
  if (under) {
    const upper = bound(under[1] ?? "");
    return upper === null ? unparsed : { lower: 0, upper, text };
  }
  const parts = value.split(/\s*[-–—]\s*/);
  if (parts.length === 2) {
    const lower = bound(parts[0] ?? "");
    const upper = bound(parts[1] ?? "");
    return lower === null || upper === null || upper < lower ? unparsed : { lower, upper, text };
  }
  if (parts.length === 1 && /^\D{0,3}\d[\d.,]*\s*[KMB]?$/i.test(value)) {
    const exact = bound(value);
    return exact === null ? unparsed : { lower: exact, upper: exact, text };
  }
  return unparsed;
}

/**
 * A range the library sends as bounds (`{lower_bound, upper_bound}`, digit strings or numbers) instead of a string;
 * its text is null.
 */
function boundsRange(value: unknown): DisplayRange | null {
  if (value === null || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const num = (v: unknown) => {
    const n = typeof v === "string" && /^\d{1,16}$/.test(v) ? Number(v) : v;
    return typeof n === "number" && Number.isSafeInteger(n) ? n : null;
  };
  const lower = num(record.lower_bound);
  const upper = num(record.upper_bound);
  if (lower === null && upper === null) return null;
  return { lower, upper, text: null };
}

/** A range from either form the library may send (a display string or bounds). */
export const rangeOf = (value: unknown): DisplayRange | null =>
  parseDisplayRange(value) ?? boundsRange(value);
