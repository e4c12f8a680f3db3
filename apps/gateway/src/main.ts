import { createLogger, EnvError } from "@sda/core";
import { loadServiceEnv } from "@sda/services/env";
import { gatewayEnv } from "./env.ts";
import { startGateway } from "./gateway.ts";

// The gateway process: parse the environment once, start, and shut down cleanly on SIGINT/SIGTERM.
try {
  const config = loadServiceEnv(undefined, [gatewayEnv]);
  const log = createLogger({ name: "gateway", level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const gateway = await startGateway(config, log);
  log.info({ url: gateway.url }, "gateway listening");
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "gateway shutting down");
    const force = setTimeout(() => process.exit(1), config.REQUEST_DEADLINE_MS + 5000);
    force.unref();
    await gateway.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`gateway: ${error.message}`);
    process.exit(2);
  }
  console.error(`gateway: failed to start: ${(error as Error).message}`);
  process.exit(1);
}
