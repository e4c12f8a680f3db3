import type { PlayerInfo } from "./player-reader.ts";

/**
 * Why a video cannot be served (the `reason` of a 404 `video_unavailable`, SPEC §7.3), one short machine word:
 * - `private`: the owner made it private;
 * - `members_only`: channel-membership content;
 * - `premium_only`: Premium / Music Premium content;
 * - `age_restricted`: needs a signed-in adult;
 * - `geo_blocked`: not available in the service's country;
 * - `live_offline`: a scheduled live stream or premiere that has not started;
 * - `live_recording_unavailable`: an ended live stream whose recording is not kept;
 * - `removed`: taken down (terms, copyright, terminated account);
 * - `content_check_required`: behind a content warning the platform wants a person to confirm;
 * - `login_required`: another sign-in wall;
 * - `unavailable`: does not exist, or the platform gives no more precise reason.
 */
export type UnavailableReason =
  | "private"
  | "members_only"
  | "premium_only"
  | "age_restricted"
  | "geo_blocked"
  | "live_offline"
  | "live_recording_unavailable"
  | "removed"
  | "content_check_required"
  | "login_required"
  | "unavailable";

/**
 * Why the platform walls the service off (the `reason` of a 502 `upstream_blocked`):
 * - `bot_check`: "Sign in to confirm you're not a bot" and similar;
 * - `session_block`: "This content isn't available, try again later": the session (IP, visitor) is blocked for a while;
 * - `captcha`: the captcha screen (`errorScreen.playerCaptchaViewModel`).
 */
export type BlockReason = "bot_check" | "session_block" | "captcha";

/** What a player answer says about serving the video. */
export type PlayabilityVerdict =
  | { kind: "playable" }
  /** A bot check, session block or captcha against the service, not a property of the video: retryable 502. */
  | { kind: "blocked"; reason: BlockReason; message: string }
  | { kind: "unavailable"; reason: UnavailableReason; message: string };

// Ordered rules over the status's texts. Bot walls come first because they arrive as LOGIN_REQUIRED too; "Premium"
// before "members" because Premium texts say "only available to Music Premium members".
const BOT_CHECK = /not a bot|unusual traffic|protect our community|automated queries/i;
// The rate-limit answer of a blocked session (yt-dlp and NewPipe meet it since 2025): "This content isn't available,
// try again later." It names no property of the video; the same video plays for another session.
const SESSION_BLOCK = /content isn.t available,? try again later/i;
const TEXT_RULES: readonly [RegExp, UnavailableReason][] = [
  [/\bprivate\b/i, "private"],
  [/\bpremium\b/i, "premium_only"],
  [/\bmembers?\b|join this channel/i, "members_only"],
  [/inappropriate for some users|age[- ]restricted|confirm your age|age verification/i, "age_restricted"],
  [/\bcountry\b|your location|region/i, "geo_blocked"],
  [/recording is not available|live stream recording/i, "live_recording_unavailable"],
  [/\bremoved\b|terminated|violat|copyright claim|no longer available/i, "removed"],
];

/**
 * Classifies a player answer from its real `playabilityStatus` fields (status, reason, messages, error screen).
 * Source: `/player` → `playabilityStatus`.
 *
 * - `OK` → playable (also an answer with `videoDetails` and no status at all).
 * - The captcha screen, a bot check ("Sign in to confirm you're not a bot") or a session block ("This content isn't
 *   available, try again later") → blocked, whatever its status.
 * - `LIVE_STREAM_OFFLINE` → `live_offline`; `AGE_CHECK_REQUIRED`/`AGE_VERIFICATION_REQUIRED` or an age-gate marker →
 *   `age_restricted`; `CONTENT_CHECK_REQUIRED` → `content_check_required`.
 * - Otherwise the texts decide (private, premium, members, age, country, ended live, removed); an unexplained
 *   `LOGIN_REQUIRED` is `login_required`, anything else `unavailable`.
 * - An empty answer (`{}`: what the platform returns for ids that do not exist) → `unavailable`.
 */
export function classifyPlayability(player: PlayerInfo): PlayabilityVerdict {
  const { status, texts, ageGate, reason } = player.playability;
  const joined = texts.join(" \n ");
  const message = reason ?? texts[0] ?? "the video is not available";
  if (player.playability.captcha) return { kind: "blocked", reason: "captcha", message };
  if (BOT_CHECK.test(joined)) return { kind: "blocked", reason: "bot_check", message };
  if (SESSION_BLOCK.test(joined)) return { kind: "blocked", reason: "session_block", message };
  if (status === "OK" || (status === null && player.details !== null)) return { kind: "playable" };
  if (status === null)
    return { kind: "unavailable", reason: "unavailable", message: "the video does not exist" };
  if (status === "LIVE_STREAM_OFFLINE") return { kind: "unavailable", reason: "live_offline", message };
  if (status === "AGE_CHECK_REQUIRED" || status === "AGE_VERIFICATION_REQUIRED" || ageGate)
    return { kind: "unavailable", reason: "age_restricted", message };
  if (status === "CONTENT_CHECK_REQUIRED")
    return { kind: "unavailable", reason: "content_check_required", message };
  for (const [pattern, ruleReason] of TEXT_RULES)
    if (pattern.test(joined)) return { kind: "unavailable", reason: ruleReason, message };
  return {
    kind: "unavailable",
    reason: status === "LOGIN_REQUIRED" ? "login_required" : "unavailable",
    message,
  };
}
