import { ServiceError } from "@sda/core";
import { fail } from "../../errors.ts";
import type { CaptionTrack } from "../../readers/captions/caption-tracks.ts";
import { parseClassic } from "../../readers/captions/classic.ts";
import { parseJson3 } from "../../readers/captions/json3.ts";
import { type RawCue, type Segment, toSegments } from "../../readers/captions/segments.ts";
import { parseSrv3 } from "../../readers/captions/srv3.ts";
import type { UpstreamContext } from "../context.ts";
import { type CaptionFormat, captionBodyUrl, fetchCaptionBody } from "./timedtext.ts";

/** The body formats tried, in order, with their parsers. */
const FORMATS: readonly [CaptionFormat, (body: string) => RawCue[] | null][] = [
  ["json3", parseJson3],
  ["srv3", parseSrv3],
  ["classic", parseClassic],
];

/** Errors after which asking another format of the same track is pointless: the platform refuses the service. */
const STOP_CODES = new Set(["upstream_blocked", "upstream_rate_limited"]);

/** A caption track's segments and the body format they were read from. */
export interface TrackSegments {
  segments: Segment[];
  format: CaptionFormat;
}

/**
 * Fetches and parses a caption track: json3 first; when its body cannot be fetched or is unusable (not parseable, no
 * cue with text), srv3, then the classic format.
 * Source: `GET /api/timedtext` (URLs from the track's `baseUrl`, see `captionBodyUrl`).
 * @param translateTo a translation target language code (`tlang`), or undefined for the track itself.
 * @returns non-empty segments.
 * @throws ServiceError 502 `upstream_blocked`/`upstream_rate_limited` as soon as one of those is met;
 *   502 `upstream_error` (retryable) when no format gave a usable body, with `details.reason`
 *   `caption_fetch_failed` (no body could be fetched) or `caption_body_unusable` (bodies came but held no cue).
 *   Never `no_captions`: the track exists, only its body is missing.
 */
export async function fetchTrackSegments(
  ctx: UpstreamContext,
  track: CaptionTrack,
  translateTo?: string,
): Promise<TrackSegments> {
  let lastError: ServiceError | undefined;
  let fetched = 0;
  for (const [format, parse] of FORMATS) {
    let body: string;
    try {
      body = await fetchCaptionBody(ctx, captionBodyUrl(track, format, translateTo));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (STOP_CODES.has(error.code)) throw error;
      lastError = error;
      continue;
    }
    fetched++;
    const cues = parse(body);
    const segments = cues ? toSegments(cues) : [];
    if (segments.length > 0) return { segments, format };
  }
  const reason = fetched === 0 ? "caption_fetch_failed" : "caption_body_unusable";
  throw fail(
    "upstream_error",
    fetched === 0
      ? "videosite: the caption track is listed but its body could not be fetched"
      : "videosite: the caption track's body holds no usable cue",
    {
      retryAfterSeconds: 5,
      details: {
        ...(lastError?.details ?? {}),
        reason,
        languageCode: track.languageCode,
        ...(translateTo ? { translateTo } : {}),
      },
      ...(lastError ? { cause: lastError } : {}),
    },
  );
}
