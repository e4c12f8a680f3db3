/**
 * `@sda/media`: the platform-neutral audio pipeline of the speech-to-text operations (the video platform's audio
 * transcript, and later the photo platform's reel transcript). A platform operation reads its media's duration and
 * URLs, builds the {@link AudioSource}s, and calls {@link transcribeAudio}.
 */

export { BlockedRateCircuit } from "./circuit/blocked-rate.ts";
export { audioExtractError } from "./extract-error.ts";
export { resolveFfmpegPath } from "./ffmpeg/binary.ts";
export { probeAudio } from "./ffmpeg/probe.ts";
export { reencodeForSpeech, SPEECH_ENCODING } from "./ffmpeg/reencode.ts";
export { createMediaServices, type MediaServices } from "./services.ts";
export type { AudioDownload, AudioSource } from "./sources/audio-source.ts";
export { classifyDownloadError, DirectUrlSource } from "./sources/direct-url.ts";
export { ExtractorSource } from "./sources/extractor.ts";
export { type AudioTranscript, type MediaSettings, transcribeAudio } from "./transcribe-audio.ts";
