import { z } from "zod";

/**
 * The shapes of variables, for core's schema and every env slice: `bool` (`true`/`false`/`1`/`0`/`yes`/`no`, or an
 * already parsed boolean, so a slice can be read again from a parsed configuration), `int(default, min)`,
 * `optionalUrl`, `optionalString` (empty counts as unset, see {@link loadEnv}).
 */
export const envVar = {
  bool: z.union([
    z.boolean(),
    z
      .enum(["true", "false", "1", "0", "yes", "no"])
      .transform((v) => v === "true" || v === "1" || v === "yes"),
  ]),
  int: (def: number, min = 0) => z.coerce.number().int().min(min).default(def),
  optionalUrl: z.url().optional(),
  optionalString: z.string().min(1).optional(),
};
const { int, optionalUrl, optionalString } = envVar;

/**
 * The service-wide part of the environment schema: the variables every process reads (process mode, logging, the
 * stores and their key prefix) and those the packages both the gateway and the worker run read (the job contract,
 * reservations, cache and cursors, upstream requests, metrics). Each app declares its own variables in
 * `apps/<app>/src/env.ts` as a slice ({@link defineFeatureEnv}: the gateway's listening, deadlines, rate limits,
 * request-log buffer, MCP…; the worker's queues, concurrency and locks; the demo's key, inbox and replay), each feature package its slice (speech-to-text, LLM, webhooks, batch, monitors,
 * dashboard, canaries), each platform its slice and `<NAME>_ORIGIN` ({@link serviceEnvSchema}); a process parses
 * this, its apps' slices, every feature's and every platform's once at start by {@link loadEnv}
 * (`@sda/services/env` composes them); nothing else reads `process.env`. Each variable carries its own description
 * (`.describe()`, or `.meta({ description, shownDefault })` when the default needs words): `npm run docs` writes the
 * README's configuration table from them (`envTableRows`), and `npm run lint` fails when the README differs.
 */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development").describe("process mode"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info")
    .describe("pino log level"),
  LOG_FORMAT: z
    .enum(["json", "pretty"])
    .default("json")
    .describe(
      "`json`: one JSON object per line (for machines); `pretty`: coloured lines for a terminal (the demo)",
    ),

  // Stores
  DATABASE_URL: z
    .string()
    .default("postgresql://postgres@127.0.0.1:5432/sda")
    .describe("the ledger database (created by `migrate`/the demo when missing)"),
  REDIS_URL: z
    .string()
    .default("redis://127.0.0.1:6379")
    .describe("queues, result cache, rate limits, circuits, shared tokens"),
  REDIS_CLUSTER_NODES: z
    .string()
    .default("")
    .describe(
      "comma-separated `host:port` seeds of a Redis Cluster; when set it is used instead of `REDIS_URL` (docs/operations.md)",
    ),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("sda")
    .describe("prefix of every Redis key; processes with the same prefix share work"),

  // Jobs: the contract between the gateway (it enqueues and reads results) and the worker (it runs and retries)
  RESULT_TTL_SECONDS: int(3600, 1).describe("how long a finished job stays readable at `GET /v1/jobs/{id}`"),
  JOB_ATTEMPTS: int(3, 1).describe("attempts of a job whose worker crashed or threw an unexpected error"),
  RESERVATION_TTL_SECONDS: int(1800, 60).describe(
    "life of a call's credit hold before the sweeper releases it (longer than any call runs, queue wait included)",
  ),

  // Cache and cursors
  CACHE_TTL_SECONDS: int(86_400, 1).describe(
    "oldest result `cache=true` accepts, and default keep time (SPEC §8: 24 h)",
  ),
  CURSOR_SECRET: z.string().min(16).default("development-cursor-secret-change-me").meta({
    description: "HMAC secret of list cursors; set it, equal on every gateway and worker",
    shownDefault: "a development value",
  }),

  // Upstream platforms
  UPSTREAM_TIMEOUT_MS: int(15_000, 100).describe("budget of one platform request"),
  UPSTREAM_USER_AGENT: z
    .string()
    .default(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    )
    .meta({ description: "User-Agent of platform requests", shownDefault: "a desktop Chrome" }),
  IDENTITIES_JSON: optionalString.describe(
    "platform identities and strategy orders without a release (JSON; the Redis key `<prefix>:identities` wins)",
  ),
  IDENTITIES_REFRESH_SECONDS: int(60, 0).describe("how often the identities Redis key is re-read at most"),

  // Live operation (issue 14): record mode
  UPSTREAM_RECORD_DIR: optionalString.describe(
    "record mode: each job's upstream exchanges as one replayable HAR case here (secrets redacted)",
  ),

  METRICS_TOKEN: z.string().min(16).optional().meta({
    description: "operator token of `GET /metrics`: `Authorization: Bearer <token>` (16+ characters)",
    shownDefault: "unset (`/metrics` refused)",
  }),
});

/** What the env schema needs of a platform: its name and its own variables (see `definePlatform`). */
export interface PlatformEnvSlice {
  name: string;
  env: z.ZodObject;
}

/**
 * A feature package's or an app's own variables (speech-to-text, LLM, webhooks, batch, monitors, dashboard,
 * canaries; the gateway's, the worker's, the demo's), declared the way a platform declares its `env` slice and
 * composed into the service schema by `@sda/services/env`.
 */
