import { itemsAt } from "@sda/contract";

/**
 * The monitor rules of musicsite's list operations (by operation name, bound in `spec.ts`).
 * - `artist`: new releases, keyed `<type>:<id>` (an album and a track may share an id);
 * - `release-packages`: a package's changes. Each package of the answer carries the last change of its state the
 *   service observed (`change`: `new`, `soldOut`, `restocked`, `price`) and since when (`changedAt`), so keying it
 *   `<id>:<changedAt>` delivers the package once per change: when it appears, sells out, comes back or changes price;
 * - `search`: new results of a query's page, keyed `<type>:<id>`.
 */
export const musicsiteMonitors = {
  artist: itemsAt("releases", "id", "type"),
  "release-packages": itemsAt("packages", "changedAt", "id"),
  search: itemsAt("results", "id", "type"),
};
