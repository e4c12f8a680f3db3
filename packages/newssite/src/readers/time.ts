/**
 * UTC ISO time with milliseconds and `Z` (`2022-12-24T10:56:32.000Z`) from Unix seconds (Firebase `time`, Algolia
 * `created_at_i`) or an ISO string (Algolia `created_at`); null when absent or unreadable.
 */
export function isoTime(value: unknown): string | null {
  let date: Date | null = null;
  if (typeof value === "number" && Number.isFinite(value)) date = new Date(value * 1000);
  else if (typeof value === "string" && value !== "") date = new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** Host of a link without `www.` (`github.com`), as the site shows it beside a title; null without a valid URL. */
export function domainOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}
