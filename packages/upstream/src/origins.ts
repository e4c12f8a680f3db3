import { type CallerHosts, matchesHost, type PlatformSpec } from "@sda/contract";

/**
 * What routing needs of a platform: its name, its live hosts, the variable naming its origin, and whether callers
 * choose its hosts (then its live requests are guarded).
 */
type RoutedPlatform = Pick<PlatformSpec, "name" | "hosts" | "originVariable"> &
  Partial<Pick<PlatformSpec, "callerHosts">>;

/**
 * One platform's routing: its host patterns and, when configured, the origin every request to them goes to; for a
 * platform whose hosts callers choose, `callerHosts` (its live requests go through the SSRF guard).
 */
export interface OriginRoute {
  platform: string;
  hosts: readonly string[];
  origin?: string;
  callerHosts?: CallerHosts;
}

/**
 * The configured origins: one route per platform whose `<NAME>_ORIGIN` is set (a replay or a proxy). Every request
 * to one of that platform's hosts (`www.example.com`, `*.cdn.example.com`, …) is then sent there with its path and
 * query unchanged; platforms without an origin go to the live host named in the URL. A platform declaring
 * `callerHosts` always has a route carrying it (with or without origin), so every client built from the catalog
 * guards its live requests.
 */
export function originsFromConfig(
  config: Readonly<Record<string, unknown>>,
  platforms: readonly RoutedPlatform[],
): OriginRoute[] {
  const routes: OriginRoute[] = [];
  for (const platform of platforms) {
    const origin = config[platform.originVariable];
    const guard = platform.callerHosts ? { callerHosts: platform.callerHosts } : {};
    if (typeof origin === "string" && origin)
      routes.push({ platform: platform.name, hosts: platform.hosts, origin, ...guard });
    else if (platform.callerHosts) routes.push({ platform: platform.name, hosts: platform.hosts, ...guard });
  }
  return routes;
}

/**
 * The origin a request goes to: the route whose hosts include the URL's host, else the route of the platform the
 * request names (a platform URL on a host its spec does not list), else none (the live host).
 */
export function originFor(
  routes: readonly OriginRoute[],
  liveUrl: string,
  platform: string,
): string | undefined {
  const host = new URL(liveUrl).hostname;
  return (
    routes.find((route) => route.origin && matchesHost(route.hosts, host))?.origin ??
    routes.find((route) => route.origin && route.platform === platform)?.origin
  );
}

/** Rewrites a live URL onto `origin` (keeping path and query), or returns it unchanged when no origin is set. */
export function routeUrl(liveUrl: string, origin: string | undefined): string {
  if (!origin) return liveUrl;
  const live = new URL(liveUrl);
  const target = new URL(origin);
  const basePath = target.pathname.replace(/\/$/, "");
  return `${target.origin}${basePath}${live.pathname}${live.search}`;
}

/** The guard of a platform whose hosts callers choose (its route's `callerHosts`), or undefined. */
export function callerHostsOf(routes: readonly OriginRoute[], platform: string): CallerHosts | undefined {
  return routes.find((route) => route.platform === platform)?.callerHosts;
}
