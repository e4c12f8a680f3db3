import { ERROR_CODES, isServiceError } from "@sda/core";

/**
 * Why a strategy failed, as the chain acts on it:
 * - `not_found`: the resource's truth (deleted, private, no captions): the chain stops and answers it;
 * - `fatal`: the caller's input or a state no other strategy changes (bad parameter, made-for-kids refusal): stops;
 * - `blocked`: the source refused the service (403, session block, captcha): next strategy, the source's circuit opens;
 * - `rate_limited`: the source asked to slow down (429): next strategy, the source's circuit opens;
 * - `login_wall`: the source wants a login for this path: next strategy;
 * - `po_token_required`: the source wants a proof-of-origin token the service has not got: next strategy;
 * - `transient`: a timeout, 5xx or broken answer: next strategy.
 */
export type FailureClass =
  | "not_found"
  | "blocked"
  | "rate_limited"
  | "login_wall"
  | "po_token_required"
  | "transient"
  | "fatal";

/** Classes that end the chain: the answer is the resource's truth, another source would say the same. */
export const STOPPING_CLASSES: ReadonlySet<FailureClass> = new Set(["not_found", "fatal"]);

/** Classes that open the failing strategy's source circuit (the source is refusing the service as a whole). */
export const CIRCUIT_CLASSES: ReadonlySet<FailureClass> = new Set(["blocked", "rate_limited"]);

/** `audio_extract_failed` reasons (SPEC §7.4) and the class each one is. */
const AUDIO_REASONS: Record<string, FailureClass> = {
  blocked_rate: "blocked",
  extract_timeout: "transient",
  extractor_unavailable: "transient",
  no_audio_format: "transient",
  restricted: "fatal",
  live_unavailable: "fatal",
};

/**
 * The default classification of a strategy's error, from the {@link ServiceError} code (and `details.reason`):
 * 404/403 resource codes → `not_found`; `upstream_blocked` → `blocked` (or `po_token_required` / `login_wall` by
 * reason); `upstream_rate_limited` → `rate_limited`; `upstream_login_required` → `login_wall`; other 5xx →
 * `transient`; other 4xx → `fatal`. An abort (the job's signal) is `fatal`; any other thrown value is `transient`.
 */
export function classifyError(error: unknown): FailureClass {
  if (!isServiceError(error)) {
    if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
      return "fatal";
    return "transient";
  }
  const reason = typeof error.details.reason === "string" ? error.details.reason : undefined;
  if (reason === "po_token_required") return "po_token_required";
  switch (error.code) {
    case "upstream_blocked":
      return reason === "login_required" ? "login_wall" : "blocked";
    case "upstream_rate_limited":
    case "rate_limited":
      return "rate_limited";
    case "upstream_login_required":
      return "login_wall";
    case "audio_extract_failed":
      return AUDIO_REASONS[reason ?? ""] ?? "transient";
    default: {
      const status = ERROR_CODES[error.code].status;
      if (status === 404 || status === 403) return "not_found";
      return status >= 500 ? "transient" : "fatal";
    }
  }
}

/** How relevant a failure is as the chain's answer when every strategy failed: higher wins. */
export const FAILURE_RELEVANCE: Record<FailureClass, number> = {
  not_found: 7,
  fatal: 6,
  blocked: 5,
  rate_limited: 4,
  login_wall: 3,
  po_token_required: 2,
  transient: 1,
};
