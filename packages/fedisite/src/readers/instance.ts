import { z } from "zod";
import { readUser } from "./account.ts";
import { countOf, parseAnswer, textOrNull } from "./values.ts";

/**
 * Readers of an instance's description: `/api/v2/instance` (Mastodon 4.0+: `domain`, `configuration`,
 * `registrations`, `contact`, `usage`, `rules`, and since 4.5 `configuration.timelines_access`) and the older
 * `/api/v1/instance` (`uri`, `stats`, `urls`, `contact_account`), which newer servers still serve and which alone
 * carries the totals (`stats`).
 */

/** Who may read a kind of timeline, logged out and in: `public`, `authenticated` or `disabled` (local and remote posts). */
export interface FeedAccess {
  local: string | null;
  remote: string | null;
}

/** `configuration.timelines_access` (Mastodon 4.5+): who may read the live, hashtag and trending-link timelines. */
export interface TimelinesAccess {
  liveFeeds: FeedAccess | null;
  hashtagFeeds: FeedAccess | null;
  trendingLinkFeeds: FeedAccess | null;
}

/** An instance as `/v1/fedisite/instance` answers it. */
export interface FediInstance {
  domain: string;
  title: string | null;
  version: string | null;
  description: string | null;
  sourceUrl: string | null;
  thumbnail: string | null;
  languages: string[];
  registrations: { enabled: boolean | null; approvalRequired: boolean | null; message: string | null };
  contact: { email: string | null; account: string | null };
  rules: { id: string; text: string; hint: string | null }[];
  stats: { users: number | null; posts: number | null; domains: number | null } | null;
  activeMonth: number | null;
  apiVersion: number | null;
  timelinesAccess: TimelinesAccess | null;
  /** Which API described the instance: `v2`, or `v1` on servers before Mastodon 4.0. */
  api: "v2" | "v1";
}

const access = z.object({ local: z.string().nullish(), remote: z.string().nullish() }).nullish();
const rawRules = z
  .array(z.object({ id: z.string(), text: z.string(), hint: z.string().nullish() }))
  .nullish();

const rawV2 = z.object({
  domain: z.string(),
  title: z.string().nullish(),
  version: z.string().nullish(),
  description: z.string().nullish(),
  source_url: z.string().nullish(),
  thumbnail: z.object({ url: z.string().nullish() }).nullish(),
  languages: z.array(z.string()).nullish(),
  usage: z.object({ users: z.object({ active_month: z.number().nullish() }).nullish() }).nullish(),
  api_versions: z.object({ mastodon: z.number().nullish() }).nullish(),
  registrations: z
    .object({
      enabled: z.boolean().nullish(),
      approval_required: z.boolean().nullish(),
      message: z.string().nullish(),
    })
    .nullish(),
  contact: z.object({ email: z.string().nullish(), account: z.unknown().nullish() }).nullish(),
  rules: rawRules,
  configuration: z
    .object({
      timelines_access: z
        .object({ live_feeds: access, hashtag_feeds: access, trending_link_feeds: access })
        .nullish(),
    })
    .nullish(),
});

const rawV1 = z.object({
  uri: z.string(),
  title: z.string().nullish(),
  version: z.string().nullish(),
  short_description: z.string().nullish(),
  description: z.string().nullish(),
  thumbnail: z.string().nullish(),
  languages: z.array(z.string()).nullish(),
  email: z.string().nullish(),
  registrations: z.boolean().nullish(),
  approval_required: z.boolean().nullish(),
  stats: z
    .object({
      user_count: z.number().nullish(),
      status_count: z.number().nullish(),
      domain_count: z.number().nullish(),
    })
    .nullish(),
  contact_account: z.unknown().nullish(),
  rules: rawRules,
});

const feedAccess = (a: z.output<typeof access>): FeedAccess | null =>
  a ? { local: a.local ?? null, remote: a.remote ?? null } : null;

const readRules = (rules: z.output<typeof rawRules>) =>
  (rules ?? []).map((r) => ({ id: r.id, text: r.text, hint: textOrNull(r.hint) }));

/** The handle of an instance's contact account, or null. */
function contactHandle(account: unknown, domain: string): string | null {
  return account ? readUser(account, domain).username : null;
}

/** Reads `/api/v1/instance`'s totals (`stats`). */
export function readV1Stats(raw: unknown): FediInstance["stats"] {
  const stats = parseAnswer(rawV1, raw, "an instance (v1)").stats;
  return stats
    ? {
        users: countOf(stats.user_count),
        posts: countOf(stats.status_count),
        domains: countOf(stats.domain_count),
      }
    : null;
}

/**
 * Reads `/api/v2/instance`; `stats` stays null (v2 has none: read them with {@link readV1Stats}).
 * @throws ServiceError 502 `upstream_error` when the answer is not an instance.
 */
export function readInstanceV2(raw: unknown): FediInstance {
  const i = parseAnswer(rawV2, raw, "an instance (v2)");
  const timelines = i.configuration?.timelines_access;
  return {
    domain: i.domain,
    title: textOrNull(i.title),
    version: textOrNull(i.version),
    description: textOrNull(i.description),
    sourceUrl: textOrNull(i.source_url),
    thumbnail: textOrNull(i.thumbnail?.url),
    languages: i.languages ?? [],
    registrations: {
      enabled: i.registrations?.enabled ?? null,
      approvalRequired: i.registrations?.approval_required ?? null,
      message: textOrNull(i.registrations?.message),
    },
    contact: { email: textOrNull(i.contact?.email), account: contactHandle(i.contact?.account, i.domain) },
    rules: readRules(i.rules),
    stats: null,
    activeMonth: countOf(i.usage?.users?.active_month),
    apiVersion: countOf(i.api_versions?.mastodon),
    timelinesAccess: timelines
      ? {
          liveFeeds: feedAccess(timelines.live_feeds),
          hashtagFeeds: feedAccess(timelines.hashtag_feeds),
          trendingLinkFeeds: feedAccess(timelines.trending_link_feeds),
        }
      : null,
    api: "v2",
  };
}

/**
 * Reads `/api/v1/instance` (servers before Mastodon 4.0): no `timelines_access`, totals in `stats`.
 * @throws ServiceError 502 `upstream_error` when the answer is not an instance.
 */
export function readInstanceV1(raw: unknown): FediInstance {
  const i = parseAnswer(rawV1, raw, "an instance (v1)");
  const domain = i.uri.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return {
    domain,
    title: textOrNull(i.title),
    version: textOrNull(i.version),
    description: textOrNull(i.short_description) ?? textOrNull(i.description),
    sourceUrl: null,
    thumbnail: textOrNull(i.thumbnail),
    languages: i.languages ?? [],
    registrations: {
      enabled: i.registrations ?? null,
      approvalRequired: i.approval_required ?? null,
      message: null,
    },
    contact: { email: textOrNull(i.email), account: contactHandle(i.contact_account, domain) },
    rules: readRules(i.rules),
    stats: readV1Stats(raw),
    activeMonth: null,
    apiVersion: null,
    timelinesAccess: null,
    api: "v1",
  };
}
