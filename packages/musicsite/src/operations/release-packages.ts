import type { HandlerFor } from "@sda/contract";
import { BandcampClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { observePackages } from "../paging/package-state.ts";
import type { releasePackagesSpec } from "../spec/release-packages.ts";
import { readRelease } from "./release-source.ts";

/** The position a `nextCursor` carries: the release it belongs to and the index of the next package. */
interface PackagesCursor {
  release: string;
  offset: number;
}

/**
 * A release's physical packages, a page at a time (`limit`, `cursor`: one read of the release each page), each with
 * the last change of its stock or price the service observed (see `observePackages`). `soldOutCount` and
 * `availableCount` count every package of the release.
 *
 * Upstream: as `release` (the page's `data-tralbum.packages[]`, or `tralbum_details`).
 * @returns `{ data, source, count }`: `count` the packages returned (0 is free).
 * @throws ServiceError 400 `invalid_cursor` (another release's or operation's cursor), and as `readRelease`.
 */
export const releasePackagesHandler: HandlerFor<typeof releasePackagesSpec> = async (params, ctx) => {
  const { release, source } = await readRelease(params, new BandcampClient(ctx), ctx.platform);
  const releaseKey = `${release.type}:${release.id}`;
  let offset = 0;
  if (params.cursor) {
    const cursor = ctx.cursors.decode<PackagesCursor>(params.cursor);
    if (cursor?.release !== releaseKey || !Number.isInteger(cursor.offset) || cursor.offset < 0)
      throw fail("invalid_cursor", "cursor is not a nextCursor of this release; start without a cursor", {
        details: { param: "cursor" },
      });
    offset = cursor.offset;
  }
  const observed = await observePackages(ctx, release.id, release.packages);
  const packages = observed.slice(offset, offset + params.limit);
  const next = offset + packages.length;
  const hasMore = next < observed.length;
  return {
    data: {
      releaseId: release.id,
      packages,
      soldOutCount: observed.filter((p) => p.soldOut).length,
      availableCount: observed.filter((p) => !p.soldOut).length,
      totalReturned: packages.length,
      hasMore,
      nextCursor: hasMore ? ctx.cursors.encode({ release: releaseKey, offset: next }) : null,
    },
    source,
    count: packages.length,
  };
};
