import type { PlatformHttpClient, PlatformRequest } from "@sda/contract";
import type { PlatformStore } from "@sda/core";
import type { VideositeEnv } from "../../env.ts";

/** `proxy` in the platform's store: the shared rotation counter of the videosite proxy pool. */
const PROXY_COUNTER_KEY = "proxy";
/** How long the counter outlives its last move (then the pool starts again at its first proxy): 7 days. */
const PROXY_COUNTER_TTL_MS = 7 * 24 * 3600 * 1000;

/** Parses `VIDEOSITE_PROXIES` (comma-separated proxy URLs, e.g. `http://user:pass@p1:8080`). */
export function parseVideositeProxies(
  env: Partial<Pick<VideositeEnv, "VIDEOSITE_PROXIES">> | undefined,
): string[] {
  return (env?.VIDEOSITE_PROXIES ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * The videosite egress proxy pool (`VIDEOSITE_PROXIES`): every worker uses the same current proxy (a counter in
 * the platform's store), and a block (bot check, session block, captcha, 403/429) moves every worker on to the next one, since a
 * block is against the egress address, not the video.
 */
export class ProxyPool {
  constructor(
    private readonly store: PlatformStore,
    readonly proxies: readonly string[],
  ) {}

  /** The proxy in use, or null for an empty pool. */
  async current(): Promise<string | null> {
    if (this.proxies.length === 0) return null;
    const n = Number((await this.store.get(PROXY_COUNTER_KEY).catch(() => null)) ?? 0);
    return this.proxies[Math.abs(n) % this.proxies.length] ?? null;
  }

  /**
   * Moves on to the next proxy after a block seen through `blocked` (a no-op when another worker already moved on).
   * @returns the proxy now in use.
   */
  async rotate(blocked: string | null): Promise<string | null> {
    if (this.proxies.length === 0) return null;
    if (blocked !== null && (await this.current()) !== blocked) return this.current();
    await this.store.increment(PROXY_COUNTER_KEY, PROXY_COUNTER_TTL_MS);
    return this.current();
  }
}

/**
 * `http` (the context's, bound to the platform) with `proxy` set on every request of the platform; a request a shared
 * pipeline sends naming its own provider (media's `asr`) passes unchanged.
 */
export function proxiedHttp(http: PlatformHttpClient, proxy: string | null): PlatformHttpClient {
  if (!proxy) return http;
  const ours = (request: PlatformRequest) => !("platform" in request);
  return {
    request: (request, signal) => http.request(ours(request) ? { ...request, proxy } : request, signal),
    stream: (request, signal) => http.stream(ours(request) ? { ...request, proxy } : request, signal),
  };
}
