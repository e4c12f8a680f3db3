/**
 * The videosite (video platform) package: the innertube client, typed readers of its answers, caption parsing, and
 * the videosite operations (transcript, video details, comments and replies, channel details, channel videos and
 * shorts, playlist videos and details, search, audio transcript, summary). Other platforms reuse pieces exported
 * here.
 */

export { fetchTrackSegments, type TrackSegments } from "./client/captions/fetch-segments.ts";
export { type CaptionFormat, captionBodyUrl } from "./client/captions/timedtext.ts";
export type { UpstreamContext } from "./client/context.ts";
export {
  ANDROID,
  type InnertubeClient,
  PLAYER_CLIENTS,
  resolveClients,
  VISIONOS,
  videositeIdentitiesSchema,
} from "./client/innertube/clients.ts";
export { fetchNext } from "./client/innertube/next.ts";
export {
  fetchAndroidPlayer,
  fetchClientPlayer,
  fetchWebMicroformat,
  type PlayerFetch,
} from "./client/innertube/player.ts";
export { needsPoToken, PoTokenProvider, withPoToken } from "./client/innertube/po-token.ts";
export { audioSourceHealth, videositeAudioSources } from "./client/strategies/audio-sources.ts";
export { ProxyPool, parseVideositeProxies, proxiedHttp } from "./client/strategies/proxy-pool.ts";
export { type ChainContext, type VideositeRuntime, videositeRuntime } from "./client/strategies/runtime.ts";
export { runTranscriptChain, TRANSCRIPT_STRATEGIES } from "./client/strategies/transcript.ts";
export { fetchWatchPage } from "./client/watch-page.ts";
export { videositeHandlers } from "./handlers.ts";
export { type ChannelUrl, channelUrlParam, parseChannelUrl } from "./inputs/channel-url.ts";
export { languageParam, normalizeLanguageTag } from "./inputs/language.ts";
export { type PlaylistUrl, parsePlaylistUrl, playlistUrlParam } from "./inputs/playlist-url.ts";
export { watchUrl } from "./inputs/site.ts";
export { parseVideoId, type VideoUrl, type VideoUrlParse, videoUrlParam } from "./inputs/video-url.ts";
export {
  AUDIO_MAX_DURATION_SECONDS,
  type AudioTranscriptResult,
  getAudioTranscript,
  pickAudioFormat,
  VIDEOSITE_MEDIA_CIRCUIT,
} from "./operations/audio-transcript.ts";
export { getChannelDetails } from "./operations/channel-details.ts";
export { getChannelShorts } from "./operations/channel-shorts.ts";
export { getChannelVideos } from "./operations/channel-videos.ts";
export { getCommentReplies } from "./operations/comment-replies.ts";
export { type CommentsResult, getComments } from "./operations/comments.ts";
export { getPlaylistDetails } from "./operations/playlist-details.ts";
export { getPlaylistVideos } from "./operations/playlist-videos.ts";
export { type SearchResult, search } from "./operations/search.ts";
export { getSummary, type SummaryResult } from "./operations/summarize.ts";
export { getTranscript, type TranscriptResult } from "./operations/transcript.ts";
export { getVideoDetails } from "./operations/video-details.ts";
export {
  availableLanguages,
  type CaptionList,
  type CaptionTrack,
  hasAutoCaptions,
  readCaptionList,
  type TranslationLanguage,
} from "./readers/captions/caption-tracks.ts";
export {
  AUDIO_TRANSCRIPT_PATH,
  languageNotAvailableError,
  noCaptionsError,
  requirePlayableVideo,
} from "./readers/captions/errors.ts";
export { joinSegments, type Segment, toSegments } from "./readers/captions/segments.ts";
export { selectTrack, type TrackChoice } from "./readers/captions/track-selection.ts";
export type { ChannelDetailsResult } from "./readers/channel/build-details.ts";
export type { CommentResult } from "./readers/comments/build-comment.ts";
export type { VideoRow } from "./readers/listing/rows.ts";
export type { SearchHit } from "./readers/search/hits.ts";
export { buildVideoDetails, type VideoDetailsResult } from "./readers/video/build-details.ts";
export { type NextInfo, readNext } from "./readers/video/next-reader.ts";
export {
  classifyPlayability,
  type PlayabilityVerdict,
  type UnavailableReason,
} from "./readers/video/playability.ts";
export {
  type Microformat,
  type PlayerInfo,
  readPlayer,
  type Thumbnail,
  type VideoDetailsPart,
} from "./readers/video/player-reader.ts";
export { type MediaFormat, readStreamingData, type StreamingData } from "./readers/video/streaming-reader.ts";
export { readWatchPage } from "./readers/video/watch-page.ts";
export { videositePlatform } from "./spec.ts";
