import type { Redis } from "ioredis";
import type { ServiceConfig } from "./env.ts";
import type { Logger } from "./logger.ts";

/** What a process builds its handler services from: its configuration, its shared Redis and its logger. */
export interface HandlerServiceInputs {
  config: ServiceConfig;
  /** The shared Redis: a service keeps its keys under `config.QUEUE_PREFIX`, each with a TTL or an owner. */
  redis: Redis;
  log: Logger;
}

/**
 * The services a process builds once and hands to every handler as fields of its context (`ctx.media`,
 * `ctx.summariser`, `ctx.strategy`), instead of each call building them from the configuration. Empty in core: each
 * feature package adds its field by declaration merging (`declare module "@sda/core" { interface HandlerServices {
 * media: MediaServices } }`) and registers how to build it with {@link defineHandlerService}, so core names none of
 * their types.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the feature packages' declaration merging
export interface HandlerServices {}

type Factory = (inputs: HandlerServiceInputs) => unknown;

const factories = new Map<string, Factory>();
const built = new WeakMap<HandlerServiceInputs, Map<string, unknown>>();

/**
 * Registers how a feature package builds its handler service (called once, when its module loads; a platform using
 * the service imports the package, so the service is registered before its handlers run).
 */
export function defineHandlerService<K extends keyof HandlerServices>(
  name: K,
  build: (inputs: HandlerServiceInputs) => HandlerServices[K],
): void {
  factories.set(name as string, build);
}

/**
 * The handler services of a process: each registered one built on first use, then kept for every later call with the
 * same `inputs` (a process passes one object for all its calls). Reading a service no loaded package registered
 * gives `undefined`.
 */
export function handlerServices(inputs: HandlerServiceInputs): HandlerServices {
  let made = built.get(inputs);
  if (!made) {
    made = new Map();
    built.set(inputs, made);
  }
  const cache = made;
  // A proxy: a platform's package may register its services after the context was made (handlers load lazily).
  return new Proxy({} as HandlerServices, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      if (cache.has(name)) return cache.get(name);
      const build = factories.get(name);
      if (!build) return undefined;
      const service = build(inputs);
      cache.set(name, service);
      return service;
    },
  });
}
