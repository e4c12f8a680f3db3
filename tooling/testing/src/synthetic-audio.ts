import path from "node:path";
import { defaultCorpusDir, entryBody, loadCases } from "@sda/replay";

/** The synthetic audio case of the corpus (corpus README §5.2), as tests read it. */
export interface SyntheticAudioCase {
  videoId: string;
  /** The spoken text (`log._transcript`). */
  transcript: string;
  /** The recorded `GET /videoplayback` body: AAC-LC mono 44.1 kHz in MP4, moov first. */
  audio: Buffer;
  /** The direct format URL of the recorded player answer (itag 140). */
  formatUrl: string;
  /** `approxDurationMs` of that format, in seconds (74.842). */
  formatDurationSeconds: number;
  /** `videoDetails.lengthSeconds` of the player answer (75). */
  lengthSeconds: number;
}

/** Reads case `audio-SynthAudio1` from the corpus: the player's audio format, the audio file and its spoken text. */
export function syntheticAudioCase(corpusDir = defaultCorpusDir()): SyntheticAudioCase {
  const found = loadCases(path.join(corpusDir, "videosite")).find((c) => c.caseId === "audio-SynthAudio1");
  if (!found) throw new Error("corpus case audio-SynthAudio1 not found");
  const player = found.log.entries.find((e) => e._match.path === "/youtubei/v1/player");
  const media = found.log.entries.find((e) => e._match.path === "/videoplayback");
  if (!player || !media) throw new Error("audio-SynthAudio1: player or /videoplayback entry missing");
  const answer = JSON.parse(entryBody(player).toString("utf8")) as {
    videoDetails: { videoId: string; lengthSeconds: string };
    streamingData: { adaptiveFormats: { url: string; approxDurationMs: string }[] };
  };
  const format = answer.streamingData.adaptiveFormats[0];
  if (!format) throw new Error("audio-SynthAudio1: no adaptive format");
  return {
    videoId: answer.videoDetails.videoId,
    transcript: String(found.log._transcript),
    audio: entryBody(media),
    formatUrl: format.url,
    formatDurationSeconds: Number(format.approxDurationMs) / 1000,
    lengthSeconds: Number(answer.videoDetails.lengthSeconds),
  };
}
