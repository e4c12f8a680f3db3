export * from "./client.ts";
export * from "./origins.ts";
export * from "./politeness.ts";
export { createRecorder, type Recorder } from "./record/recorder.ts";
export { REDACTED } from "./record/redact.ts";
