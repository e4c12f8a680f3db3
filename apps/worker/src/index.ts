export { workerEnv } from "./env.ts";
export { type RunningWorkers, startWorkers } from "./worker.ts";
