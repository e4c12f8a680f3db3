import { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { type FediInstance, readInstanceV1, readInstanceV2, readV1Stats } from "../readers/instance.ts";
import type { FediClient } from "./client.ts";

/**
 * An instance's own description, and what it says about the timelines it serves logged out. Mastodon 4.5 added
 * `configuration.timelines_access` to `/api/v2/instance` (`mastodon.social` has served no public timeline to logged-out
 * readers since 2026): read before serving a hashtag timeline, kept per process for a few minutes per instance.
 */

/** True for an instance's own 404/410 (a server without the v2 API), never the replay's "no recording". */
const isGone = (error: unknown): boolean =>
  error instanceof ServiceError &&
  (error.details.upstreamStatus === 404 || error.details.upstreamStatus === 410) &&
  error.details.replay === undefined;

/**
 * The instance's description: `/api/v2/instance` (with the totals of `/api/v1/instance` when `withStats`, as far as
 * it answers them), or `/api/v1/instance` alone on servers without v2.
 * @throws ServiceError the client's errors.
 */
export async function fetchInstance(client: FediClient, withStats: boolean): Promise<FediInstance> {
  let v2: FediInstance;
  try {
    v2 = readInstanceV2((await client.get("/api/v2/instance")).json());
  } catch (error) {
    if (!isGone(error)) throw error;
    return readInstanceV1((await client.get("/api/v1/instance")).json());
  }
  if (!withStats) return v2;
  try {
    return { ...v2, stats: readV1Stats((await client.get("/api/v1/instance")).json()) };
  } catch (error) {
    if (!(error instanceof ServiceError) || !error.code.startsWith("upstream_")) throw error;
    return v2;
  }
}

/** The posts of a hashtag timeline served: all, or only local or remote ones. */
export type FeedScope = "all" | "local" | "remote";

const ACCESS_TTL_MS = 10 * 60_000;
const MAX_CACHED_INSTANCES = 1000;
const accessCache = new Map<string, { access: FediInstance["timelinesAccess"]; until: number }>();

/**
 * Which posts of a hashtag timeline this instance serves us: read from its `timelines_access.hashtag_feeds`
 * (`public` for everyone, `authenticated` with the operator's token, `disabled`); an instance without that setting
 * (before Mastodon 4.5, or whose description is unavailable) serves all.
 * @throws ServiceError 403 `instance_login_required` when it serves neither local nor remote posts to us.
 */
export async function hashtagScope(client: FediClient): Promise<FeedScope> {
  const now = Date.now();
  let cached = accessCache.get(client.host);
  if (!cached || cached.until <= now) {
    let access: FediInstance["timelinesAccess"] = null;
    try {
      access = (await fetchInstance(client, false)).timelinesAccess;
    } catch (error) {
      if (!(error instanceof ServiceError) || !error.code.startsWith("upstream_")) throw error;
    }
    cached = { access, until: now + ACCESS_TTL_MS };
    // Bounded: callers name any number of instances; the oldest entry goes first.
    if (accessCache.size >= MAX_CACHED_INSTANCES) accessCache.delete(accessCache.keys().next().value ?? "");
    accessCache.set(client.host, cached);
  }
  const feeds = cached.access?.hashtagFeeds;
  if (!feeds) return "all";
  const served = (value: string | null) =>
    value === null || value === "public" || (value === "authenticated" && client.loggedIn);
  const local = served(feeds.local);
  const remote = served(feeds.remote);
  if (local && remote) return "all";
  if (local) return "local";
  if (remote) return "remote";
  throw fail(
    "instance_login_required",
    `${client.host} serves hashtag timelines to ${client.loggedIn ? "no one" : "logged-in readers only"} (timelines_access: local ${feeds.local}, remote ${feeds.remote})`,
    { details: { instance: client.host, timelinesAccess: feeds } },
  );
}
