import { matchesHost, type PlatformSpec } from "@sda/core";

/** What routing needs of a platform: its name, its live hosts, and the variable naming its origin. */
export type RoutedPlatform = Pick<PlatformSpec, "name" | "hosts" | "originVariable">;

/** One platform's routing: its host patterns and, when configured, the origin every request to them goes to. */
export interface OriginRoute {
  platform: string;
  hosts: readonly string[];
  origin: string;
}

/**
 * The configured origins: one route per platform whose `<NAME>_ORIGIN` is set (a replay or a proxy). Every request
 * to one of that platform's hosts (`www.example.com`, `*.cdn.example.com`, …) is then sent there with its path and
 * query unchanged; platforms without an origin go to the live host named in the URL.
 */
export function originsFromConfig(
  config: Readonly<Record<string, unknown>>,
  platforms: readonly RoutedPlatform[],
): OriginRoute[] {
  const routes: OriginRoute[] = [];
  for (const platform of platforms) {
    const origin = config[platform.originVariable];
    if (typeof origin === "string" && origin)
      routes.push({ platform: platform.name, hosts: platform.hosts, origin });
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
    routes.find((route) => matchesHost(route.hosts, host))?.origin ??
    routes.find((route) => route.platform === platform)?.origin
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