export interface FeatureEnv<E extends z.ZodObject = z.ZodObject> {
  /** The package's name (`webhooks`), as a variable declared twice names its owners. */
  readonly name: string;
  readonly env: E;
  /**
   * The slice's variables, parsed and typed, out of a service configuration: the values `loadEnv` parsed (every
   * process's schema, `@sda/services/env`, holds every feature's slice), or the variables a caller put in the
   * configuration itself (a test's, parsed with its platforms only, carries its other variables as given), or the
   * defaults. Parsed once per configuration.
   * @throws EnvError naming each invalid variable.
   */
  of(config: ServiceConfig): z.output<E>;
}

/**
 * Declares a feature package's or an app's env slice (its `env.ts`): `defineFeatureEnv("webhooks", z.object({
 * WEBHOOK_… }))`. Read it with `.of(config)`, or type the configuration the slice was parsed with (an app's).
 */
export function defineFeatureEnv<E extends z.ZodObject>(name: string, env: E): FeatureEnv<E> {
  const parsed = new WeakMap<object, z.output<E>>();
  return {
    name,
    env,
    of(config) {
      const known = parsed.get(config);
      if (known) return known;
      const input: Record<string, unknown> = {};
      for (const key of Object.keys(env.shape)) input[key] = config[key];
      const result = env.safeParse(input);
      if (!result.success) throw new EnvError(invalidVariables(result.error, input));
      parsed.set(config, result.data);
      return result.data;
    },
  };
}

/** `examplesite` → `EXAMPLESITE_ORIGIN`: the variable that sends every request of a platform to one origin. */
export function originVariable(platform: string): string {
  return `${platform.toUpperCase()}_ORIGIN`;
}

/**
 * The full environment schema: {@link baseEnvSchema} ⊕ each feature's slice ⊕ each platform's `env` slice ⊕ a
 * generated `<NAME>_ORIGIN` (an optional URL: when set, every request to one of the platform's hosts goes there — the
 * replay, a proxy).
 * @throws Error when two parts declare the same variable.
 */
export function serviceEnvSchema(
  platforms: readonly PlatformEnvSlice[],
  features: readonly FeatureEnv[] = [],
): z.ZodObject {
  const shape: Record<string, z.ZodType> = { ...baseEnvSchema.shape };
  const owner = new Map<string, string>(Object.keys(shape).map((k) => [k, "core"]));
  const add = (name: string, schema: z.ZodType, by: string) => {
    const previous = owner.get(name);
    if (previous) throw new Error(`env variable ${name} is declared by both ${previous} and ${by}`);
    owner.set(name, by);
    shape[name] = schema;
  };
  for (const feature of features)
    for (const [name, schema] of Object.entries(feature.env.shape))
      add(name, schema as z.ZodType, feature.name);
  for (const platform of platforms) {
    add(
      originVariable(platform.name),
      optionalUrl.meta({
        description: `send every request to ${platform.name}'s hosts to this origin (the replay, a proxy)`,
        shownDefault: "unset (live hosts)",
      }),
      platform.name,
    );
    for (const [name, schema] of Object.entries(platform.env.shape))
      add(name, schema as z.ZodType, platform.name);
  }
  return z.object(shape);
}

/**
 * One platform's parsed variables: its `env` slice (each `<NAME>_…` variable its spec declares) and its
 * `<NAME>_ORIGIN`, as its handlers read them as `ctx.env` (typed there through `OperationContext.env`).
 */
export type PlatformEnvValues = Readonly<Record<string, unknown>>;

/**
 * The parsed configuration shared by all processes: the typed service-wide variables, every feature's and platform's
 * variables and origins (`unknown` here), and `platforms`: each parsed platform's slice by platform name, made once
 * by {@link loadEnv} (what the engine and the canaries hand a handler as `ctx.env`).
 */
export type ServiceConfig = z.output<typeof baseEnvSchema> & {
  readonly platforms: Readonly<Record<string, PlatformEnvValues>>;
} & { readonly [variable: string]: unknown };

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
 * Parses the environment once against {@link serviceEnvSchema} of the given platforms and features (the composed
 * env's, `@sda/services/env`), and gathers each platform's slice under `platforms.<name>`. Empty strings count as unset.
 * @param source the variables (default `process.env`: this module is the only reader of it).
 * @throws EnvError naming each invalid variable and why, e.g. `PORT: expected integer, received "abc"`.
 */
export function loadEnv(
  source: EnvSource | undefined,
  platforms: readonly PlatformEnvSlice[],
  features: readonly FeatureEnv[] = [],
): ServiceConfig {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source ?? process.env))
    if (value !== undefined && value !== "") cleaned[key] = value;
  const result = serviceEnvSchema(platforms, features).safeParse(cleaned);
  if (!result.success) throw new EnvError(invalidVariables(result.error, cleaned));
  const values: Record<string, unknown> = result.data;
  const slices = Object.fromEntries(
    platforms.map((platform) => {
      const names = [originVariable(platform.name), ...Object.keys(platform.env.shape)].filter(
        (n) => n in values,
      );
      return [platform.name, Object.freeze(Object.fromEntries(names.map((name) => [name, values[name]])))];
    }),
  );
  return { ...result.data, platforms: Object.freeze(slices) } as ServiceConfig;
}

/** `invalid configuration:` and one line per bad variable: its name, its value, why. */
function invalidVariables(error: z.ZodError, values: Record<string, unknown>): string {
  const lines = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "?");
    return `  ${name}=${JSON.stringify(values[name] ?? "")}: ${issue.message}`;
  });
  return `invalid configuration:\n${lines.join("\n")}`;
}
