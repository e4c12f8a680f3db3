import { type Logger, pino } from "pino";

export type { Logger };

/**
 * The process logger (pino, JSON lines on stdout, or on `destination`: a test reading what was logged). Child loggers
 * carry `requestId`, `jobId` and `op` so every line of a call can be found by its request id.
 */
export function createLogger(options: {
  name: string;
  level?: string;
  destination?: { write(line: string): void };
}): Logger {
  const settings = {
    name: options.name,
    level: options.level ?? "info",
    base: { svc: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.authorization", 'req.headers["x-api-key"]', "apiKey"],
      censor: "[redacted]",
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
