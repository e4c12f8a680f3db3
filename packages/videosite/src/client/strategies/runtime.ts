import type { OperationContext } from "@sda/core";
import { identitiesFor } from "@sda/strategy";
import type { VideositeEnv } from "../../env.ts";
import type { UpstreamContext } from "../context.ts";
import {
  type InnertubeClient,
  type PlayerClientId,
  resolveClients,
  videositeIdentitiesSchema,
} from "../innertube/clients.ts";
import { PoTokenProvider } from "../innertube/po-token.ts";
import { ProxyPool, parseVideositeProxies } from "./proxy-pool.ts";

/**
 * What the videosite strategy chains read from an operation context: the upstream client and signal always; Redis,
 * key prefix, config and logger when the caller is a worker (tests calling a reader directly may leave them out, then
 * the chain runs without health, identities or PO tokens).
 */
export type ChainContext = UpstreamContext &
  Partial<Pick<OperationContext, "redis" | "keyPrefix" | "config" | "log">> & {
    /** The platform's env slice (`VIDEOSITE_POT_*`, `VIDEOSITE_PROXIES`), as handlers get it. */
    env?: Partial<VideositeEnv>;
  };

/** The runtime settings of one chain run. */
export interface VideositeRuntime {
  /** The player clients after the identities config's overrides. */
  clients: Record<PlayerClientId, InnertubeClient>;
  /** The configured strategy order of the operation (`videosite.chains.<operation>`), or undefined (code order). */
  order: string[] | undefined;
  /** The PO-token provider when `VIDEOSITE_POT_PROVIDER_URL` is set. */
  pot: PoTokenProvider | null;
  /** The egress proxy pool (`VIDEOSITE_PROXIES`), or null without proxies. */
  proxies: ProxyPool | null;
  /** Where strategy health and source circuits live (a worker's Redis and prefix). */
  health: { redis: NonNullable<ChainContext["redis"]>; prefix: string } | undefined;
}

const providers = new Map<string, PoTokenProvider>();

/**
 * Reads the identities config (env `IDENTITIES_JSON`, Redis `<prefix>:identities`) and builds the PO-token provider
 * for one run of `operation` (e.g. `transcript`).
 */
export async function videositeRuntime(ctx: ChainContext, operation: string): Promise<VideositeRuntime> {
  const { redis, keyPrefix, config, log } = ctx;
  if (!redis || keyPrefix === undefined)
    return { clients: resolveClients({}), order: undefined, pot: null, proxies: null, health: undefined };
  const identities = identitiesFor({
    redis,
    prefix: keyPrefix,
    json: config?.IDENTITIES_JSON,
    ...(config ? { refreshSeconds: config.IDENTITIES_REFRESH_SECONDS } : {}),
    ...(log ? { log } : {}),
  });
  const [section, order] = await Promise.all([
    identities.section("videosite", videositeIdentitiesSchema, {}),
    identities.chainOrder("videosite", operation),
  ]);
  let pot: PoTokenProvider | null = null;
  const env: Partial<VideositeEnv> = ctx.env ?? {};
  const url = env.VIDEOSITE_POT_PROVIDER_URL;
  if (url) {
    const key = `${keyPrefix}\u0000${url}`;
    pot = providers.get(key) ?? null;
    if (!pot) {
      pot = new PoTokenProvider({
        url,
        redis,
        prefix: keyPrefix,
        ttlSeconds: env.VIDEOSITE_POT_TTL_SECONDS ?? 6 * 60 * 60,
        ...(log ? { log } : {}),
      });
      providers.set(key, pot);
    }
  }
  const proxyList = parseVideositeProxies(env);
  return {
    clients: resolveClients(section),
    order,
    pot,
    proxies: proxyList.length > 0 ? new ProxyPool(redis, keyPrefix, proxyList) : null,
    health: { redis, prefix: keyPrefix },
  };
}
