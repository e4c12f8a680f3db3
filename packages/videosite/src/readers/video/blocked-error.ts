import type { ServiceError } from "@sda/core";
import { fail } from "../../errors.ts";
import type { BlockReason } from "./playability.ts";

/**
 * How long a caller should wait after each kind of block, seconds. A bot check is answered as before (60 s); a
 * session block or captcha lasts longer on the platform's side (yt-dlp users report tens of minutes), so callers are
 * asked to come back in 15 minutes rather than hammering a blocked session.
 */
export const BLOCK_RETRY_AFTER_SECONDS: Record<BlockReason, number> = {
  bot_check: 60,
  session_block: 900,
  captcha: 900,
};

/**
 * 502 `upstream_blocked` (retryable) for a player answer that walls the service off: never a 404, the video itself is
 * not judged. `details.reason` is the block's kind.
 */
export function playerBlockedError(reason: BlockReason, message: string): ServiceError {
  const what =
    reason === "bot_check"
      ? "asked for a bot check"
      : reason === "captcha"
        ? "answered a captcha"
        : "blocked the session";
  return fail("upstream_blocked", `videosite ${what}: ${message}`, {
    retryAfterSeconds: BLOCK_RETRY_AFTER_SECONDS[reason],
    details: { reason },
  });
}
