import { createLogger, EnvError } from "@sda/core";
import { loadServiceEnv } from "@sda/services/env";
import { workerEnv } from "./env.ts";
import { startWorkers } from "./worker.ts";

// The worker process: consume the queues of this role until SIGINT/SIGTERM, then finish or release in-flight jobs.
try {
  const config = loadServiceEnv(undefined, [workerEnv]);
  const log = createLogger({ name: "worker", level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  // The queue consumers take jobs before the rest of the start-up (monitors, webhooks, canaries) has finished: the
  // signal handlers are installed first, so a SIGTERM in that window drains the jobs already taken instead of
  // killing the process with them (they would wait for another worker as stalled jobs).
  const starting = startWorkers(config, log);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "worker shutting down");
    await (await starting).close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  await starting;
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`worker: ${error.message}`);
    process.exit(2);
  }
  console.error(`worker: failed to start: ${(error as Error).message}`);
  process.exit(1);
}
