export * from "./client.ts";
export * from "./origins.ts";
export * from "./politeness.ts";
export type { Exchange } from "./record/har-entry.ts";
export {
  createRecorder,
  type RecordedPlatform,
  type Recorder,
  type RecorderOptions,
} from "./record/recorder.ts";
export { REDACTED } from "./record/redact.ts";
