import { epochSecondsToIso, toUtcIso } from "@sda/text";
import { z } from "zod";
import { countOf, parseAnswer, textOrNull } from "./values.ts";

/**
 * Readers of Mastodon's Tag entity (search hashtags, `trends/tags`, the deprecated `/api/v1/trends` alias) and of
 * trending links (`trends/links`: PreviewCards with a `history`). A tag's `history` is the last days, newest first,
 * each `day` a UNIX time (midnight UTC) and the counts as strings.
 */

const rawHistory = z.array(
  z.object({
    day: z.union([z.string(), z.number()]),
    uses: z.union([z.string(), z.number()]),
    accounts: z.union([z.string(), z.number()]),
  }),
);

const rawTag = z.object({ name: z.string(), url: z.string().nullish(), history: rawHistory.nullish() });

const rawLink = z.object({
  url: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  image: z.string().nullish(),
  provider_name: z.string().nullish(),
  author_name: z.string().nullish(),
  language: z.string().nullish(),
  published_at: z.string().nullish(),
  history: rawHistory.nullish(),
});

/** One day of a tag's or link's use. */
export interface TrendDay {
  /** The day (UTC midnight), ISO. */
  day: string | null;
  uses: number | null;
  accounts: number | null;
}

/** A hashtag with its recent use. */
export interface FediTag {
  name: string;
  url: string | null;
  /** Uses over the days of `history`. */
  uses: number | null;
  history: TrendDay[];
}

/** A trending link (a preview card with its recent shares). */
export interface FediLink {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  provider: string | null;
  author: string | null;
  language: string | null;
  publishedAt: string | null;
  /** Shares over the days of `history`. */
  uses: number | null;
  history: TrendDay[];
}

function readHistory(history: z.output<typeof rawHistory> | null | undefined): TrendDay[] {
  return (history ?? []).map((h) => {
    return {
      day: epochSecondsToIso(h.day),
      uses: countOf(h.uses),
      accounts: countOf(h.accounts),
    };
  });
}

const total = (days: TrendDay[]): number | null =>
  days.length === 0 ? null : days.reduce((sum, d) => sum + (d.uses ?? 0), 0);

/** Reads one tag. */
function readTag(t: z.output<typeof rawTag>): FediTag {
  const history = readHistory(t.history);
  return { name: t.name, url: textOrNull(t.url), uses: total(history), history };
}

/**
 * Reads a list of tags (`trends/tags`, search `hashtags`).
 * @throws ServiceError 502 `upstream_error` when the answer is not a list of tags.
 */
export function readTags(raw: unknown): FediTag[] {
  return parseAnswer(z.array(rawTag), raw, "a list of hashtags").map(readTag);
}

/**
 * Reads `trends/links`.
 * @throws ServiceError 502 `upstream_error` when the answer is not a list of links.
 */
export function readLinks(raw: unknown): FediLink[] {
  return parseAnswer(z.array(rawLink), raw, "a list of links").map((l) => {
    const history = readHistory(l.history);
    return {
      url: l.url,
      title: textOrNull(l.title),
      description: textOrNull(l.description),
      image: textOrNull(l.image),
      provider: textOrNull(l.provider_name),
      author: textOrNull(l.author_name),
      language: textOrNull(l.language),
      publishedAt: toUtcIso(l.published_at),
      uses: total(history),
      history,
    };
  });
}
