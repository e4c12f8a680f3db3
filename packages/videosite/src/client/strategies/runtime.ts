import type { OperationContext } from "@sda/contract";
import type { StrategyServices } from "@sda/strategy";
import type { VideositeEnv } from "../../env.ts";
import type { VideositeServices } from "../../services.ts";
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
 * What the videosite strategy chains read from an operation context: the upstream client and signal always; the
 * strategy services, the platform's store and the logger when the caller is a worker (tests calling a reader directly
 * may leave them out, then the chain runs without health, identities or PO tokens).
 */
export type ChainContext = UpstreamContext &
  Pick<OperationContext, "platform"> &
  Partial<
    Pick<OperationContext<unknown, Pick<VideositeServices, "strategy">>, "services" | "store" | "log">
  > & {
    /** The platform's env slice (`VIDEOSITE_POT_*`, `VIDEOSITE_PROXIES`), as handlers get it. */
    env?: Partial<VideositeEnv>;
  };

/** The runtime settings of one chain run. */
export interface VideositeRuntime {
  /** The platform the operation runs for (`ctx.platform`): whose strategy health its outcomes are. */
  platform: string;
  /** The player clients after the identities config's overrides. */
  clients: Record<PlayerClientId, InnertubeClient>;
  /** The configured strategy order of the operation (`videosite.chains.<operation>`), or undefined (code order). */
  order: string[] | undefined;
  /** The PO-token provider when `VIDEOSITE_POT_PROVIDER_URL` is set. */
  pot: PoTokenProvider | null;
  /** The egress proxy pool (`VIDEOSITE_PROXIES`), or null without proxies. */
  proxies: ProxyPool | null;
  /** Where strategy health and source circuits live (the process's strategy services). */
  health: StrategyServices["health"] | undefined;
}

/**
 * Reads the identities config (env `IDENTITIES_JSON`, Redis `<prefix>:identities`) and builds the PO-token provider
 * for one run of `operation` (e.g. `transcript`).
 */
export async function videositeRuntime(ctx: ChainContext, operation: string): Promise<VideositeRuntime> {
  const { store, log } = ctx;
  const strategy = ctx.services?.strategy;
  if (!strategy || !store)
    return {
      platform: ctx.platform,
      clients: resolveClients({}),
      order: undefined,
      pot: null,
      proxies: null,
      health: undefined,
    };
  const [section, order] = await Promise.all([
    strategy.identities.section("videosite", videositeIdentitiesSchema, {}),
    strategy.identities.chainOrder("videosite", operation),
  ]);
  const env: Partial<VideositeEnv> = ctx.env ?? {};
  const url = env.VIDEOSITE_POT_PROVIDER_URL;
  const pot = url
    ? new PoTokenProvider({
        url,
        store,
        ttlSeconds: env.VIDEOSITE_POT_TTL_SECONDS ?? 6 * 60 * 60,
        ...(log ? { log } : {}),
      })
    : null;
  const proxyList = parseVideositeProxies(env);
  return {
    platform: ctx.platform,
    clients: resolveClients(section),
    order,
    pot,
    proxies: proxyList.length > 0 ? new ProxyPool(store, proxyList) : null,
    health: strategy.health,
  };
}
