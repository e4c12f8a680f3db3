import type { Platform, ServiceConfig } from "@sda/core";

/**
 * Which configured origin serves each platform. When a platform's origin is set (a replay or a proxy), every
 * request to any of that platform's hosts (www.youtube.com, youtubei.googleapis.com, *.googlevideo.com, …) is sent
 * there with its path and query unchanged; when unset, requests go to the live host named in the URL.
 */
export function originsFromConfig(config: ServiceConfig): Partial<Record<Platform, string>> {
  const origins: Partial<Record<Platform, string>> = {};
  if (config.VIDEOSITE_ORIGIN) origins.videosite = config.VIDEOSITE_ORIGIN;
  if (config.FORUMSITE_ORIGIN) origins.forumsite = config.FORUMSITE_ORIGIN;
  if (config.PHOTOSITE_ORIGIN) origins.photosite = config.PHOTOSITE_ORIGIN;
  return origins;
}

/** Rewrites a live URL onto `origin` (keeping path and query), or returns it unchanged when no origin is set. */
export function routeUrl(liveUrl: string, origin: string | undefined): string {
  if (!origin) return liveUrl;
  const live = new URL(liveUrl);
  const target = new URL(origin);
  const basePath = target.pathname.replace(/\/$/, "");
  return `${target.origin}${basePath}${live.pathname}${live.search}`;
}
