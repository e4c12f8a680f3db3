import { audioCredits } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { fail } from "../../errors.ts";
import { playerBlockedError } from "../video/blocked-error.ts";
import { classifyPlayability } from "../video/playability.ts";
import type { PlayerInfo, VideoDetailsPart } from "../video/player-reader.ts";
import { availableLanguages, type CaptionList, hasAutoCaptions } from "./caption-tracks.ts";

/** Path of the audio transcript operation, suggested when a playable video has no caption track (SPEC §7.3). */
export const AUDIO_TRANSCRIPT_PATH = "/v1/videosite/audio-transcript";
/** Path of the caption transcript, suggested by audio-transcript errors when a caption track exists. */
export const TRANSCRIPT_PATH = "/v1/videosite/transcript";

/** Longest video the synchronous audio transcript takes (SPEC §4.2.2 rule 3, §8): 90 minutes, in seconds. */
export const AUDIO_MAX_DURATION_SECONDS = 90 * 60;

/** The caption diagnostics every captions 404 carries (SPEC §7.3): `availableLanguages`, `hasAutoCaptions`. */
function captionDetails(captions: CaptionList) {
  return { availableLanguages: availableLanguages(captions), hasAutoCaptions: hasAutoCaptions(captions) };
}

/**
 * Checks that a player answer describes a video whose captions can be served.
 * @returns the video's details.
 * @throws ServiceError 502 `upstream_blocked` (retryable) for a bot check: the wall is against the service, not a
 *   property of the video.
 * @throws ServiceError 404 `video_unavailable` with `details.reason` (private, members_only, premium_only,
 *   age_restricted, geo_blocked, live_offline, live_recording_unavailable, removed, unavailable, …),
 *   `availableLanguages` and `hasAutoCaptions`; no suggestion block.
 */
export function requirePlayableVideo(player: PlayerInfo, videoId: string): VideoDetailsPart {
  const verdict = classifyPlayability(player);
  if (verdict.kind === "blocked") throw playerBlockedError(verdict.reason, verdict.message);
  if (verdict.kind === "unavailable" || player.details === null)
    throw fail(
      "video_unavailable",
      verdict.kind === "unavailable" ? verdict.message : "the video is not available",
      {
        details: {
          videoId,
          reason: verdict.kind === "unavailable" ? verdict.reason : "unavailable",
          ...captionDetails(player.captions),
        },
      },
    );
  return player.details;
}

/**
 * The `suggestion` block of a captions 404: the audio transcript operation with its estimate `ceil(lengthSeconds /
 * 60) × 2` credits (SPEC §2.4) — or, for a video over its 90-minute cap, a block that says the audio transcript cannot
 * take it (no endpoint to call, no estimate), instead of suggesting a call that would fail `duration_too_long`.
 */
function audioSuggestion(seconds: number) {
  if (seconds > AUDIO_MAX_DURATION_SECONDS)
    return {
      endpoint: null,
      reason: "duration_too_long",
      message: `the video is ${Math.ceil(seconds / 60)} minutes long; the audio transcript takes videos up to ${AUDIO_MAX_DURATION_SECONDS / 60} minutes`,
      durationSeconds: seconds,
      maxDurationSeconds: AUDIO_MAX_DURATION_SECONDS,
    };
  return { endpoint: AUDIO_TRANSCRIPT_PATH, estimatedCredits: audioCredits(seconds) };
}

/**
 * 404 `no_captions` (reason `no_tracks`) for a playable video without any caption track. When the video is not live
 * or upcoming and its length is known, a `suggestion` block says whether the audio transcript can take it (see
 * {@link audioSuggestion}).
 */
export function noCaptionsError(video: VideoDetailsPart, captions: CaptionList): ServiceError {
  const live = video.isLive || video.isUpcoming;
  const seconds = video.lengthSeconds ?? 0;
  return fail("no_captions", "the video has no caption track", {
    details: {
      videoId: video.videoId,
      reason: "no_tracks",
      ...captionDetails(captions),
      ...(!live && seconds > 0 ? { suggestion: audioSuggestion(seconds) } : {}),
    },
  });
}

/**
 * 404 `language_not_available` (reason `no_matching_track`): tracks exist, but none in the requested language and
 * no machine translation to it.
 */
export function languageNotAvailableError(
  video: VideoDetailsPart,
  captions: CaptionList,
  language: string,
): ServiceError {
  const details = captionDetails(captions);
  return fail(
    "language_not_available",
    `no caption track in ${language}; available: ${details.availableLanguages.join(", ") || "none"}`,
    {
      details: {
        videoId: video.videoId,
        reason: "no_matching_track",
        requestedLanguage: language,
        ...details,
      },
    },
  );
}
