import { Readable } from "node:stream";
import type { PlatformHttpClient } from "@sda/contract";
import { type AudioDownload, type AudioSource, audioExtractError, classifyDownloadError } from "@sda/media";

/**
 * An HLS stream of MP3 segments (a track's `hls` `audio/mpeg` transcoding) as one byte stream: the media playlist
 * (`.m3u8`) is read, then its segments are downloaded one after the other through the upstream client and
 * concatenated (MPEG audio frames concatenate; ffmpeg re-encodes the whole). Encrypted playlists (`#EXT-X-KEY` with
 * a method other than `NONE`) are refused: their formats are skipped before this is built.
 */

/** Segments read at most (a 90-minute track in 10 s segments is 540). */
const MAX_SEGMENTS = 2000;

/** The segment URLs of a media playlist, absolute, in order. @throws ServiceError `no_audio_format` when encrypted. */
export function readSegmentUrls(playlist: string, playlistUrl: string): string[] {
  const urls: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXT-X-KEY") && !/METHOD=NONE/.test(line))
      throw audioExtractError("no_audio_format", "the HLS stream is encrypted");
    if (!line || line.startsWith("#")) continue;
    urls.push(new URL(line, playlistUrl).href);
  }
  return urls.slice(0, MAX_SEGMENTS);
}

/** The HLS source of a track (see the module comment). */
export class HlsSource implements AudioSource {
  readonly kind = "direct" as const;
  readonly label: string;

  constructor(private readonly options: { http: PlatformHttpClient; url: string; label: string }) {
    this.label = options.label;
  }

  async open(signal: AbortSignal, budgetMs: number): Promise<AudioDownload> {
    const { http, url } = this.options;
    let segments: string[];
    try {
      const playlist = await http.request({ url, timeoutMs: budgetMs }, signal);
      segments = readSegmentUrls(playlist.text(), playlist.url || url);
    } catch (error) {
      throw classifyDownloadError(error);
    }
    if (segments.length === 0)
      throw audioExtractError("no_audio_format", "the HLS playlist lists no segment");
    async function* concatenated() {
      for (const segment of segments) {
        const response = await http
          .stream({ url: segment, timeoutMs: budgetMs }, signal)
          .catch((error: unknown) => {
            throw classifyDownloadError(error);
          });
        for await (const chunk of response.body) yield chunk as Buffer;
      }
    }
    return { body: Readable.from(concatenated()), contentType: "audio/mpeg", contentLength: null };
  }
}
