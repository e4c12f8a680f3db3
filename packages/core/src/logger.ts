import { type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** `json` for machines (one object per line), `pretty` for a person at a terminal (`LOG_FORMAT`). */
export type LogFormat = "json" | "pretty";

/**
 * The process logger (pino). Child loggers carry `requestId`, `jobId` and `op` so every line of a call can be found by
 * its request id. The default is pino's JSON lines on stdout (what log collectors read in production), or on
 * `destination` (a test reading what was logged); `format: "pretty"` (the demo's foreground) writes coloured one-line
 * records through pino-pretty, synchronously in this thread (no transport worker, so the bundled processes need
 * nothing extra).
 */
export function createLogger(options: {
  name: string;
  level?: string;
  format?: LogFormat;
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
  if (options.destination) return pino(settings, options.destination);
  if (options.format !== "pretty") return pino(settings);
  return pino(
    settings,
    pretty({
      sync: true,
      singleLine: true,
      colorize: process.stdout.isTTY,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname,svc",
    }),
  );
}
