import { describe, expect, it } from "vitest";
import { recordedPlayer } from "../../../test/corpus.ts";
import { readStreamingData } from "./streaming-reader.ts";

describe("readStreamingData", () => {
  it("reads the one direct-URL audio format of the synthetic audio video", () => {
    const streaming = readStreamingData(recordedPlayer("audio-SynthAudio1"));
    expect(streaming.formats).toEqual([
      {
        itag: 140,
        mimeType: 'audio/mp4; codecs="mp4a.40.2"',
        kind: "adaptive",
        isAudioOnly: true,
        url: "https://rr1---sn-synth.googlevideo.com/videoplayback?id=SynthAudio1&itag=140&mime=audio%2Fmp4",
        isCiphered: false,
        bitrate: 74562,
        contentLength: 697549,
        approxDurationMs: 74842,
        audioSampleRate: 44100,
        audioChannels: 1,
        audioTrackId: null,
        audioIsDefault: null,
      },
    ]);
  });

  it("reads ANDROID formats, whose adaptive streams carry no URL (streaming protocol only)", () => {
    const streaming = readStreamingData(recordedPlayer("video-M4gD1WSo5mA"));
    const audio = streaming.formats.filter((f) => f.isAudioOnly);
    expect(audio).toHaveLength(3);
    expect(audio.every((f) => f.url === null && !f.isCiphered)).toBe(true);
    expect(streaming.formats[0]).toMatchObject({ itag: 18, kind: "muxed", approxDurationMs: 720724 });
  });

  it("reads the audio tracks of a dubbed video", () => {
    const formats = readStreamingData(recordedPlayer("video-kX3nB4PpJko")).formats;
    const defaults = formats.filter((f) => f.audioIsDefault === true).map((f) => f.audioTrackId);
    expect(new Set(defaults)).toEqual(new Set(["en.4"]));
  });

  it("reads a live stream: HLS manifest, no length or duration", () => {
    const streaming = readStreamingData(recordedPlayer("video-X4VbdwhkE10"));
    expect(streaming.hlsManifestUrl).toMatch(/^https:\/\//);
    expect(streaming.formats.filter((f) => f.isAudioOnly).every((f) => f.contentLength === null)).toBe(true);
  });

  it("gives an empty list without streamingData", () => {
    expect(readStreamingData(recordedPlayer("video-8VajtrESJzA"))).toEqual({
      expiresInSeconds: null,
      formats: [],
      hlsManifestUrl: null,
    });
  });
});
