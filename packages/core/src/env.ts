import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const optionalUrl = z.url().optional();
const optionalString = z.string().min(1).optional();

/**
 * The service-wide part of the environment schema of every process (gateway, worker, CLI, demo). The full schema is
 * this plus each platform's slice plus one `<NAME>_ORIGIN` per platform ({@link serviceEnvSchema}), parsed once at
 * boot by {@link loadEnv}; nothing else reads `process.env`. The README's configuration table lists the variables.
 */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  // Gateway
  PORT: int(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Synchronous wait for a job before answering 202 (SPEC §8: 110 s). */
  REQUEST_DEADLINE_MS: int(110_000, 1),
  /** Calls per second one API key may make (SPEC §4.1: 429 with Retry-After beyond it); shared by all gateways. */
  RATE_LIMIT_PER_SECOND: int(100, 1),
  /** How often GET /v1/status rebuilds its document, in ms (callers in between share the last one). */
  STATUS_REFRESH_MS: int(5000, 100),
  /** How long a finished job's result stays readable through GET /v1/jobs/{id}, in seconds. */
  RESULT_TTL_SECONDS: int(3600, 1),
  /**
   * Failed authentications (missing, unknown or revoked key) per second one client address may make; past it the
   * address gets 429 before any key lookup. Shared by all gateways through Redis.
   */
  AUTH_RATE_LIMIT_PER_SECOND: int(10, 1),
  /** Window of that budget, in seconds: an address may fail AUTH_RATE_LIMIT_PER_SECOND × this many lookups per window. */
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(10, 1),
  /** Express `trust proxy`: which peers may set X-Forwarded-For (the client address of the auth rate limit). */
  TRUST_PROXY: z.string().min(1).default("loopback"),
  /** Freshness window of the gateway's in-process API key cache, in ms (0: no cache). Revocation is immediate. */
  KEY_CACHE_TTL_MS: int(30_000, 0),
  /** Longest wait, in ms, of a request-log row in the gateway's buffer before its batch is written. */
  REQUEST_LOG_FLUSH_MS: int(250, 10),
  /** A request-log batch is written at once when this many rows wait (one multi-row INSERT). */
  REQUEST_LOG_BATCH_SIZE: int(500, 1),
  /** Rows the request-log buffer holds while PostgreSQL is unreachable; beyond it rows are dropped and counted. */
  REQUEST_LOG_MAX_BUFFER: int(50_000, 1),

  // Stores
  DATABASE_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/sda"),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  /** Key prefix of every queue and cache key in Redis; processes sharing a prefix share work. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("sda"),

  // Workers
  /** Comma-separated queues this worker consumes (empty: all). */
  WORKER_QUEUES: z.string().default(""),
  WORKER_CONCURRENCY: int(8, 1),
  AUDIO_WORKER_CONCURRENCY: int(2, 1),
  /**
   * BullMQ lock duration: a job whose worker stops renewing it for this long is handed to another worker. Workers
   * renew it every JOB_LOCK_MS / 4, so long audio jobs keep it (and a busy event loop has 3/4 of it in hand).
   */
  JOB_LOCK_MS: int(10_000, 1000),
  /** How often workers look for jobs whose lock lapsed (a crashed job re-runs within JOB_LOCK_MS + this). */
  JOB_STALLED_INTERVAL_MS: int(5000, 500),
  /** Crashes (stalls) a job survives before it is failed for good. */
  JOB_MAX_STALLED_COUNT: int(2, 0),
  /** Attempts of a job whose worker crashed or threw an unexpected error. */
  JOB_ATTEMPTS: int(3, 1),
  /**
   * Seconds a credit reservation (the hold a call takes before it runs) lives before a worker's sweeper releases it:
   * longer than any call runs, queue wait included.
   */
  RESERVATION_TTL_SECONDS: int(1800, 60),
  /** How often each worker sweeps expired reservations, in ms. */
  RESERVATION_SWEEP_MS: int(60_000, 1000),
  /**
   * Speculative enqueue: a call of an account whose balance the gateway saw recently (covering twice its calls in
   * flight) is enqueued alongside its reservation instead of after it; the worker settles only once the gateway's
   * word says the hold was made (`hold-words.ts` in `@sda/engine`). `false`: always reservation first.
   */
  SPECULATIVE_ENQUEUE: bool.default(true),

  // Cache and cursors
  CACHE_TTL_SECONDS: int(86_400, 1),
  /** HMAC secret of the opaque list cursors; must be equal on every gateway and worker. */
  CURSOR_SECRET: z.string().min(16).default("development-cursor-secret-change-me"),

  // Upstream platforms
  UPSTREAM_TIMEOUT_MS: int(15_000, 100),
  UPSTREAM_USER_AGENT: z
    .string()
    .default(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    ),
  /**
   * Platform identities without a release (client names/versions/User-Agents, chain orders, doc_ids …): a JSON
   * document, overridden at runtime by the Redis key `<QUEUE_PREFIX>:identities` (see packages/strategy).
   */
  IDENTITIES_JSON: optionalString,
  /** The identities Redis key is re-read at most this often, seconds. */
  IDENTITIES_REFRESH_SECONDS: int(60, 0),

  // Audio and AI providers (audio transcript, summaries)
  /** ffmpeg binary; unset: the one shipped by the npm package `@ffmpeg-installer/ffmpeg`. */
  FFMPEG_PATH: optionalString,
  /** yt-dlp-compatible extractor command, used when the player gives no direct audio URL (unset: none). */
  AUDIO_EXTRACTOR_PATH: optionalString,
  /** Budget of one audio download, from the request to the last byte (SPEC §4.2.2 rule 5: 20 s). */
  AUDIO_DOWNLOAD_TIMEOUT_MS: int(20_000, 100),
  /** Cooldown of the service-wide `blocked_rate` circuit after an upstream 403/429 (SPEC §7.4: 300 s). */
  AUDIO_BLOCKED_COOLDOWN_SECONDS: int(300, 1),
  /** A download waits out an open circuit when at most this many seconds remain; longer waits fail fast. */
  AUDIO_CIRCUIT_MAX_WAIT_SECONDS: int(10, 0),
  /** Root of the per-job temp dirs of audio jobs (default: `<os tmpdir>/sda-audio`). */
  AUDIO_TEMP_DIR: optionalString,
  /** Budget of one speech-to-text request (upload and transcription), per provider. */
  ASR_TIMEOUT_MS: int(120_000, 1000),
  ASR_FAST_BASE_URL: optionalUrl,
  ASR_FAST_MODEL: z.string().default("whisper-large-v3-turbo"),
  ASR_FAST_API_KEY: optionalString,
  ASR_STANDARD_BASE_URL: optionalUrl,
  ASR_STANDARD_MODEL: z.string().default("whisper-1"),
  ASR_STANDARD_API_KEY: optionalString,
  LLM_BASE_URL: optionalUrl,
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_API_KEY: optionalString,
  /** Budget of one chat-completions request. */
  LLM_TIMEOUT_MS: int(60_000, 1000),
  /** Input budget of one chat-completions request, in tokens (longer transcripts are summarised in chunks). */
  LLM_MAX_INPUT_TOKENS: int(12_000, 500),

  // Live operation (issue 14): record mode and canaries
  /**
   * Record mode: every job's upstream exchanges are written to this directory as one HAR case file in the corpus
   * README's format (identity `_match`, volatile fields out, secrets redacted), replayable with `REPLAY_DIRS`.
   */
  UPSTREAM_RECORD_DIR: optionalString,
  /**
   * Canary calls (`npm run canary`, and the repeatable job when `CANARY_INTERVAL_SECONDS` > 0): a JSON array of
   * `{"operation": "<id>", "params": {...}}`, or unset for the built-in small set.
   */
  CANARY_CALLS: optionalString,
  /** Period of the canary repeatable job in seconds (0: no repeatable job; `npm run canary` still works). */
  CANARY_INTERVAL_SECONDS: int(0, 0),
  /** Where failed canary calls are recorded as HAR cases (default `<tmp>/sda-canary`). */
  CANARY_RECORD_DIR: optionalString,

  // Outgoing webhooks (packages/webhooks: batch completion, monitor deliveries)
  /** Allow `http://` webhook URLs (development only); unset: https only. */
  WEBHOOK_ALLOW_HTTP: bool.default(false),
  /**
   * Comma-separated hosts (names or IP literals, e.g. `127.0.0.1` for tests) exempt from the SSRF address checks
   * (loopback, private, link-local, CGNAT, metadata …). The scheme rule still applies.
   */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(""),
  /** Budget of one webhook attempt, connect to last response byte read (2xx within it is success). */
  WEBHOOK_TIMEOUT_MS: int(15_000, 100),
  /** Longest wait a receiver's `Retry-After` (429/503) can impose before the next attempt, in seconds. */
  WEBHOOK_RETRY_AFTER_MAX_SECONDS: int(3600, 1),
  /** Webhook attempts in flight per worker process. */
  WEBHOOK_CONCURRENCY: int(8, 1),

  // Free plan limits shown by GET /v1/account (the plan every account has until paid plans exist)
  /** Monitors one account may keep. */
  PLAN_MAX_MONITORS: int(5, 0),

  // Web dashboard (/dashboard)
  /** Lifetime of a dashboard session (sliding: renewed on every page), in seconds. */
  DASHBOARD_SESSION_TTL_SECONDS: int(7 * 24 * 3600, 60),
  /** Failed sign-ins allowed per email address per 15 minutes before 429. */
  DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL: int(10, 1),
  /** Sign-in and sign-up attempts allowed per client address per 15 minutes before 429. */
  DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS: int(50, 1),

  // Monitors (packages/monitors)
  /** Shortest schedule a monitor may have, in seconds (an `every` below it, or a cron firing more often, is refused). */
  MONITOR_MIN_INTERVAL_SECONDS: int(300, 1),
  /** Monitor runs in flight per worker process; 0: this process runs no monitors (nor their start-up reconcile). */
  MONITOR_CONCURRENCY: int(4, 0),

  // Batch (packages/batch)
  /** Batch items of one account running at once (claimed and queued to a platform queue), across its batches. */
  BATCH_MAX_RUNNING_PER_ACCOUNT: int(4, 1),
  /** Days a batch and its results stay readable (then 404 `batch_expired`); fractions allowed. */
  BATCH_RESULT_TTL_DAYS: z.coerce.number().positive().default(7),
  /** How often each worker reconciles batches (lost item jobs, idle accounts, pending webhooks, expiry), in ms. */
  BATCH_SWEEP_MS: int(5000, 100),

  // Demo (`npm run demo`)
  /** Use exactly this key for the demo account (so a script knows it); a random one is printed otherwise. */
  DEMO_API_KEY: z.string().min(8).optional(),
  /** Colon-separated corpus directories the demo's replay upstream serves (default: ../shared/corpus). */
  REPLAY_DIRS: optionalString,
  /** Port of the demo's replay upstream (0: any free port). */
  REPLAY_PORT: int(0),

  /** Serve Prometheus metrics at GET /metrics on the gateway (only with METRICS_TOKEN set). */
  EXPOSE_METRICS: bool.default(true),
  /** Operator token of GET /metrics (`Authorization: Bearer <token>`); unset: /metrics answers 401 to everyone. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Port of a worker process's own `GET /metrics` (same token rule); unset: workers serve no metrics; 0: any port. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** What the env schema needs of a platform: its name and its own variables (see `definePlatform`). */
export interface PlatformEnvSlice {
  name: string;
  env: z.ZodObject;
}

/** `examplesite` → `EXAMPLESITE_ORIGIN`: the variable that sends every request of a platform to one origin. */
export function originVariable(platform: string): string {
  return `${platform.toUpperCase()}_ORIGIN`;
}

/**
 * The full environment schema: {@link baseEnvSchema} ⊕ each platform's `env` slice ⊕ a generated `<NAME>_ORIGIN`
 * (an optional URL: when set, every request to one of the platform's hosts goes there — the replay, a proxy).
 * @throws Error when two parts declare the same variable.
 */
export function serviceEnvSchema(platforms: readonly PlatformEnvSlice[]): z.ZodObject {
  const shape: Record<string, z.ZodType> = { ...baseEnvSchema.shape };
  const owner = new Map<string, string>(Object.keys(shape).map((k) => [k, "core"]));
  const add = (name: string, schema: z.ZodType, by: string) => {
    const previous = owner.get(name);
    if (previous) throw new Error(`env variable ${name} is declared by both ${previous} and ${by}`);
    owner.set(name, by);
    shape[name] = schema;
  };
  for (const platform of platforms) {
    add(originVariable(platform.name), optionalUrl, platform.name);
    for (const [name, schema] of Object.entries(platform.env.shape))
      add(name, schema as z.ZodType, platform.name);
  }
  return z.object(shape);
}

/**
 * The parsed configuration shared by all processes: the typed service-wide variables, plus every platform's own
 * variables and origins (typed through `OperationContext.env` in that platform's handlers, `unknown` here).
 */
export type ServiceConfig = z.output<typeof baseEnvSchema> & { readonly [variable: string]: unknown };

/** Raw variables, as in `process.env`. */
export type EnvSource = Record<string, string | undefined>;

/**
 * A copy of the raw process environment, for what the schema does not cover: the variables a process hands on to
 * the processes it spawns (the demo), and test-only locations (`CORPUS_DIR`). This module is the only reader of
 * `process.env` (biome `noProcessEnv`).
 */
export function rawEnv(): EnvSource {
  return { ...process.env };
}

/** Thrown by {@link loadEnv}; its message names every bad variable. */
export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Parses the environment once against {@link serviceEnvSchema} of the given platforms (the catalog's). Empty strings
 * count as unset.
 * @param source the variables (default `process.env`: this module is the only reader of it).
 * @throws EnvError naming each invalid variable and why, e.g. `PORT: expected integer, received "abc"`.
 */
export function loadEnv(
  source: EnvSource | undefined,
  platforms: readonly PlatformEnvSlice[],
): ServiceConfig {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source ?? process.env))
    if (value !== undefined && value !== "") cleaned[key] = value;
  const result = serviceEnvSchema(platforms).safeParse(cleaned);
  if (result.success) return result.data as ServiceConfig;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "?");
    return `  ${name}=${JSON.stringify(cleaned[name] ?? "")}: ${issue.message}`;
  });
  throw new EnvError(`invalid configuration:\n${lines.join("\n")}`);
}
