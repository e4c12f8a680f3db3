import type { OperationContext } from "@sda/contract";
import type { Logger, RedisClient } from "@sda/core";
import { z } from "zod";

/** `<prefix>:identities`: the Redis key holding the identities document (JSON), read at runtime. */
export const identitiesKey = (prefix: string) => `${prefix}:identities`;

/** Default of {@link IdentitiesOptions.refreshSeconds}. */
const IDENTITIES_REFRESH_SECONDS = 60;

const documentSchema = z.record(z.string(), z.unknown());
const chainsSchema = z.record(z.string(), z.array(z.string().min(1)));

interface IdentitiesOptions {
  /** Where the runtime document lives (`<prefix>:identities`); without it only `json` is read. */
  redis?: RedisClient;
  prefix: string;
  /** The `IDENTITIES_JSON` env value: the document used while the Redis key is absent. */
  json?: string | undefined;
  /** The Redis key is re-read at most this often, seconds (default 60). */
  refreshSeconds?: number;
  log?: Logger;
}

/**
 * Platform identities (client names, versions, User-Agents, `doc_id`s, app ids, chain orders) that an operator can
 * change without a release. The document is a JSON object with one section per platform:
 *
 * ```json
 * { "videosite": { "clients": { "android": { "clientVersion": "20.10.38" } }, "chains": { "transcript": ["android", "visionos"] } },
 *   "photosite": { "docIds": { "profile": "123" }, "appId": "936619743392459" } }
 * ```
 *
 * Source: the Redis key `<prefix>:identities` when present (re-read at most every `refreshSeconds`), else the
 * `IDENTITIES_JSON` env value, else nothing — the code values are the defaults. Each platform validates its own
 * section with its zod schema ({@link IdentitiesConfig.section}); an invalid document or section is logged and the
 * defaults (or the env document) stay in force, so a typo never takes a platform down.
 */
export class IdentitiesConfig {
  private cached: { doc: Record<string, unknown>; at: number } | undefined;
  private readonly envDoc: Record<string, unknown>;
  private readonly warned = new Set<string>();
  private loading: Promise<Record<string, unknown>> | undefined;

  constructor(private readonly options: IdentitiesOptions) {
    this.envDoc = options.json ? (this.parse(options.json, "IDENTITIES_JSON") ?? {}) : {};
  }

  /** The current document (the Redis key's, else the env's, else `{}`). */
  async document(): Promise<Record<string, unknown>> {
    const refreshMs = (this.options.refreshSeconds ?? IDENTITIES_REFRESH_SECONDS) * 1000;
    if (this.cached && Date.now() - this.cached.at < refreshMs) return this.cached.doc;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /**
   * One platform's section validated by `schema` over the code's `defaults` (a shallow merge: a key present in the
   * section replaces the default's whole value).
   * @returns the defaults when the section is absent or invalid (logged once per distinct problem).
   */
  async section<T extends Record<string, unknown>>(
    name: string,
    schema: z.ZodType<Partial<T>>,
    defaults: T,
  ): Promise<T> {
    const raw = (await this.document())[name];
    if (raw === undefined) return defaults;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      this.warnOnce(
        `${name}:${parsed.error.message}`,
        { section: name, issues: parsed.error.issues },
        "invalid identities section ignored",
      );
      return defaults;
    }
    const section = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    return { ...defaults, ...section } as T;
  }

  /**
   * The configured strategy order of an operation: `<platform>.chains.<operation>` of the document.
   * @returns the ids, or `undefined` when none are configured (the code order applies).
   */
  async chainOrder(platform: string, operation: string): Promise<string[] | undefined> {
    const section = (await this.document())[platform];
    if (!section || typeof section !== "object") return undefined;
    const chains = chainsSchema.safeParse((section as Record<string, unknown>).chains ?? {});
    if (!chains.success) {
      this.warnOnce(`${platform}:chains`, { section: platform }, "invalid identities chains ignored");
      return undefined;
    }
    const order = chains.data[operation];
    return order && order.length > 0 ? order : undefined;
  }

  private async load(): Promise<Record<string, unknown>> {
    const { redis, prefix } = this.options;
    let doc = this.envDoc;
    if (redis) {
      try {
        const text = await redis.get(identitiesKey(prefix));
        if (text !== null) doc = this.parse(text, identitiesKey(prefix)) ?? this.cached?.doc ?? this.envDoc;
      } catch (error) {
        // Redis unreachable: keep what was read last.
        this.options.log?.warn({ err: error }, "identities could not be read from Redis");
        doc = this.cached?.doc ?? this.envDoc;
      }
    }
    this.cached = { doc, at: Date.now() };
    return doc;
  }

  private parse(text: string, where: string): Record<string, unknown> | undefined {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.warnOnce(`${where}:json`, { where }, "identities document is not JSON; ignored");
      return undefined;
    }
    const doc = documentSchema.safeParse(json);
    if (!doc.success) {
      this.warnOnce(`${where}:object`, { where }, "identities document is not a JSON object; ignored");
      return undefined;
    }
    return doc.data;
  }

  private warnOnce(key: string, fields: Record<string, unknown>, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.options.log?.warn(fields, message);
  }
}

const shared = new Map<string, IdentitiesConfig>();

/**
 * The process-wide {@link IdentitiesConfig} of a key prefix (one per prefix and env document, so every operation of a
 * worker shares one cache and one refresh clock). Built from `IDENTITIES_JSON` / `IDENTITIES_REFRESH_SECONDS`.
 */
export function identitiesFor(options: IdentitiesOptions): IdentitiesConfig {
  const key = `${options.prefix}\u0000${options.json ?? ""}\u0000${options.refreshSeconds ?? ""}`;
  let config = shared.get(key);
  if (!config) {
    config = new IdentitiesConfig(options);
    shared.set(key, config);
  }
  return config;
}

/**
 * The identities of a handler's process (`ctx.services.strategy.identities`): the context of a handler naming the
 * strategy services among its platform's (`{ strategy: StrategyServices }`).
 */
export function identitiesOf(
  ctx: Pick<OperationContext<unknown, { strategy: { identities: IdentitiesConfig } }>, "services">,
): IdentitiesConfig {
  return ctx.services.strategy.identities;
}
