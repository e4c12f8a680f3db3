import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const optionalUrl = z.url().optional();
const optionalString = z.string().min(1).optional();

/**
 * The one environment schema of every process (gateway, worker, CLI, demo). Parsed once at boot by {@link loadEnv};
 * nothing else reads `process.env`. The README's configuration table lists the same variables.
 */
export const envSchema = z.object({
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
  /** BullMQ lock duration: a job whose worker stops renewing it for this long is handed to another worker. */
  JOB_LOCK_MS: int(30_000, 1000),
  /** Attempts of a job whose worker crashed or threw an unexpected error. */
  JOB_ATTEMPTS: int(3, 1),
  /**
   * Seconds a credit reservation (the hold a call takes before it runs) lives before a worker's sweeper releases it:
   * longer than any call runs, queue wait included.
   */
  RESERVATION_TTL_SECONDS: int(1800, 60),
  /** How often each worker sweeps expired reservations, in ms. */
  RESERVATION_SWEEP_MS: int(60_000, 1000),

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
  /** When set, every request to a videosite host goes to this origin (a replay or a proxy). Unset: the live hosts. */
  VIDEOSITE_ORIGIN: optionalUrl,
  FORUMSITE_ORIGIN: optionalUrl,
  PHOTOSITE_ORIGIN: optionalUrl,
  /** Interface language and region sent to the video platform. */
  VIDEOSITE_HL: z.string().default("en"),
  VIDEOSITE_GL: z.string().length(2).default("US"),
  /**
   * Base URL of a PO-token provider speaking the bgutil HTTP provider protocol (`POST <url>/get_pot`), e.g.
   * `http://bgutil-provider:4416`. Unset: no PO tokens; caption links that need one are skipped (`po_token_required`).
   */
  VIDEOSITE_POT_PROVIDER_URL: optionalUrl,
  /** How long a PO token from the provider is reused (cached in Redis), seconds; the provider's `expiresAt` caps it. */
  VIDEOSITE_POT_TTL_SECONDS: int(6 * 60 * 60, 60),
  /** Comma-separated egress proxy URLs for videosite requests; the next one is used after a block. */
  VIDEOSITE_PROXIES: optionalString,
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

  // Forum platform OAuth app-only credentials
  FORUMSITE_CLIENT_ID: optionalString,
  FORUMSITE_CLIENT_SECRET: optionalString,
  /** User-Agent of forum platform requests: the platform asks API clients for a unique, descriptive one. */
  FORUMSITE_USER_AGENT: z.string().min(1).default("server:social-data-api:0.1.0 (public data service)"),

  /** Comma-separated egress proxies of forum platform requests; a proxy the platform blocks (403) rests, the next serves. */
  FORUMSITE_PROXIES: optionalString,
  /** Rest of a credential or proxy after the forum platform's 403 block page (no `Retry-After`), in seconds. */
  FORUMSITE_BLOCK_COOLDOWN_SECONDS: int(600, 1),

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

  // Photo platform session pool
  PHOTOSITE_SESSION_COOKIES: optionalString,
  PHOTOSITE_PROXIES: optionalString,
  /**
   * Comma-separated hashtags whose explore pages are the source of `GET /v1/photosite/trending-reels` (the reels the
   * platform ranks in their top section).
   */
  PHOTOSITE_TRENDING_HASHTAGS: z.string().default("reels,trending,viral,explorepage"),

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
  /** Batch items one account may have in flight at once. */
  PLAN_MAX_CONCURRENT_BATCH_ITEMS: int(10, 1),
  /** Monitors one account may keep. */
  PLAN_MAX_MONITORS: int(5, 0),
  /** Shortest interval between two runs of one monitor, in seconds. */
  PLAN_MIN_MONITOR_INTERVAL_SECONDS: int(3600, 60),

  // Web dashboard (/dashboard)
  /** Lifetime of a dashboard session (sliding: renewed on every page), in seconds. */
  DASHBOARD_SESSION_TTL_SECONDS: int(7 * 24 * 3600, 60),
  /** Failed sign-ins allowed per email address per 15 minutes before 429. */
  DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL: int(10, 1),
  /** Sign-in and sign-up attempts allowed per client address per 15 minutes before 429. */
  DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS: int(50, 1),

  // Demo (`npm run demo`)
  /** Use exactly this key for the demo account (so a script knows it); a random one is printed otherwise. */
  DEMO_API_KEY: z.string().min(8).optional(),
  /** Colon-separated corpus directories the demo's replay upstream serves (default: ../shared/corpus). */
  REPLAY_DIRS: optionalString,
  /** Port of the demo's replay upstream (0: any free port). */
  REPLAY_PORT: int(0),

  /** Serve Prometheus metrics at GET /metrics on the gateway. */
  EXPOSE_METRICS: bool.default(true),
});

/** The parsed configuration shared by all processes. */
export type ServiceConfig = z.output<typeof envSchema>;

/** Thrown by {@link loadEnv}; its message names every bad variable. */
export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Parses the environment once. Empty strings count as unset.
 * @throws EnvError naming each invalid variable and why, e.g. `PORT: expected integer, received "abc"`.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): ServiceConfig {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source))
    if (value !== undefined && value !== "") cleaned[key] = value;
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "?");
    return `  ${name}=${JSON.stringify(cleaned[name] ?? "")}: ${issue.message}`;
  });
  throw new EnvError(`invalid configuration:\n${lines.join("\n")}`);
}
