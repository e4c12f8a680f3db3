import { parseIntegerString } from "@sda/text";
import { type CaptionList, readCaptionList } from "../captions/caption-tracks.ts";
import { arrayAt, at, booleanAt, isObject, objectAt, stringAt, textOf } from "../innertube/json.ts";
import { readStreamingData, type StreamingData } from "./streaming-reader.ts";

/** One image of a thumbnail list; width and height in pixels, null when the platform omits them. */
export interface Thumbnail {
  url: string;
  width: number | null;
  height: number | null;
}

/** `playabilityStatus` of a player answer, flattened. */
export interface PlayabilityStatus {
  /** `OK`, `LOGIN_REQUIRED`, `UNPLAYABLE`, `ERROR`, `LIVE_STREAM_OFFLINE`, `CONTENT_CHECK_REQUIRED`, … or null. */
  status: string | null;
  /** `reason` (or the error screen's reason/title when `reason` is absent). */
  reason: string | null;
  /** The error screen's `subreason` ("This helps protect our community. Learn more"), or null. */
  subreason: string | null;
  /** Every human text the status carries (reason, reasonTitle, messages, error-screen reason/subreason/dialog). */
  texts: string[];
  /** True when the answer carries an age gate marker (`desktopLegacyAgeGateReason`). */
  ageGate: boolean;
  /**
   * True when the error screen is the captcha screen (`errorScreen.playerCaptchaViewModel`): the platform wants the
   * session to solve a captcha, a block against the service, not a property of the video.
   */
  captcha: boolean;
  /** Scheduled start of an upcoming live stream (offline slate `scheduledStartTime`, epoch seconds), or null. */
  scheduledStartTime: string | null;
}

/** `videoDetails` of a player answer. */
export interface VideoDetailsPart {
  videoId: string;
  title: string | null;
  /** `shortDescription` (the full description despite the name); null when absent. */
  description: string | null;
  channelId: string | null;
  /** `author`: the channel name. */
  channelName: string | null;
  /** `lengthSeconds`, whole seconds; null when absent. Live streams answer 0. */
  lengthSeconds: number | null;
  /** `viewCount`, exact; null when absent (members-only answers omit it). */
  viewCount: number | null;
  /** `keywords` (the tags). */
  keywords: string[];
  thumbnails: Thumbnail[];
  isLive: boolean;
  isLiveContent: boolean;
  isUpcoming: boolean;
  isPrivate: boolean | null;
  /** False when the owner hid the like count; null when absent. */
  allowRatings: boolean | null;
}

/** `microformat.playerMicroformatRenderer`: the WEB player's page metadata (dates, category, family-safe flag). */
export interface Microformat {
  /** Raw `publishDate`: a date (`2008-09-22`) or a timestamp with offset (`2015-01-27T21:14:36-08:00`). */
  publishDate: string | null;
  /** Raw `uploadDate`, same forms. */
  uploadDate: string | null;
  /** Category name in English (`Education`, `Howto & Style`). */
  category: string | null;
  isFamilySafe: boolean | null;
  isUnlisted: boolean | null;
  /** `likeCount`, exact, when the microformat has it (recent WEB answers and watch pages). */
  likeCount: number | null;
  viewCount: number | null;
  /** `ownerProfileUrl`, e.g. `http://www.youtube.com/@BKCHarvard`. */
  ownerProfileUrl: string | null;
  description: string | null;
  thumbnails: Thumbnail[];
  /** `liveBroadcastDetails` of live streams and premieres (timestamps with offset, raw). */
  liveBroadcast: {
    isLiveNow: boolean | null;
    startTimestamp: string | null;
    endTimestamp: string | null;
  } | null;
}

/** Everything this package reads from a player answer. */
export interface PlayerInfo {
  playability: PlayabilityStatus;
  /** Null when the answer has no `videoDetails` (private, removed, non-existent videos, bot checks). */
  details: VideoDetailsPart | null;
  /** Null on ANDROID answers (they carry none) and on unplayable ones. */
  microformat: Microformat | null;
  captions: CaptionList;
  /** Media formats (empty when the answer has no `streamingData`). */
  streaming: StreamingData;
  /**
   * Id of the default audio track on multi-audio videos ("en.4"): from the caption list's default audio track, else
   * the `audioTrack` with `audioIsDefault` in `streamingData`; null on single-audio videos.
   */
  defaultAudioTrackId: string | null;
}

/** Reads `{ thumbnails: [{ url, width, height }] }`; entries without a URL are skipped. */
export function readThumbnails(value: unknown): Thumbnail[] {
  return arrayAt(value, "thumbnails").flatMap((entry) => {
    const url = stringAt(entry, "url");
    if (!url) return [];
    const width = at(entry, "width");
    const height = at(entry, "height");
    return [
      {
        url: url.startsWith("//") ? `https:${url}` : url,
        width: typeof width === "number" ? width : null,
        height: typeof height === "number" ? height : null,
      },
    ];
  });
}

