import { randomBytes, randomInt } from "node:crypto";
import type { PhotositeEnv } from "../env.ts";
import type { PhotositeContext } from "./context.ts";

/**
 * The optional pool of logged-in web sessions and egress proxies (`PHOTOSITE_SESSION_COOKIES`, `PHOTOSITE_PROXIES`).
 *
 * - `PHOTOSITE_SESSION_COOKIES`: one `Cookie` header value (`sessionid=…; csrftoken=…; ds_user_id=…`), or a JSON
 *   array of them for a pool.
 * - `PHOTOSITE_PROXIES`: comma-separated proxy URLs; session i goes through proxy i mod n (a session keeps its
 *   address, as the platform expects), anonymous calls through a random one.
 *
 * A session the platform answered with a login wall or a rate limit cools down (Redis key with a TTL) and is skipped
 * until then; when every session cools down, calls go out anonymously.
 */
export interface WebSession {
  /** Index in the pool, or -1 for the anonymous client. */
  index: number;
  /** The `Cookie` header value, or null (anonymous). */
  cookies: string | null;
  /** The CSRF token sent as `X-CSRFToken` (the session's `csrftoken` cookie, or the shared anonymous token). */
  csrfToken: string;
  proxy: string | null;
}

/** Parses `PHOTOSITE_SESSION_COOKIES`. @returns the cookie strings (empty without configuration). */
export function parseSessionCookies(config: Pick<PhotositeEnv, "PHOTOSITE_SESSION_COOKIES">): string[] {
  const raw = config.PHOTOSITE_SESSION_COOKIES?.trim();
  if (!raw) return [];
  if (raw.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed))
        return parsed.filter((c): c is string => typeof c === "string" && c.includes("="));
    } catch {
      return [];
    }
    return [];
  }
  return [raw];
}

/** Parses `PHOTOSITE_PROXIES` (comma-separated URLs). */
export function parseProxies(config: Pick<PhotositeEnv, "PHOTOSITE_PROXIES">): string[] {
  return (config.PHOTOSITE_PROXIES ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The value of cookie `name` in a `Cookie` header value, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

const cooldownKey = (index: number) => `session-cooldown:${index}`;
const ANONYMOUS_TOKEN_KEY = "anonymous-csrftoken";
const TOKEN_TTL_MS = 86_400_000;

/**
 * The CSRF token of anonymous calls. The platform's CSRF check compares the `X-CSRFToken` header with the
 * `csrftoken` cookie; a token the platform set on an earlier answer is reused (see {@link rememberCsrfToken}), else a
 * random 32-character one is created and shared through Redis, so no extra request is needed to start.
 */
async function anonymousCsrfToken(ctx: PhotositeContext): Promise<string> {
  const known = await ctx.store.get(ANONYMOUS_TOKEN_KEY);
  if (known) return known;
  const token = randomBytes(24).toString("base64url").slice(0, 32);
  await ctx.store.setIfAbsent(ANONYMOUS_TOKEN_KEY, token, TOKEN_TTL_MS);
  return (await ctx.store.get(ANONYMOUS_TOKEN_KEY)) ?? token;
}

/** Stores the `csrftoken` the platform set on an anonymous answer, for the next anonymous calls (1 day). */
export async function rememberCsrfToken(ctx: PhotositeContext, setCookie: string | string[] | undefined) {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of headers) {
    const match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(header);
    if (match?.[1]) {
      await ctx.store.set(ANONYMOUS_TOKEN_KEY, match[1], TOKEN_TTL_MS);
      return;
    }
  }
}

/** Picks a session that is not cooling down (random among them), else the anonymous client. */
export async function pickSession(ctx: PhotositeContext): Promise<WebSession> {
  const cookies = parseSessionCookies(ctx.env);
  const proxies = parseProxies(ctx.env);
  if (cookies.length > 0) {
    const cooling = await ctx.store.getMany(cookies.map((_, i) => cooldownKey(i)));
    const ready = cookies.map((_, i) => i).filter((i) => !cooling[i]);
    if (ready.length > 0) {
      const index = ready[randomInt(ready.length)] ?? 0;
      const value = cookies[index] ?? "";
      return {
        index,
        cookies: value,
        csrfToken: cookieValue(value, "csrftoken") ?? (await anonymousCsrfToken(ctx)),
        proxy: proxies.length > 0 ? (proxies[index % proxies.length] ?? null) : null,
      };
    }
    ctx.log.warn(
      { sessions: cookies.length },
      "every photosite session is cooling down; calling anonymously",
    );
  }
  return {
    index: -1,
    cookies: null,
    csrfToken: await anonymousCsrfToken(ctx),
    proxy: proxies.length > 0 ? (proxies[randomInt(proxies.length)] ?? null) : null,
  };
}

/** Rests a session the platform refused (login wall, rate limit) for `seconds`. */
export async function coolDown(ctx: PhotositeContext, session: WebSession, seconds: number): Promise<void> {
  if (session.index < 0) return;
  await ctx.store.set(cooldownKey(session.index), "1", Math.max(1, Math.ceil(seconds)) * 1000);
  ctx.log.warn({ session: session.index, seconds }, "photosite session cooling down");
}
