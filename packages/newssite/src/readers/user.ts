import { z } from "zod";
import { fail } from "../errors.ts";
import { htmlToText } from "./html-text.ts";
import { isoTime } from "./time.ts";

/** A Hacker News user. */
export interface NewsUser {
  /** The user name (`news.ycombinator.com/user?id=<handle>`), case as the platform sends it. */
  handle: string;
  karma: number | null;
  /** UTC ISO time the account was created. */
  createdAt: string | null;
  /** Self-description as HTML, as sent; null when empty. */
  about: string | null;
  aboutPlain: string | null;
  /** Stories, comments, polls and options the user submitted (Firebase `submitted`, Algolia submissions + comments). */
  submittedCount: number | null;
}

const unexpected = () =>
  fail("upstream_error", "newssite answered a user in an unknown shape", {
    details: { reason: "unexpected_answer" },
  });

const firebaseUser = z.object({
  id: z.string(),
  created: z.number().optional(),
  karma: z.number().optional(),
  about: z.string().optional(),
  submitted: z.array(z.number()).optional(),
});

const algoliaUser = z.object({
  username: z.string(),
  karma: z.number().nullish(),
  about: z.string().nullish(),
  created_at: z.string().nullish(),
  created_at_i: z.number().nullish(),
  submission_count: z.number().nullish(),
  comment_count: z.number().nullish(),
});

const about = (html: string | null | undefined) => ({
  about: html ? html : null,
  aboutPlain: html ? htmlToText(html) : null,
});

/**
 * Reads a Firebase user (`/v0/user/<handle>.json`).
 * @returns the user, or null when the platform answered `null` (no such user).
 * @throws ServiceError 502 `upstream_error` for another shape.
 */
export function readFirebaseUser(raw: unknown): NewsUser | null {
  if (raw === null) return null;
  const parsed = firebaseUser.safeParse(raw);
  if (!parsed.success) throw unexpected();
  const user = parsed.data;
  return {
    handle: user.id,
    karma: user.karma ?? null,
    createdAt: isoTime(user.created),
    ...about(user.about),
    submittedCount: user.submitted?.length ?? 0,
  };
}

/**
 * Reads an Algolia user summary (`/api/v1/users/<handle>`).
 * @throws ServiceError 502 `upstream_error` for another shape.
 */
export function readAlgoliaUser(raw: unknown): NewsUser {
  const parsed = algoliaUser.safeParse(raw);
  if (!parsed.success) throw unexpected();
  const user = parsed.data;
  const counts = [user.submission_count, user.comment_count];
  return {
    handle: user.username,
    karma: user.karma ?? null,
    createdAt: isoTime(user.created_at_i ?? user.created_at),
    ...about(user.about),
    submittedCount: counts.every((n) => typeof n === "number")
      ? (user.submission_count ?? 0) + (user.comment_count ?? 0)
      : null,
  };
}
