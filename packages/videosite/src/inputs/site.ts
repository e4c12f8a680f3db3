/**
 * The platform's public origin: the host of the canonical URLs we answer with (watch, channel and playlist links) and
 * of every videosite request (the upstream client rewrites it to a replay or proxy when configured).
 */
export const ORIGIN = "https://www.youtube.com";

/** Canonical watch URL of a video id (SPEC §2.3 `url`). */
export function watchUrl(videoId: string): string {
  return `${ORIGIN}/watch?v=${videoId}`;
}
