export { createHttpClient, upstreamPoolSize } from "./client.ts";
export { originsFromConfig } from "./origins.ts";
export { Politeness } from "./politeness.ts";
export { createRecorder, type Recorder } from "./record/recorder.ts";
export { REDACTED } from "./record/redact.ts";
