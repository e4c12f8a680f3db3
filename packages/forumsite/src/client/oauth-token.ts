import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { asRecord, num, text } from "../readers/json.ts";

/**
 * The platform's app-only OAuth token (client-credentials grant), shared by every worker through Redis.
 *
 * Upstream: `POST https://www.reddit.com/api/v1/access_token` with HTTP Basic `client_id:client_secret` and the form
 * `grant_type=client_credentials`; the answer is `{ access_token, token_type: "bearer", expires_in (s), scope }`.
 * The token is stored under `<prefix>:upstream:forumsite:token:<client id>` until shortly before it expires, so the
 * first call after expiry (or after a 401) fetches a new one. One worker fetches at a time (a Redis lock); the others
 * wait for its token instead of asking for their own.
 */

/** The app's OAuth client (env `FORUMSITE_CLIENT_ID` / `FORUMSITE_CLIENT_SECRET`). */
export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

/** What the token functions need from an operation context. */
export type TokenContext = Pick<OperationContext, "http" | "store" | "signal" | "log">;

export const TOKEN_URL = "https://www.reddit.com/api/v1/access_token";
/** How long one worker may hold the fetch lock, in ms (longer than the token request's own budget). */
const LOCK_MS = 20_000;
const POLL_MS = 100;
/** Seconds before `expires_in` at which the token is no longer handed out: at most 5 minutes, 10 % of the lifetime. */
const refreshMargin = (expiresIn: number) => Math.min(300, Math.floor(expiresIn / 10));

interface StoredToken {
  accessToken: string;
  /** Epoch ms after which the token is not used any more (already minus the refresh margin). */
  usableUntil: number;
}

const tokenKey = (creds: AppCredentials) => `token:${creds.clientId}`;

async function readStored(ctx: TokenContext, key: string): Promise<StoredToken | null> {
  const raw = await ctx.store.get(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredToken;
    return typeof parsed.accessToken === "string" && parsed.usableUntil > Date.now() ? parsed : null;
  } catch {
    return null;
  }
}

function refused(message: string, details: Record<string, unknown> = {}): ServiceError {
  return fail("upstream_login_required", `forumsite: ${message}`, {
    retryAfterSeconds: 60,
    details: { reason: "oauth_token_refused", ...details },
  });
}

/**
 * Asks the platform for a new app-only token.
 * @throws ServiceError 502 `upstream_login_required` (reason `oauth_token_refused`) when the credentials are refused
 *   or the answer holds no token; transport errors as the upstream client maps them.
 */
async function requestToken(
  ctx: TokenContext,
  creds: AppCredentials,
  userAgent: string,
): Promise<{ token: string; expiresIn: number }> {
  const basic = Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString("base64");
  const response = await ctx.http.request(
    {
      url: TOKEN_URL,
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": userAgent,
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
      acceptStatus: [400, 401],
    },
    ctx.signal,
  );
  if (response.status !== 200)
    throw refused(`the OAuth client credentials were refused (${response.status})`, {
      upstreamStatus: response.status,
    });
  const answer = asRecord(response.json());
  const token = text(answer, "access_token");
  if (!token)
    throw refused(`the token endpoint answered without a token (${text(answer, "error") ?? "no error"})`);
  return { token, expiresIn: num(answer, "expires_in") ?? 3600 };
}

/**
 * The current app-only token, fetched once for all workers.
 * @param stale a token the platform just refused (401): it is dropped and a new one fetched.
 * @returns the bearer token.
 * @throws ServiceError 502 `upstream_login_required` when the platform refuses the credentials; 502
 *   `upstream_unavailable` when no token could be had within the lock time.
 */
export async function appOnlyToken(
  ctx: TokenContext,
  creds: AppCredentials,
  userAgent: string,
  stale?: string,
): Promise<string> {
  const key = tokenKey(creds);
  const lockKey = `${key}:lock`;
  const deadline = Date.now() + 2 * LOCK_MS;
  while (Date.now() < deadline) {
    const stored = await readStored(ctx, key);
    if (stored && stored.accessToken !== stale) return stored.accessToken;
    const nonce = randomBytes(8).toString("hex");
    if (await ctx.store.setIfAbsent(lockKey, nonce, LOCK_MS)) {
      try {
        // Another worker may have stored a token between our read and the lock.
        const fresh = await readStored(ctx, key);
        if (fresh && fresh.accessToken !== stale) return fresh.accessToken;
        const { token, expiresIn } = await requestToken(ctx, creds, userAgent);
        const lifetimeMs = Math.max(1, expiresIn - refreshMargin(expiresIn)) * 1000;
        const value: StoredToken = { accessToken: token, usableUntil: Date.now() + lifetimeMs };
        await ctx.store.set(key, JSON.stringify(value), lifetimeMs);
        ctx.log.info({ expiresIn }, "app-only OAuth token fetched");
        return token;
      } finally {
        if ((await ctx.store.get(lockKey)) === nonce) await ctx.store.delete(lockKey);
      }
    }
    await sleep(POLL_MS, undefined, { signal: ctx.signal });
  }
  throw fail("upstream_unavailable", "forumsite: no OAuth token could be obtained in time", {
    retryAfterSeconds: 10,
    details: { reason: "oauth_token_timeout" },
  });
}
