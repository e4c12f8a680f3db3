import { randomInt } from "node:crypto";
import type { OperationContext } from "@sda/contract";
import type { ForumsiteEnv } from "../env.ts";
import { pauseKey } from "./rate-limit.ts";

/**
 * The addresses forum platform requests leave from: the server's own, or one of `FORUMSITE_PROXIES` (comma-separated
 * proxy URLs, like `PHOTOSITE_PROXIES`). The platform budgets and blocks per address (public `.json` traffic) or per
 * OAuth client, so each proxy is its own credential for the rate-limit pause (`rate-limit.ts`): a proxy the platform
 * answered with its 403 block page rests, and the next call goes out through another one (rotation on block).
 */

/** One way out: the proxy (null: direct) and the credential its pauses are stored under. */
export interface Egress {
  proxy: string | null;
  /** Index in `FORUMSITE_PROXIES`, or -1 for a direct request. */
  index: number;
  /** Pause identity: `<base>` direct, `<base>@<index>` through a proxy (the URL, with its password, stays out of Redis). */
  credential: string;
}

/** Parses `FORUMSITE_PROXIES`. @returns the proxy URLs, empty when unset. */
export function parseForumProxies(env: Pick<ForumsiteEnv, "FORUMSITE_PROXIES">): string[] {
  return (env.FORUMSITE_PROXIES ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Picks the egress of a call: direct without proxies; else a random proxy whose credential is not paused (blocked
 * or out of budget), or a random one when all are (its pause then refuses the call without a request).
 * @param base the credential without a proxy (`public` or `oauth:<client id>`).
 * @param avoid proxy indexes not to pick (one just blocked within this call).
 */
export async function pickEgress(
  ctx: Pick<OperationContext<ForumsiteEnv>, "store" | "env">,
  base: string,
  avoid: ReadonlySet<number> = new Set(),
): Promise<Egress> {
  const proxies = parseForumProxies(ctx.env);
  if (proxies.length === 0) return { proxy: null, index: -1, credential: base };
  const credentials = proxies.map((_, i) => `${base}@${i}`);
  const paused = await ctx.store.getMany(credentials.map(pauseKey));
  const ready = proxies.map((_, i) => i).filter((i) => !paused[i] && !avoid.has(i));
  const pool = ready.length > 0 ? ready : proxies.map((_, i) => i).filter((i) => !avoid.has(i));
  const index = pool.length > 0 ? (pool[randomInt(pool.length)] ?? 0) : randomInt(proxies.length);
  return { proxy: proxies[index] ?? null, index, credential: credentials[index] ?? base };
}

/** True when another proxy than `egress` could still be tried within the same call. */
export function hasOtherProxy(
  ctx: Pick<OperationContext<ForumsiteEnv>, "env">,
  tried: ReadonlySet<number>,
): boolean {
  return parseForumProxies(ctx.env).some((_, i) => !tried.has(i));
}
