export { type CanaryDeps, runCanaries } from "./run.ts";
export { type CanaryRun, readCanaryRun, writeCanaryRun } from "./status.ts";
