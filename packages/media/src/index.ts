/**
 * `@sda/media`: the platform-neutral audio pipeline of the speech-to-text operations (the video platform's audio
 * transcript, and later the photo platform's reel transcript). A platform operation reads its media's duration and
 * URLs, builds the {@link AudioSource}s, and calls {@link transcribeAudio}.
 */

export { languageCodeOf } from "./asr/language-names.ts";
export { type OpenAiAsrOptions, OpenAiCompatibleAsr } from "./asr/openai-compatible.ts";
export type { AsrProvider, AsrRequest, AsrTranscription, SpeechSegment } from "./asr/provider.ts";
export { asrProvidersFromConfig, asrUnavailableError, transcribeWithFallback } from "./asr/providers.ts";
export { readVerboseJson, VerboseJsonError } from "./asr/verbose-json.ts";
export {
  BlockedRateCircuit,
  type BlockedRateCircuitOptions,
  type CircuitState,
  type CircuitTicket,
} from "./circuit/blocked-rate.ts";
export { type ExtractSpeechOptions, extractSpeechAudio, type SpeechAudio } from "./extract-audio.ts";
export {
  AUDIO_EXTRACT_REASONS,
  type AudioExtractReason,
  audioExtractError,
  audioExtractReason,
} from "./extract-error.ts";
export { resolveFfmpegPath } from "./ffmpeg/binary.ts";
export { type AudioProbe, parseClockTime, parseInputDescription, probeAudio } from "./ffmpeg/probe.ts";
export { FfmpegError, reencodeArguments, reencodeForSpeech, SPEECH_ENCODING } from "./ffmpeg/reencode.ts";
export { createMediaServices, type MediaServices } from "./services.ts";
export type { AudioDownload, AudioSource } from "./sources/audio-source.ts";
export { classifyDownloadError, DirectUrlSource, type DirectUrlSourceOptions } from "./sources/direct-url.ts";
export {
  classifyExtractorFailure,
  ExtractorSource,
  type ExtractorSourceOptions,
  extractorArguments,
} from "./sources/extractor.ts";
export { Spool } from "./spool.ts";
export { defaultTempRoot, sweepTempRoot, sweepTempRootOnce, withJobTempDir } from "./temp/job-dir.ts";
export {
  type AudioTranscript,
  type MediaSettings,
  mediaCircuit,
  mediaCircuits,
  mediaSettingsFromConfig,
  type TranscribeAudioOptions,
  transcribeAudio,
} from "./transcribe-audio.ts";
