import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { view } from "../readers/json-view.ts";

/**
 * How the platform says "no" on its web API, mapped to service errors:
 * - rate limit: HTTP 429, or `"message": "Please wait a few minutes before you try again."` (also sent with 400/401)
 *   without `require_login`, or a GraphQL error about a rate limit → 502 `upstream_rate_limited` (retryable,
 *   `Retry-After`);
 * - login wall: `"require_login": true` (even beside "Please wait a few minutes": a retired `doc_id` answers so), `"message": "login_required"`, `checkpoint_required`,
 *   `challenge_required`, a redirect to `/accounts/login/` or `/challenge/`, or the login page's HTML where JSON was
 *   asked for → 502 `upstream_login_required` (retryable: another session or a later anonymous call may pass);
 * - not found: HTTP 404, or a 400 whose message says the user or media does not exist → the caller's 404 code.
 */

/** Seconds to wait after a rate limit when the platform sends no `Retry-After` (its "few minutes"). */
export const RATE_LIMIT_WAIT_SECONDS = 300;
/** Seconds to wait after a login wall (long enough for the session pool to rotate). */
export const LOGIN_WALL_WAIT_SECONDS = 60;

/** The platform answered that the resource does not exist; operations turn it into their own 404 code. */
export class PlatformNotFound extends Error {
  override name = "PlatformNotFound";
}

/** 502 `upstream_rate_limited` for a platform rate limit. */
export function rateLimited(message: string, retryAfterSeconds = RATE_LIMIT_WAIT_SECONDS): ServiceError {
  return fail("upstream_rate_limited", `photosite is rate limiting: ${message}`, {
    retryAfterSeconds,
  });
}

/** 502 `upstream_login_required` for a login wall or checkpoint. */
export function loginRequired(reason: string): ServiceError {
  return fail("upstream_login_required", `photosite asked for a login (${reason})`, {
    retryAfterSeconds: LOGIN_WALL_WAIT_SECONDS,
    details: { reason },
  });
}

/** Seconds of a `Retry-After` header (delta seconds or an HTTP date), else the platform's usual wait. */
function retryAfterSeconds(header: string | undefined): number {
  if (!header) return RATE_LIMIT_WAIT_SECONDS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? RATE_LIMIT_WAIT_SECONDS : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

const RATE_LIMIT_TEXT = /please wait a few minutes|rate limit|too many requests|spam/i;
const NOT_FOUND_TEXT = /not found|does not exist|doesn't exist|invalid media_id|no user|unavailable/i;
const LOGIN_KINDS = new Set([
  "login_required",
  "checkpoint_required",
  "challenge_required",
  "consent_required",
]);

/**
 * Classifies a non-2xx JSON (or HTML) answer of the web API.
 * @param status HTTP status; @param body the body text; @param retryAfter the `Retry-After` header, if any.
 * @returns the error to throw (a {@link ServiceError} or {@link PlatformNotFound}).
 */
export function classifyFailure(status: number, body: string, retryAfter?: string): Error {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // HTML (the login page) or text
  }
  const answer = view(parsed);
  const message = answer.string("message") ?? "";
  if (status === 429) return rateLimited(message || `HTTP ${status}`, retryAfterSeconds(retryAfter));
  // `require_login` wins over the text: a retired `doc_id` (or an anonymous call the platform refuses) answers 401
  // "Please wait a few minutes" WITH `require_login: true`. That is a login wall of this path, not a platform-wide
  // rate limit, so the other paths (v1, embed, page) may still answer (issue 14).
  if (
    answer.bool("require_login") === true ||
    LOGIN_KINDS.has(message) ||
    LOGIN_KINDS.has(answer.string("error_type") ?? "") ||
    (parsed === null && /<html/i.test(body))
  )
    return loginRequired(message || answer.string("error_type") || "login page");
  if (RATE_LIMIT_TEXT.test(message) || answer.bool("spam") === true)
    return rateLimited(message || `HTTP ${status}`, retryAfterSeconds(retryAfter));
  if (status === 404 || (status === 400 && NOT_FOUND_TEXT.test(message)))
    return new PlatformNotFound(message || `HTTP ${status}`);
  if (status === 401) return loginRequired(message || "HTTP 401");
  return fail("upstream_error", `photosite answered ${status}${message ? `: ${message}` : ""}`, {
    retryAfterSeconds: 5,
    details: { upstreamStatus: status },
  });
}

/**
 * Checks a GraphQL answer for errors the platform sends with HTTP 200 (`{"errors": [...]}` without data, or the
 * `require_login` body).
 * @throws ServiceError for a rate limit, a login wall, or an error answer without data.
 */
export function checkGraphqlAnswer(answer: unknown, queryName: string): void {
  const root = view(answer);
  if (root.bool("require_login") === true || LOGIN_KINDS.has(root.string("message") ?? ""))
    throw loginRequired(root.string("message") ?? "require_login");
  const errors = root.list("errors");
  if (errors.length === 0) return;
  const messages = errors.map((e) => e.string("message") ?? e.string("summary") ?? "").join("; ");
  if (RATE_LIMIT_TEXT.test(messages)) throw rateLimited(messages);
  if (/login/i.test(messages)) throw loginRequired(messages);
  if (!root.at("data").isObject())
    throw fail("upstream_error", `photosite GraphQL ${queryName} failed: ${messages}`, {
      retryAfterSeconds: 5,
      details: { query: queryName },
    });
}
