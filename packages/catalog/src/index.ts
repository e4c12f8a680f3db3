import { adsitePlatform } from "@sda/adsite";
import { audiositePlatform } from "@sda/audiosite";
import { chatsitePlatform } from "@sda/chatsite";
import {
  type CanaryCall,
  type Catalog,
  createCatalog,
  createHistoryCatalog,
  type HistoryCatalog,
  type MonitorRules,
  type PlatformServices,
  type PlatformSpec,
  type RecordingRule,
} from "@sda/contract";
import { fedisitePlatform } from "@sda/fedisite";
import { forumsitePlatform } from "@sda/forumsite";
import { microblogsitePlatform } from "@sda/microblogsite";
import { musicsitePlatform } from "@sda/musicsite";
import { newssitePlatform } from "@sda/newssite";
import { photositePlatform } from "@sda/photosite";
import { videositePlatform } from "@sda/videosite";

/**
 * Every platform of the service, ONE line each: its spec (static: params, prices, cache, hosts, env, error codes),
 * whose operations each carry the lazy import of their handler (loaded on first use, so the gateway never loads
 * extraction code). This is the only place that names platforms, and it lists nothing else (the env is composed above
 * the features, in `@sda/services/env`): routes, OpenAPI, queues, the env schema, upstream origins, record mode, the
 * replay, monitors, history and canaries all derive from it.
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
 * canaries, operations): `registry.platforms`, typed line by line, so what derives from them keeps each platform's
 * literal types (its name, env slice and error codes: the wiring's composed code table names every code).
 */
export const platforms = entries;

type Spec = (typeof entries)[number];

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * Every handler service a handler of the catalog names (`ctx.services`: each platform's `PlatformServices`),
 * together: what the wiring (`@sda/services` `createHandlerServices`) must build, and is checked against at compile
 * time.
 */
export type CatalogServices = UnionToIntersection<PlatformServices<Spec>>;

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
