import { asRecord, bool, int, type JsonRecord, list, text } from "./json.ts";
import { epochField, SITE_ORIGIN } from "./listing.ts";

/**
 * Readers of subreddits (`t5` things from `/r/<name>/about`) and of their rules (`/r/<name>/about/rules`).
 */

/** One rule of a subreddit, in the subreddit's order. */
export interface SubredditRule {
  /** Short title (`short_name`). */
  name: string;
  /** Full text as written (markdown), null when empty. */
  description: string | null;
  /** What the rule applies to: `link` (posts), `comment` or `all`. */
  appliesTo: string | null;
  priority: number | null;
  /** The reason offered when reporting a violation. */
  violationReason: string | null;
  createdAt: string | null;
}

/** The subreddit card (`GET /v1/forumsite/subreddit-details`), without the rules. */
export interface SubredditAbout {
  /** `t5_…` fullname (SPEC §2.11). */
  id: string;
  name: string;
  url: string;
  title: string | null;
  /** The short public description. */
  description: string | null;
  /** The long sidebar text (markdown). */
  sidebar: string | null;
  members: number | null;
  /** Users online now, as the platform counts them. */
  activeUsers: number | null;
  createdAt: string | null;
  nsfw: boolean;
  /** `public`, `private`, `restricted`, `archived`, `gold_restricted`, `employees_only`, `user`, … as the platform says. */
  type: string | null;
  quarantined: boolean;
  icon: string | null;
  banner: string | null;
  language: string | null;
  /** Which posts are allowed: `any`, `link` or `self`. */
  submissionType: string | null;
}

/**
 * Reads a subreddit's about object.
 * @param data the `data` of a `t5` thing.
 * @returns the card, or null when the object has neither `name` (fullname) nor `display_name`.
 */
export function readSubredditAbout(data: JsonRecord): SubredditAbout | null {
  const name = text(data, "display_name");
  const fullname = text(data, "name") ?? (text(data, "id") ? `t5_${text(data, "id")}` : null);
  if (!name || !fullname) return null;
  return {
    id: fullname,
    name,
    url: `${SITE_ORIGIN}${text(data, "url") ?? `/r/${name}/`}`,
    title: text(data, "title"),
    description: text(data, "public_description"),
    sidebar: text(data, "description"),
    members: int(data, "subscribers"),
    activeUsers: int(data, "active_user_count") ?? int(data, "accounts_active"),
    createdAt: epochField(data, "created_utc"),
    nsfw: bool(data, "over18") === true,
    type: text(data, "subreddit_type"),
    quarantined: bool(data, "quarantine") === true,
    icon: text(data, "community_icon") ?? text(data, "icon_img"),
    banner:
      text(data, "banner_background_image") ?? text(data, "banner_img") ?? text(data, "mobile_banner_image"),
    language: text(data, "lang"),
    submissionType: text(data, "submission_type"),
  };
}

/**
 * Reads the rules answer `{ rules: [...], site_rules, site_rules_flow }` (only `rules` is the subreddit's own).
 * @returns the rules sorted by `priority` (the platform's order when equal); entries without a name are skipped.
 */
export function readSubredditRules(answer: unknown): SubredditRule[] {
  const rules: SubredditRule[] = [];
  for (const entry of list(asRecord(answer), "rules")) {
    const rule = asRecord(entry);
    const name = text(rule, "short_name");
    if (!rule || !name) continue;
    rules.push({
      name,
      description: text(rule, "description"),
      appliesTo: text(rule, "kind"),
      priority: int(rule, "priority"),
      violationReason: text(rule, "violation_reason"),
      createdAt: epochField(rule, "created_utc"),
    });
  }
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => (a.rule.priority ?? a.index) - (b.rule.priority ?? b.index) || a.index - b.index)
    .map(({ rule }) => rule);
}
