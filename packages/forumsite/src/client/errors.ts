import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { asRecord, text } from "../readers/json.ts";
import type { ForumAnswer } from "./client.ts";

/**
 * Maps the platform's refusals to the service's error codes. The platform answers a missing, private, quarantined or
 * banned resource with a small JSON object: `{"message": "Not Found", "error": 404}`, `{"reason": "private",
 * "message": "Forbidden", "error": 403}`, `{"reason": "quarantined", "quarantine_message": …, "error": 403}`,
 * `{"reason": "banned", "error": 404}`; an unknown subreddit's listing redirects to `/subreddits/search`. Only those
 * recognised shapes become "not found"/"private" answers; anything else (an HTML block page, an unknown body) is a
 * retryable upstream failure, so a proxy or test-double answer is never taken for the platform's word.
 */

/** What was asked for, so an error can name it. */
export type ForumResource =
  | { kind: "subreddit"; name: string }
  | { kind: "post"; id: string }
  | { kind: "search"; subreddit: string | null };

const PRIVATE_REASONS = new Set(["private", "gold_only"]);
const QUARANTINE_REASONS = new Set(["quarantined", "gated"]);

function describe(resource: ForumResource): string {
  if (resource.kind === "subreddit") return `r/${resource.name}`;
  if (resource.kind === "post") return `post ${resource.id}`;
  return resource.subreddit ? `r/${resource.subreddit}` : "search";
}

function notFound(resource: ForumResource, reason: string | null): ServiceError {
  const details = { ...(reason ? { reason } : {}) };
  if (resource.kind === "post")
    return fail("post_not_found", `post ${resource.id} does not exist or was deleted`, {
      details,
    });
  const name = resource.kind === "subreddit" ? resource.name : resource.subreddit;
  return fail(
    "subreddit_not_found",
    reason === "banned" ? `r/${name} is banned` : `r/${name} does not exist`,
    { details: { ...details, subreddit: name } },
  );
}

function unrecognised(answer: ForumAnswer, resource: ForumResource): ServiceError {
  const replay = asRecord(answer.json)?.replay === "no_match" ? { replay: "no_match" } : {};
  if (answer.status === 403)
    return fail("upstream_blocked", `forumsite refused the request for ${describe(resource)} (403)`, {
      retryAfterSeconds: 60,
      details: { upstreamStatus: 403 },
    });
  return fail(
    "upstream_error",
    `forumsite answered ${answer.status} for ${describe(resource)} in a form this service does not know`,
    {
      retryAfterSeconds: 5,
      details: { upstreamStatus: answer.status, ...replay },
    },
  );
}

/** True for the platform's own error object (`error` is the status number, or a `reason` is given). */
function isPlatformError(json: unknown, status: number): boolean {
  const body = asRecord(json);
  return body !== null && (body.error === status || typeof body.reason === "string");
}

/**
 * The error for an answer that is not a success.
 * @param answer a redirect, 403 or 404 answer of {@link ForumClient}.
 * @returns 404 `subreddit_not_found` / `post_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, or a
 *   retryable 502 (`upstream_blocked`, `upstream_error`) for answers that are not the platform's error objects.
 */
export function platformError(answer: ForumAnswer, resource: ForumResource): ServiceError {
  if (answer.status >= 300 && answer.status < 400) {
    const target = answer.location ? new URL(answer.location, "https://www.reddit.com").pathname : "";
    if (resource.kind !== "post" && /^\/subreddits\/search/.test(target)) return notFound(resource, null);
    return fail("upstream_error", `forumsite redirected ${describe(resource)} to ${target}`, {
      retryAfterSeconds: 5,
      details: { upstreamStatus: answer.status },
    });
  }
  if (!isPlatformError(answer.json, answer.status)) return unrecognised(answer, resource);
  const body = asRecord(answer.json);
  const reason = text(body, "reason");
  if (answer.status === 404) return notFound(resource, reason);
  if (answer.status === 403 && reason && PRIVATE_REASONS.has(reason))
    return fail(
      "subreddit_private",
      resource.kind === "post" ? "the post's subreddit is private" : `${describe(resource)} is private`,
      { details: { reason } },
    );
  if (answer.status === 403 && reason && QUARANTINE_REASONS.has(reason))
    return fail(
      "subreddit_quarantined",
      resource.kind === "post"
        ? "the post's subreddit is quarantined"
        : `${describe(resource)} is quarantined: the platform shows it only to logged-in users who opt in`,
      {
        details: {
          reason,
          quarantineMessage: text(body, "quarantine_message") ?? text(body, "interstitial_warning_message"),
        },
      },
    );
  if (answer.status === 403 && reason === "banned") return notFound(resource, reason);
  return unrecognised(answer, resource);
}

/**
 * The JSON of a successful answer.
 * @throws the {@link platformError} of any other answer.
 */
export function okJson(answer: ForumAnswer, resource: ForumResource): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.json;
  throw platformError(answer, resource);
}
