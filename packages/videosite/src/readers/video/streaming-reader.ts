import { parseIntegerString } from "@sda/text";
import { arrayAt, at, integerAt, isObject, objectAt, stringAt } from "../innertube/json.ts";

/** One media format of `streamingData` (`formats[]` are muxed audio+video, `adaptiveFormats[]` one stream each). */
export interface MediaFormat {
  itag: number;
  /** e.g. `audio/mp4; codecs="mp4a.40.2"`. */
  mimeType: string;
  /** `muxed` (from `formats`) or `adaptive` (from `adaptiveFormats`). */
  kind: "muxed" | "adaptive";
  /** True for an adaptive audio-only stream. */
  isAudioOnly: boolean;
  /** Direct download URL, or null when the platform gives none (ciphered, or streaming-protocol only). */
  url: string | null;
  /** True when the URL must be deciphered (`signatureCipher`/`cipher`), which this package does not do. */
  isCiphered: boolean;
  /** Peak bitrate, bits per second; null when absent. */
  bitrate: number | null;
  /** Size in bytes (`contentLength`); null for live streams and when absent. */
  contentLength: number | null;
  /** Duration in ms (`approxDurationMs`); null for live streams and when absent. */
  approxDurationMs: number | null;
  /** Sample rate in Hz; null when absent or not audio. */
  audioSampleRate: number | null;
  audioChannels: number | null;
  /** `audioTrack.id` on multi-audio videos ("en.4"); null otherwise. */
  audioTrackId: string | null;
  /** `audioTrack.audioIsDefault`; null when the format has no audio track object. */
  audioIsDefault: boolean | null;
}

/** `streamingData` of a player answer. */
export interface StreamingData {
  /** Lifetime of the URLs, seconds; null when absent. */
  expiresInSeconds: number | null;
  /** Muxed formats first, then adaptive ones, in the platform's order. */
  formats: MediaFormat[];
  /** HLS manifest of live streams; null otherwise. */
  hlsManifestUrl: string | null;
}

function readFormat(value: unknown, kind: MediaFormat["kind"]): MediaFormat | null {
  const itag = integerAt(value, "itag");
  const mimeType = stringAt(value, "mimeType");
  if (itag === undefined || !mimeType || !isObject(value)) return null;
  const track = objectAt(value, "audioTrack");
  const channels = at(value, "audioChannels");
  return {
    itag,
    mimeType,
    kind,
    isAudioOnly: kind === "adaptive" && mimeType.startsWith("audio/"),
    url: stringAt(value, "url") ?? null,
    isCiphered: typeof value.signatureCipher === "string" || typeof value.cipher === "string",
    bitrate: parseIntegerString(value.bitrate),
    contentLength: parseIntegerString(value.contentLength),
    approxDurationMs: parseIntegerString(value.approxDurationMs),
    audioSampleRate: parseIntegerString(value.audioSampleRate),
    audioChannels: typeof channels === "number" ? channels : null,
    audioTrackId: stringAt(track, "id") ?? null,
    audioIsDefault: typeof track?.audioIsDefault === "boolean" ? track.audioIsDefault : null,
  };
}

/**
 * Reads `streamingData` (source: `/player` → `streamingData.formats[]`, `.adaptiveFormats[]`, `.hlsManifestUrl`).
 * Formats without `itag` or `mimeType` are skipped; an answer without `streamingData` gives an empty list.
 */
export function readStreamingData(player: unknown): StreamingData {
  const streaming = objectAt(player, "streamingData");
  const read = (key: string, kind: MediaFormat["kind"]) =>
    arrayAt(streaming, key).flatMap((format) => {
      const parsed = readFormat(format, kind);
      return parsed ? [parsed] : [];
    });
  return {
    expiresInSeconds: parseIntegerString(streaming?.expiresInSeconds),
    formats: [...read("formats", "muxed"), ...read("adaptiveFormats", "adaptive")],
    hlsManifestUrl: stringAt(streaming, "hlsManifestUrl") ?? null,
  };
}