function playabilityTexts(status: unknown): string[] {
  const texts: (string | undefined)[] = [
    stringAt(status, "reason"),
    stringAt(status, "reasonTitle"),
    ...arrayAt(status, "messages").map((message) =>
      typeof message === "string" ? message : textOf(message),
    ),
  ];
  const screen = objectAt(status, "errorScreen");
  const error = objectAt(screen, "playerErrorMessageRenderer");
  if (error) texts.push(textOf(error.reason), textOf(error.subreason));
  const dialog = objectAt(screen, "confirmDialogRenderer");
  if (dialog) {
    texts.push(textOf(dialog.title));
    for (const message of arrayAt(dialog, "dialogMessages")) texts.push(textOf(message));
  }
  return texts.filter((text): text is string => typeof text === "string" && text.trim() !== "");
}

/** Reads `playabilityStatus` (source: `/player` → `playabilityStatus`). Missing parts give nulls. */
export function readPlayability(player: unknown): PlayabilityStatus {
  const status = objectAt(player, "playabilityStatus");
  const texts = playabilityTexts(status);
  const slate = at(
    status,
    "liveStreamability",
    "liveStreamabilityRenderer",
    "offlineSlate",
    "liveStreamOfflineSlateRenderer",
    "scheduledStartTime",
  );
  return {
    status: stringAt(status, "status") ?? null,
    reason: stringAt(status, "reason") ?? texts[0] ?? null,
    subreason: textOf(at(status, "errorScreen", "playerErrorMessageRenderer", "subreason"))?.trim() || null,
    texts,
    ageGate: at(status, "desktopLegacyAgeGateReason") !== undefined,
    captcha: at(status, "errorScreen", "playerCaptchaViewModel") !== undefined,
    scheduledStartTime: typeof slate === "string" ? slate : null,
  };
}

/** Reads `videoDetails` (source: `/player` → `videoDetails`); null when absent or without a `videoId`. */
export function readVideoDetails(player: unknown): VideoDetailsPart | null {
  const details = objectAt(player, "videoDetails");
  const videoId = stringAt(details, "videoId");
  if (!details || !videoId) return null;
  return {
    videoId,
    title: stringAt(details, "title") ?? null,
    description: stringAt(details, "shortDescription") ?? null,
    channelId: stringAt(details, "channelId") ?? null,
    channelName: stringAt(details, "author") ?? null,
    lengthSeconds: parseIntegerString(details.lengthSeconds),
    viewCount: parseIntegerString(details.viewCount),
    keywords: arrayAt(details, "keywords").filter((k): k is string => typeof k === "string"),
    thumbnails: readThumbnails(details.thumbnail),
    isLive: details.isLive === true,
    isLiveContent: details.isLiveContent === true,
    isUpcoming: details.isUpcoming === true,
    isPrivate: booleanAt(details, "isPrivate") ?? null,
    allowRatings: booleanAt(details, "allowRatings") ?? null,
  };
}

/**
 * Reads `microformat.playerMicroformatRenderer` (source: WEB `/player`, the `$fields=microformat` request, or the
 * watch page's `ytInitialPlayerResponse`); null when absent.
 */
export function readMicroformat(player: unknown): Microformat | null {
  const m = objectAt(player, "microformat", "playerMicroformatRenderer");
  if (!m) return null;
  const live = objectAt(m, "liveBroadcastDetails");
  return {
    publishDate: stringAt(m, "publishDate") ?? null,
    uploadDate: stringAt(m, "uploadDate") ?? null,
    category: stringAt(m, "category") ?? null,
    isFamilySafe: booleanAt(m, "isFamilySafe") ?? null,
    isUnlisted: booleanAt(m, "isUnlisted") ?? null,
    likeCount: parseIntegerString(m.likeCount),
    viewCount: parseIntegerString(m.viewCount),
    ownerProfileUrl: stringAt(m, "ownerProfileUrl") ?? null,
    description: textOf(m.description) ?? null,
    thumbnails: readThumbnails(m.thumbnail),
    liveBroadcast: live
      ? {
          isLiveNow: booleanAt(live, "isLiveNow") ?? null,
          startTimestamp: stringAt(live, "startTimestamp") ?? null,
          endTimestamp: stringAt(live, "endTimestamp") ?? null,
        }
      : null,
  };
}

/**
 * Reads a whole player answer (source: `POST /youtubei/v1/player`, or the `playerResponse` of
 * `reel/reel_item_watch`, or the watch page's `ytInitialPlayerResponse`). Never throws: any part that is missing or
 * re-shaped reads as null/empty.
 */
export function readPlayer(player: unknown): PlayerInfo {
  const captions = readCaptionList(player);
  const streaming = readStreamingData(player);
  const defaultFormat = streaming.formats.find(
    (format) => format.audioIsDefault === true && format.audioTrackId,
  );
  return {
    playability: readPlayability(player),
    details: readVideoDetails(player),
    microformat: readMicroformat(player),
    captions,
    streaming,
    defaultAudioTrackId: captions.defaultAudioTrackId ?? defaultFormat?.audioTrackId ?? null,
  };
}

/** True when `value` looks like a player answer at all (has `playabilityStatus` or `videoDetails`). */
export function isPlayerAnswer(value: unknown): boolean {
  return isObject(value) && (isObject(value.playabilityStatus) || isObject(value.videoDetails));
}
