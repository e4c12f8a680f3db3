import type { OperationContext, UpstreamResponse } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import type { ForumsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import { isBlockPage } from "./block-page.ts";
import { type Egress, hasOtherProxy, pickEgress } from "./egress.ts";
import { unescapeAnswer } from "./escaping.ts";
import { type AppCredentials, appOnlyToken } from "./oauth-token.ts";
import {
  awaitCredential,
  BLOCKED_REASON,
  pauseCredential,
  readRateLimit,
  recordRateLimit,
} from "./rate-limit.ts";

/**
 * The forum platform's JSON API, reached one of two ways:
 * - **OAuth app-only** when `FORUMSITE_CLIENT_ID` and `FORUMSITE_CLIENT_SECRET` are set: `https://oauth.reddit.com<path>`
 *   with `Authorization: bearer <token>` (see `oauth-token.ts`);
 * - **public** otherwise: `https://www.reddit.com<path>.json`, no credentials.
 * Both send `raw_json=1` (strings as written); an answer that comes back entity-escaped anyway is decoded (see
 * `escaping.ts`). Every answer's budget headers feed the shared rate-limit pause (see `rate-limit.ts`). Requests leave
 * directly or through `FORUMSITE_PROXIES` (see `egress.ts`); the platform's 403 block page rests that address for
 * `FORUMSITE_BLOCK_COOLDOWN_SECONDS` (every worker honours it, as after a 429) and the call moves to another proxy.
 */

/** What the client needs from an operation context. */
export type ForumContext = Pick<OperationContext<ForumsiteEnv>, "http" | "store" | "signal" | "log" | "env">;

/** How the platform was reached: the first word of every forumsite `X-Service-Source`. */
export type ForumVia = "oauth" | "public";

/** An answer the caller interprets: 2xx, a redirect, or the platform's 403/404 error objects. */
export interface ForumAnswer {
  status: number;
  /** The parsed body with the entity escaping undone; null when the body is not JSON (an HTML error page). */
  json: unknown;
  /** `Location` of a redirect, else null. */
  location: string | null;
  /** The first bytes of the body, for error details when it is not JSON. */
  snippet: string;
}

/** Query parameters; undefined and null values are left out. */
export type Query = Record<string, string | number | boolean | undefined | null>;

const OAUTH_ORIGIN = "https://oauth.reddit.com";
const PUBLIC_ORIGIN = "https://www.reddit.com";
/** Statuses handed back to the caller instead of being mapped to `upstream_*` errors by the HTTP client. */
const INTERPRETED = [301, 302, 303, 307, 308, 401, 403, 404, 429] as const;

function credentialsOf(ctx: ForumContext): AppCredentials | null {
  const { FORUMSITE_CLIENT_ID: clientId, FORUMSITE_CLIENT_SECRET: clientSecret } = ctx.env;
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

function headerValue(response: UpstreamResponse, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Platform hosts whose redirects are followed. */
const SITE_HOST = /(?:^|\.)reddit\.com$/i;
/** Paths a followed redirect may lead to: other resources of the API (a renamed or re-cased subreddit, a moved post). */
const RESOURCE_PATH = /^\/(?:r|comments|user|api)\//i;

/**
 * The URL to follow for a redirect answer to a GET: another resource path on the platform's hosts, with `raw_json=1`
 * kept. Null for anything else, in particular the redirect of an unknown subreddit to `/subreddits/search` (read as
 * "not found" by `platformError`) and redirects to login or interstitial pages.
 */
function followableRedirect(method: string, response: UpstreamResponse, from: string): string | null {
  if (method !== "GET" || response.status < 300 || response.status >= 400) return null;
  const location = headerValue(response, "location");
  if (!location) return null;
  const target = new URL(location, from);
  if (!SITE_HOST.test(target.hostname) || !RESOURCE_PATH.test(target.pathname)) return null;
  target.searchParams.set("raw_json", "1");
  return target.toString();
}

/** The platform's JSON API for one operation call (see the module comment). */
export class ForumClient {
  readonly via: ForumVia;
  readonly #ctx: ForumContext;
  readonly #creds: AppCredentials | null;
  /** Identity without a proxy: the OAuth client, or `public` (the server's address). */
  readonly #base: string;
  /** The address of this call's requests, chosen at its first request (see `egress.ts`). */
  #egress: Egress | null = null;

  constructor(ctx: ForumContext) {
    this.#ctx = ctx;
    this.#creds = credentialsOf(ctx);
    this.via = this.#creds ? "oauth" : "public";
    this.#base = this.#creds ? `oauth:${this.#creds.clientId}` : "public";
  }

  /** The rate-limit identity: the OAuth client's budget is the client's; public budgets are per address. */
  #credential(egress: Egress): string {
    return this.#creds ? this.#base : egress.credential;
  }

  async #currentEgress(): Promise<Egress> {
    this.#egress ??= await pickEgress(this.#ctx, this.#base);
    return this.#egress;
  }

  /** Waits out (or refuses on) the pauses of the budget and of the address. */
  async #awaitEgress(egress: Egress): Promise<void> {
    await awaitCredential(this.#ctx, this.#credential(egress));
    if (egress.credential !== this.#credential(egress)) await awaitCredential(this.#ctx, egress.credential);
  }

  /** Rests the address after a block page. @returns the 502 `upstream_blocked` to throw when no other proxy is left. */
  async #blocked(response: UpstreamResponse, egress: Egress): Promise<ServiceError> {
    const retryAfter = Number(headerValue(response, "retry-after"));
    const seconds =
      Number.isFinite(retryAfter) && retryAfter > 0
        ? retryAfter
        : this.#ctx.env.FORUMSITE_BLOCK_COOLDOWN_SECONDS;
    await pauseCredential(this.#ctx, egress.credential, seconds, BLOCKED_REASON);
    return fail("upstream_blocked", "forumsite answered its block page (403)", {
      retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
      details: { upstreamStatus: 403, reason: "blocked", via: this.via },
    });
  }

  /**
   * `GET <path>` (a path of the OAuth API such as `/r/golang/about`; the public form adds `.json`).
   * @returns the answer for 2xx, redirects (not followed) and 401/403/404 (see {@link ForumAnswer}).
   * @throws ServiceError 502 `upstream_rate_limited` (paused credential or 429), `upstream_login_required` (token
   *   refused), and the HTTP client's `upstream_*` errors for other statuses and transport failures.
   */
  get(path: string, query: Query = {}): Promise<ForumAnswer> {
    return this.#send("GET", path, query, undefined);
  }

  /** `POST <path>` with a form body (e.g. `/api/morechildren`); same answers and errors as {@link get}. */
  postForm(path: string, form: Record<string, string>): Promise<ForumAnswer> {
    return this.#send("POST", path, {}, new URLSearchParams(form).toString());
  }

  /**
   * Reads where a web link redirects without following it (share links `/r/<sub>/s/<id>` answer 301 with the post's
   * permalink). Sent to `www.reddit.com` without credentials, like a browser.
   * @returns the `Location`, or null when the link does not redirect (an unknown share id answers 404 or 200).
   */
  async redirectOf(path: string): Promise<string | null> {
    const egress = await pickEgress(this.#ctx, "public");
    await awaitCredential(this.#ctx, egress.credential);
    const response = await this.#ctx.http.request(
      {
        url: `${PUBLIC_ORIGIN}${path}`,
        headers: { "user-agent": this.#ctx.env.FORUMSITE_USER_AGENT },
        followRedirects: false,
        acceptStatus: [...INTERPRETED],
        ...(egress.proxy ? { proxy: egress.proxy } : {}),
      },
      this.#ctx.signal,
    );
    await recordRateLimit(this.#ctx, egress.credential, response.headers);
    if (response.status === 429) throw await this.#rateLimited(response, egress.credential);
    if (isBlockPage(response.status, response.text())) throw await this.#blocked(response, egress);
    return response.status >= 300 && response.status < 400 ? headerValue(response, "location") : null;
  }

  #url(path: string, query: Query): string {
    const isApi = path.startsWith("/api/");
    const base =
      this.via === "oauth" ? `${OAUTH_ORIGIN}${path}` : `${PUBLIC_ORIGIN}${path}${isApi ? "" : ".json"}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== null) params.set(key, String(value));
    params.set("raw_json", "1");
    return `${base}?${params.toString()}`;
  }

  async #headers(stale?: string): Promise<{ headers: Record<string, string>; token: string | null }> {
    const headers: Record<string, string> = {
      "user-agent": this.#ctx.env.FORUMSITE_USER_AGENT,
      accept: "application/json",
    };
    if (!this.#creds) return { headers, token: null };
    const token = await appOnlyToken(this.#ctx, this.#creds, headers["user-agent"] as string, stale);
    headers.authorization = `bearer ${token}`;
    return { headers, token };
  }

  async #rateLimited(response: UpstreamResponse, credential: string): Promise<ServiceError> {
    const retryAfter = Number(headerValue(response, "retry-after"));
    const seconds =
      readRateLimit(response.headers)?.resetSeconds ?? (Number.isFinite(retryAfter) ? retryAfter : 60);
    await pauseCredential(this.#ctx, credential, seconds, "http_429");
    return fail("upstream_rate_limited", "forumsite is rate limiting (429)", {
      retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
      details: { upstreamStatus: 429 },
    });
  }

  async #send(
    method: "GET" | "POST",
    path: string,
    query: Query,
    form: string | undefined,
  ): Promise<ForumAnswer> {
    let url = this.#url(path, query);
    let stale: string | undefined;
    let redirected = false;
    let egress = await this.#currentEgress();
    const blockedProxies = new Set<number>();
    for (;;) {
      await this.#awaitEgress(egress);
      const { headers, token } = await this.#headers(stale);
      if (form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
      const response = await this.#ctx.http.request(
        {
          url,
          method,
          headers,
          body: form,
          followRedirects: false,
          acceptStatus: [...INTERPRETED],
          ...(egress.proxy ? { proxy: egress.proxy } : {}),
        },
        this.#ctx.signal,
      );
      const credential = this.#credential(egress);
      await recordRateLimit(this.#ctx, credential, response.headers);
      if (response.status === 429) throw await this.#rateLimited(response, credential);
      if (isBlockPage(response.status, response.text())) {
        const blocked = await this.#blocked(response, egress);
        blockedProxies.add(egress.index);
        // Rotation on block: the same request again through a proxy not blocked yet (each proxy once per call).
        if (egress.index < 0 || !hasOtherProxy(this.#ctx, blockedProxies)) throw blocked;
        egress = await pickEgress(this.#ctx, this.#base, blockedProxies);
        this.#egress = egress;
        continue;
      }
      if (response.status === 401) {
        // An expired or revoked token: drop it and fetch a new one, once.
        if (token && stale === undefined) {
          stale = token;
          continue;
        }
        throw fail("upstream_login_required", "forumsite refused the request as unauthorised (401)", {
          retryAfterSeconds: 60,
          details: { upstreamStatus: 401, via: this.via },
        });
      }
      const target = followableRedirect(method, response, url);
      if (target && !redirected) {
        redirected = true;
        url = target;
        continue;
      }
      return this.#answer(response);
    }
  }

  #answer(response: UpstreamResponse): ForumAnswer {
    const body = response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      if (response.status >= 200 && response.status < 300)
        throw fail("upstream_error", "forumsite answered a body that is not JSON", {
          retryAfterSeconds: 5,
          details: { upstreamStatus: response.status },
        });
    }
    return {
      status: response.status,
      json: parsed === null ? null : unescapeAnswer(parsed, true).json,
      location: headerValue(response, "location"),
      snippet: body.slice(0, 300),
    };
  }
}
