import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { parse as parseCookies } from "cookie";
import type { Request, Response } from "express";
import type { DashboardDeps } from "./deps.ts";
import { dashboardEnv } from "./env.ts";

/** Name of the session cookie (httpOnly, SameSite=Lax, Secure when the request came over https). */
export const SESSION_COOKIE = "sda_session";

/**
 * Lifetime of a signed-out session, in seconds (sliding): long enough to fill in a form, short enough that cookie-less
 * visitors cannot pile up week-long keys (issue 21 #7: every cookie-less `GET /sign-in` wrote a 7-day key). Their
 * creation is also limited per address (`LoginLimiter.admitAnonymousSession`).
 */
export const ANONYMOUS_SESSION_TTL_SECONDS = 3600;

/**
 * A dashboard session, kept in Redis under the SHA-256 of its token with a sliding TTL
 * (`DASHBOARD_SESSION_TTL_SECONDS` when signed in, {@link ANONYMOUS_SESSION_TTL_SECONDS} when not). Every visitor of a
 * form gets one (signed out: `accountId` null) so each form can carry the session's CSRF token (synchronizer-token
 * pattern); signing in or up replaces it with a new token and a new CSRF token, so a token planted before sign-in is
 * worthless after.
 */
export interface Session {
  /** The raw token (only in the cookie and in memory; Redis holds its hash). */
  token: string;
  accountId: string | null;
  email: string | null;
  /** Random per-session CSRF token every form posts back as `_csrf`. */
  csrf: string;
}

type StoredSession = Omit<Session, "token">;

/** The sliding lifetime of a session, in seconds. */
function ttlOf(deps: DashboardDeps, session: Pick<Session, "accountId">): number {
  return session.accountId
    ? dashboardEnv.of(deps.config).DASHBOARD_SESSION_TTL_SECONDS
    : ANONYMOUS_SESSION_TTL_SECONDS;
}

function redisKey(deps: DashboardDeps, token: string): string {
  const hash = createHash("sha256").update(token).digest("hex");
  return `${deps.config.QUEUE_PREFIX}:dashboard:session:${hash}`;
}

/** The session named by the request's cookie, or null (absent, expired, malformed); renews its TTL. */
export async function loadSession(deps: DashboardDeps, req: Request): Promise<Session | null> {
  const header = req.get("cookie");
  if (!header) return null;
  let token: string | undefined;
  try {
    token = parseCookies(header)[SESSION_COOKIE];
  } catch {
    return null;
  }
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const key = redisKey(deps, token);
  const raw = await deps.redis.get(key);
  if (!raw) return null;
  let stored: StoredSession;
  try {
    stored = JSON.parse(raw) as StoredSession;
  } catch {
    return null;
  }
  const session = {
    token,
    accountId: stored.accountId ?? null,
    email: stored.email ?? null,
    csrf: stored.csrf,
  };
  await deps.redis.expire(key, ttlOf(deps, session));
  return session;
}

/**
 * Starts a new session (replacing `previous`, if any) and sets its cookie.
 * @param account the signed-in account, or null for a signed-out visitor.
 */
export async function startSession(
  deps: DashboardDeps,
  req: Request,
  res: Response,
  account: { id: string; email: string | null } | null,
  previous: Session | null,
): Promise<Session> {
  if (previous) await deps.redis.del(redisKey(deps, previous.token));
  const session: Session = {
    token: randomBytes(32).toString("base64url"),
    accountId: account?.id ?? null,
    email: account?.email ?? null,
    csrf: randomBytes(32).toString("base64url"),
  };
  const stored: StoredSession = { accountId: session.accountId, email: session.email, csrf: session.csrf };
  await deps.redis.set(redisKey(deps, session.token), JSON.stringify(stored), "EX", ttlOf(deps, session));
  setSessionCookie(deps, req, res, session);
  return session;
}

/** Sets (or renews, so cookie and Redis TTL slide together) the session cookie. */
export function setSessionCookie(deps: DashboardDeps, req: Request, res: Response, session: Session) {
  // The dashboard sets no other cookie: a later decision (new session, sign-out) replaces an earlier renewal.
  res.removeHeader("Set-Cookie");
  res.cookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    secure: req.secure,
    path: "/dashboard",
    maxAge: ttlOf(deps, session) * 1000,
  });
}

/** Ends the session in Redis and clears its cookie. */
export async function endSession(deps: DashboardDeps, req: Request, res: Response, session: Session | null) {
  if (session) await deps.redis.del(redisKey(deps, session.token));
  res.removeHeader("Set-Cookie");
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: req.secure,
    path: "/dashboard",
  });
}

/** True when `given` (a form's `_csrf`) is the session's CSRF token (constant-time comparison). */
export function csrfMatches(session: Session | null, given: unknown): boolean {
  if (!session || typeof given !== "string") return false;
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
