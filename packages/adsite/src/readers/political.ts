import { arrayOf, isObject, type JsonObject, textOf } from "./json-walk.ts";
import { type DisplayRange, rangeOf } from "./ranges.ts";

/** The political or issue ad fields of an ad (see {@link readPolitical}). */
export interface AdPolitical {
  paidForBy: string | null;
  disclaimer: string | null;
  spend: (DisplayRange & { currency: string | null }) | null;
  impressions: DisplayRange | null;
  reach: DisplayRange | null;
  disclosure: {
    authorizedEntityText: string | null;
    /** `YYYY-MM-DD` read from `submittedAtText`. */
    submittedAt: string | null;
    submittedAtText: string | null;
    website: string | null;
  } | null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "Submitted Oct 3, 2026" (or "October 3, 2026") → `2026-10-03`; null when it names no such day. */
function submittedDay(text: string | null): string | null {
  const match = text ? /([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(text) : null;
  if (!match) return null;
  const month = MONTHS.indexOf((match[1] ?? "").slice(0, 3).toLowerCase());
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month < 0) return null;
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCDate() === day ? date.toISOString().slice(0, 10) : null;
}

/** True for a political or issue ad: a `POLITICAL` category or a `PAID_FOR_BY` disclaimer. */
function isPolitical(ad: JsonObject, snapshot: JsonObject): boolean {
  const categories = arrayOf(ad.categories).map((c) => String(c).toUpperCase());
  return categories.includes("POLITICAL") || textOf(snapshot.disclaimer_label) === "PAID_FOR_BY";
}

/**
 * The political fields of one `collated_results` entry, or null for an ordinary ad. Ranges are read from the
 * library's display strings (`spend`, `impressions_with_index.impressions_text`, `reach_estimate`). The disclosure
 * (`fev_info`) keeps the authorized entity, the submission day and the website: its phone, e-mail and address are
 * never read.
 */
export function readPolitical(ad: JsonObject, snapshot: JsonObject): AdPolitical | null {
  if (!isPolitical(ad, snapshot)) return null;
  const spend = rangeOf(ad.spend);
  const impressions = isObject(ad.impressions_with_index)
    ? rangeOf(ad.impressions_with_index.impressions_text)
    : rangeOf(ad.impressions);
  const fev = isObject(ad.fev_info) ? ad.fev_info : null;
  const submittedAtText = fev ? textOf(fev.submitted_on) : null;
  return {
    paidForBy: textOf(snapshot.byline) ?? textOf(ad.byline),
    disclaimer: textOf(snapshot.disclaimer_label),
    spend: spend ? { ...spend, currency: textOf(ad.currency) } : null,
    impressions,
    reach: rangeOf(ad.reach_estimate),
    disclosure: fev
      ? {
          authorizedEntityText: textOf(fev.authorized_entity_text),
          submittedAt: submittedDay(submittedAtText),
          submittedAtText,
          website: textOf(fev.website),
        }
      : null,
  };
}
