import { createHash } from "node:crypto";
import type { MonitorRule } from "@sda/contract";

/**
 * The monitor rule of the adsite lists (`search`, `advertiser-ads`): items keyed by ad id, each delivered with
 * `change`:
 * - `new`: an ad id not seen before;
 * - `changed`: a seen ad whose version changed — a hash over its creative (texts, links, call to action and the paths
 *   of its media, not their signed, expiring query strings), format, variants, platforms and political ranges
 *   (`lastShownAt` and `daysShown` move daily and are left out);
 * - `stopped`: an ad served inactive after it was seen (an ad that merely left an `active` list is not stopped).
 *
 * The seen set of monitors holds ids only, so the rule lists up to three keyed views of each ad — `<id>` (new),
 * `<id>#v:<hash>` (this version) and, for an inactive ad, `<id>#stopped` — and `deliverable` keeps one per ad among a
 * run's fresh views: `new` before `stopped` before `changed`. An ad first seen inactive is `new` (and never `stopped`
 * later); an ad whose version returns to one seen before is not delivered again.
 */

/** The `change` of a delivered ad. */
export type AdChange = "new" | "changed" | "stopped";

const PRIORITY: Record<AdChange, number> = { new: 0, stopped: 1, changed: 2 };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** A media URL without its host and signed query (`/v/t39.35426-6/…_n.jpg`), so re-signed links compare equal. */
function mediaPath(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return new URL(value).pathname;
  } catch {
    return value;
  }
}

const MEDIA_KEYS = new Set(["images", "hdUrl", "sdUrl", "previewImageUrl", "imageUrl"]);

/** The creative with its media URLs reduced to their paths. */
function stableCreative(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => stableCreative(v, key));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stableCreative(v, k)]));
  return MEDIA_KEYS.has(key) ? mediaPath(value) : value;
}

/** The bounds of the political ranges (their texts and the disclosure are left out). */
function politicalBounds(value: unknown): unknown {
  if (!isObject(value)) return null;
  const bounds = (r: unknown) => (isObject(r) ? [r.lower ?? null, r.upper ?? null] : null);
  return { spend: bounds(value.spend), impressions: bounds(value.impressions), reach: bounds(value.reach) };
}

/** The version hash of an ad (see the module comment): 16 hex digits of SHA-256. */
export function adVersion(ad: Json): string {
  const basis = JSON.stringify([
    stableCreative(ad.creative),
    ad.format ?? null,
    ad.variants ?? null,
    ad.platforms ?? null,
    politicalBounds(ad.political),
  ]);
  return createHash("sha256").update(basis).digest("hex").slice(0, 16);
}

const idOf = (item: unknown): string | null =>
  isObject(item) && typeof item.id === "string" && item.id !== "" ? item.id : null;

/** The adsite monitor rule over the ads at `data[listField]` (see the module comment). */
export function adChanges(listField: string): MonitorRule {
  return {
    items(data) {
      const list = isObject(data) ? data[listField] : undefined;
      if (!Array.isArray(list)) return [];
      return list
        .filter(isObject)
        .flatMap((ad) => [
          { ...ad, change: "new" as const },
          { ...ad, change: "changed" as const },
          ...(ad.isActive === false ? [{ ...ad, change: "stopped" as const }] : []),
        ]);
    },
    itemId(item) {
      const id = idOf(item);
      if (id === null || !isObject(item)) return null;
      if (item.change === "changed") return `${id}#v:${adVersion(item)}`;
      if (item.change === "stopped") return `${id}#stopped`;
      return id;
    },
    deliverable(fresh) {
      const chosen = new Map<string, Json>();
      for (const item of fresh) {
        const id = idOf(item);
        if (id === null || !isObject(item)) continue;
        const held = chosen.get(id);
        const rank = PRIORITY[item.change as AdChange] ?? 3;
        if (!held || rank < (PRIORITY[held.change as AdChange] ?? 3)) chosen.set(id, item);
      }
      return [...chosen.values()];
    },
  };
}
