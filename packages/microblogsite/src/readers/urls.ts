import type { z } from "zod";
import type { rawLabel } from "./lexicon.ts";

/** The web app the platform's links point to. */
export const APP_ORIGIN = "https://bsky.app";

/** The AppView's placeholder handle for an account whose handle does not verify. */
const INVALID_HANDLE = "handle.invalid";

/**
 * `https://bsky.app/profile/<handle>`, or the DID's link when the handle is `handle.invalid` (the app links such
 * accounts by DID).
 */
export function appUrl(handle: string, did: string): string {
  return `${APP_ORIGIN}/profile/${handle && handle !== INVALID_HANDLE ? handle : did}`;
}

/** The parts of an `at://<authority>/<collection>/<rkey>` URI; null when it is not one. */
export function atUriParts(uri: string): { authority: string; collection: string; rkey: string } | null {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(uri);
  return match ? { authority: match[1] ?? "", collection: match[2] ?? "", rkey: match[3] ?? "" } : null;
}

/** The values of labels that apply (negations left out), in order, without repeats. */
export function labelValues(labels: readonly z.infer<typeof rawLabel>[] | undefined): string[] {
  return [...new Set((labels ?? []).filter((l) => l.neg !== true).map((l) => l.val))];
}

/** The `bsky.app` path segment of each record collection the app shows. */
const APP_SEGMENTS: Record<string, string> = {
  "app.bsky.feed.post": "post",
  "app.bsky.feed.generator": "feed",
  "app.bsky.graph.list": "lists",
};

/**
 * The `bsky.app` link of a record: `https://bsky.app/profile/<handle>/post/<rkey>` (`feed/`, `lists/`), by handle when
 * it is known and valid, else by the URI's DID; null for other collections or a malformed URI.
 */
export function recordUrl(uri: string, handle: string | null): string | null {
  const parts = atUriParts(uri);
  const segment = parts ? APP_SEGMENTS[parts.collection] : undefined;
  if (!parts || !segment) return null;
  return `${appUrl(handle ?? "", parts.authority)}/${segment}/${parts.rkey}`;
}
