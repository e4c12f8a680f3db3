import { adsitePlatform } from "@sda/adsite/spec";
import { audiositePlatform } from "@sda/audiosite/spec";
import { batchEnv } from "@sda/batch/env";
import { canaryEnv } from "@sda/canary/env";
import { chatsitePlatform } from "@sda/chatsite/spec";
import {
  type CanaryCall,
  type Catalog,
  createCatalog,
  createHistoryCatalog,
  type EnvSource,
  type FeatureEnv,
  type HistoryCatalog,
  loadEnv,
  type MonitorRules,
  type PlatformEnv,
  type PlatformSpec,
  type RecordingRule,
  type ServiceConfig,
  serviceEnvSchema,
} from "@sda/core";
import { dashboardEnv } from "@sda/dashboard/env";
import { fedisitePlatform } from "@sda/fedisite/spec";
import { forumsitePlatform } from "@sda/forumsite/spec";
import { mediaEnv } from "@sda/media/env";
import { microblogsitePlatform } from "@sda/microblogsite/spec";
import { monitorsEnv } from "@sda/monitors/env";
import { musicsitePlatform } from "@sda/musicsite/spec";
import { newssitePlatform } from "@sda/newssite/spec";
import { photositePlatform } from "@sda/photosite/spec";
import { summarizeEnv } from "@sda/summarize/env";
import { videositePlatform } from "@sda/videosite/spec";
import { webhooksEnv } from "@sda/webhooks/env";

/**
 * Every platform of the service, ONE line each: its spec (static: params, prices, cache, hosts, env, error codes),
 * whose operations each carry the lazy import of their handler (loaded on first use, so the gateway never loads
 * extraction code). This is the only place that names platforms: routes, OpenAPI, queues, the env schema, upstream
 * origins, record mode, the replay, monitors, history and canaries all derive from it.
 */
const entries = [
  videositePlatform,
  photositePlatform,
  forumsitePlatform,
  newssitePlatform,
  microblogsitePlatform,
  fedisitePlatform,
  audiositePlatform,
  chatsitePlatform,
  adsitePlatform,
  musicsitePlatform,
] as const satisfies readonly PlatformSpec[];

/** The registry: every operation spec by id and route, each platform's spec, and `handler(id)` for workers. */
export const registry: Catalog = createCatalog(entries);

/**
 * Every platform's declaration (name, hosts, env slice, error codes, queues, recording rule, history, monitor rules,
 * canaries, operations).
 */
export const platforms = registry.platforms;

type Spec = (typeof entries)[number];

/** A platform's name (`videosite` | `photosite` | …), derived from the catalog. */
export type PlatformName = Spec["name"];

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every platform's env slice at once (what `loadServiceEnv` parses besides the service-wide variables). */
export type CatalogEnv = UnionToIntersection<PlatformEnv<Spec>>;

/**
 * The env slices of the feature packages (speech-to-text, LLM, webhooks, batch, monitors, dashboard, canaries), each
 * declared in its package's `env.ts`; every process parses them all, as it parses every platform's.
 */
export const features: readonly FeatureEnv[] = [
  mediaEnv,
  summarizeEnv,
  webhooksEnv,
  batchEnv,
  monitorsEnv,
  dashboardEnv,
  canaryEnv,
];

/**
 * Parses the environment with the service-wide schema plus every feature's and platform's slice and `<NAME>_ORIGIN`.
 * @param source the variables (default `process.env`).
 * @throws EnvError naming each invalid variable.
 */
export function loadServiceEnv(source?: EnvSource): ServiceConfig {
  return loadEnv(source, platforms, features);
}

/**
 * The composed environment schema every process parses (`loadServiceEnv`): the service-wide variables, each
 * feature's and platform's slice and `<NAME>_ORIGIN`s. `npm run docs` writes the README's configuration table from it.
 */
export function catalogEnvSchema(): ReturnType<typeof serviceEnvSchema> {
  return serviceEnvSchema(platforms, features);
}

/**
 * `<NAME>_ORIGIN` = `origin` for every platform: the demo, the bench and the test helpers send every platform to the
 * replay this way, so a platform added to the catalog is routed without touching them.
 */
export function replayOrigins(origin: string): Record<string, string> {
  return Object.fromEntries(platforms.map((p) => [p.originVariable, origin]));
}

/**
 * Each platform's recording rule (corpus README §2: its path rule, its volatile keys), by platform name, for
 * `startReplayServer({ rules })`; record mode reads the same objects from `platforms`.
 */
export function recordingRules(): Record<string, RecordingRule> {
  return Object.fromEntries(platforms.map((p) => [p.name, p.recording]));
}

/**
 * Which successful calls append metric snapshots (History, `packages/history`): each platform declares its own in
 * its spec (`history`), checked here against the registry.
 */
export const history: HistoryCatalog = createHistoryCatalog(
  registry,
  Object.assign({}, ...platforms.map((p) => p.history)),
);

/**
 * Every platform's monitor rules (which operations monitors may run and how their items are identified), by
 * operation id, from each platform's `monitors`; `@sda/monitors` checks at start that every rule names an operation
 * of the registry.
 */
export const monitorRules: MonitorRules = Object.assign({}, ...platforms.map((p) => p.monitors));

/** Every platform's canary calls (its `canaries`), in catalog order: what runs unless `CANARY_CALLS` is set. */
export const canaries: readonly CanaryCall[] = platforms.flatMap((p) => p.canaries);
