export {
  defaultCorpusDir,
  entryBody,
  type HarEntry,
  loadCases,
  type MatchSpec,
  recordedCase,
  recordedJson,
} from "./har.ts";
export { type ReplayFault, type ReplayServer, startReplayServer } from "./server.ts";
