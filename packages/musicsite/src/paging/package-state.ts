import type { OperationContext } from "@sda/contract";
import type { z } from "zod";
import type { ReleasePackage } from "../readers/packages.ts";
import type { observedPackage } from "../spec/shapes.ts";

/** A package with the last change of its state the service observed. */
export type ObservedPackage = z.output<typeof observedPackage>;

/** A change of a package's state. */
export type PackageChange = ObservedPackage["change"];

/** How long a package's last observed state is kept after it was last read (refreshed by every read). */
export const PACKAGE_STATE_TTL_MS = 180 * 24 * 3600 * 1000;

/** What is kept per package: its state key, the change that led to it, and since when. */
interface StoredState {
  state: string;
  change: PackageChange;
  since: string;
}

/** The state a change is judged on: sold out or not, and the price with its currency. */
const stateKey = (p: ReleasePackage): string => JSON.stringify([p.soldOut, p.price, p.currency]);

/** The change from a stored state to the package's current one. */
function changeOf(before: StoredState | null, now: ReleasePackage): PackageChange {
  if (before === null) return "new";
  const [wasSoldOut] = JSON.parse(before.state) as [boolean];
  if (now.soldOut && !wasSoldOut) return "soldOut";
  if (!now.soldOut && wasSoldOut) return "restocked";
  return "price";
}

/** A stored state, or null when absent or unreadable (then the package reads as new). */
function parseStored(raw: string | null): StoredState | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredState>;
    return typeof value.state === "string" &&
      typeof value.change === "string" &&
      typeof value.since === "string"
      ? (value as StoredState)
      : null;
  } catch {
    return null;
  }
}

/**
 * Compares each package of a fresh read with the last state the service observed for it (the platform's store,
 * `pkg:<releaseId>:<packageId>`, kept {@link PACKAGE_STATE_TTL_MS} after the last read) and records the new state: a
 * package never seen is `new`, one that sold out `soldOut`, one back in stock `restocked`, one whose price or currency
 * changed `price`; an unchanged package keeps its last change and its `changedAt`. Observations are global to the
 * platform (Bandcamp's stock is one), so the monitor of `release-packages` keys a package by `<id>:<changedAt>`.
 * @returns the packages in order, each with `change` and `changedAt`.
 */
export async function observePackages(
  ctx: Pick<OperationContext, "store" | "now">,
  releaseId: string,
  packages: readonly ReleasePackage[],
): Promise<ObservedPackage[]> {
  if (packages.length === 0) return [];
  const keys = packages.map((p) => `pkg:${releaseId}:${p.id}`);
  const stored = await ctx.store.getMany(keys);
  const now = ctx.now().toISOString();
  return Promise.all(
    packages.map(async (pkg, index) => {
      const before = parseStored(stored[index] ?? null);
      const state = stateKey(pkg);
      const next: StoredState =
        before && before.state === state ? before : { state, change: changeOf(before, pkg), since: now };
      await ctx.store.set(keys[index] as string, JSON.stringify(next), PACKAGE_STATE_TTL_MS);
      return { ...pkg, change: next.change, changedAt: next.since };
    }),
  );
}
