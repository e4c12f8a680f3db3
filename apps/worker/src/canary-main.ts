import { runCanaries } from "@sda/canary";
import { canaries, platforms, registry } from "@sda/catalog";
import { createLogger, EnvError } from "@sda/core";
import { createRedis, redisTarget } from "@sda/queue";
import { loadServiceEnv } from "@sda/services/env";
import { createHandlerServices } from "@sda/services/handler-services";
import { createHttpClient, createRecorder, originsFromConfig } from "@sda/upstream";
import { canaryRecordDir } from "./canary.ts";

// `npm run canary`: one canary run now (the configured calls, never billed), printed as JSON and stored as the last
// run for /v1/status. Exit code 0 when every call passed, 1 when one failed, 2 for a bad configuration.
try {
  const config = loadServiceEnv();
  const log = createLogger({ name: "canary", level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const redis = createRedis(redisTarget(config));
  const recordDir = canaryRecordDir(config);
  const recorder = createRecorder({ dir: recordDir, platforms, log });
  const http = createHttpClient({
    origins: originsFromConfig(config, platforms),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    userAgent: config.UPSTREAM_USER_AGENT,
    log,
    recorder,
  });
  try {
    const run = await runCanaries({
      registry,
      declared: canaries,
      config,
      redis,
      http,
      log,
      services: createHandlerServices({ config, redis, log }),
      recorder,
      recordDir,
    });
    process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
    process.exitCode = run.failed > 0 ? 1 : 0;
  } finally {
    await http.close();
    redis.disconnect();
  }
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`canary: ${error.message}`);
    process.exit(2);
  }
  console.error(`canary: ${(error as Error).message}`);
  process.exit(2);
}
