/**
 * The videosite (video platform) package: the innertube client, typed readers of its answers, caption parsing, and
 * the videosite operations. Other videosite operations (comments, audio transcript, summary) reuse the pieces
 * exported here.
 */
import type { OperationDefinition } from "@sda/core";
import { audioTranscriptOperation } from "./operations/audio-transcript.ts";
import { summarizeOperation } from "./operations/summarize.ts";
import { transcriptOperation } from "./operations/transcript.ts";
import { videoDetailsOperation } from "./operations/video-details.ts";

export {
  AUDIO_TRANSCRIPT_PATH,
  languageNotAvailableError,
  noCaptionsError,
  requirePlayableVideo,
} from "./captions/errors.ts";
export { fetchTrackSegments, type TrackSegments } from "./captions/fetch-segments.ts";
export { joinSegments, type Segment, toSegments } from "./captions/segments.ts";
export { selectTrack, type TrackChoice } from "./captions/track-selection.ts";
export { buildVideoDetails, type VideoDetailsResult } from "./details/build-details.ts";
export {
  availableLanguages,
  type CaptionList,
  type CaptionTrack,
  hasAutoCaptions,
  readCaptionList,
  type TranslationLanguage,
} from "./innertube/caption-tracks.ts";
export { watchUrl } from "./innertube/config.ts";
export type { UpstreamContext } from "./innertube/context.ts";
export { fetchNext } from "./innertube/next.ts";
export { type NextInfo, readNext } from "./innertube/next-reader.ts";
export {
  classifyPlayability,
  type PlayabilityVerdict,
  type UnavailableReason,
} from "./innertube/playability.ts";
export { fetchAndroidPlayer, fetchWebMicroformat, type PlayerFetch } from "./innertube/player.ts";
export {
  type Microformat,
  type PlayerInfo,
  readPlayer,
  type Thumbnail,
  type VideoDetailsPart,
} from "./innertube/player-reader.ts";
export { type MediaFormat, readStreamingData, type StreamingData } from "./innertube/streaming-reader.ts";
export { type CaptionFormat, captionBodyUrl } from "./innertube/timedtext.ts";
export { fetchWatchPage, readWatchPage } from "./innertube/watch-page.ts";
export { languageParam, normalizeLanguageTag } from "./language.ts";
export {
  AUDIO_MAX_DURATION_SECONDS,
  type AudioTranscriptResult,
  audioTranscriptOperation,
  getAudioTranscript,
  pickAudioFormat,
  VIDEOSITE_MEDIA_CIRCUIT,
} from "./operations/audio-transcript.ts";
export { getSummary, type SummaryResult, summarizeOperation } from "./operations/summarize.ts";
export { getTranscript, type TranscriptResult, transcriptOperation } from "./operations/transcript.ts";
export { getVideoDetails, videoDetailsOperation } from "./operations/video-details.ts";
export { parseVideoId, type VideoUrl, type VideoUrlParse, videoUrlParam } from "./video-url.ts";

/** Every videosite operation, for the registry (`packages/catalog`). */
export const videositeOperations: readonly OperationDefinition[] = [
  transcriptOperation,
  videoDetailsOperation,
  audioTranscriptOperation,
  summarizeOperation,
];
