import { definePlatform, withHandler } from "@sda/contract";
import { musicsiteErrorCodes } from "./errors.ts";
import { musicsiteHistory } from "./history.ts";
import { musicsiteMonitors } from "./monitors.ts";
import { artistSpec } from "./spec/artist.ts";
import { releaseSpec } from "./spec/release.ts";
import { releasePackagesSpec } from "./spec/release-packages.ts";
import { searchSpec } from "./spec/search.ts";
import { suggestSpec } from "./spec/suggest.ts";

/**
 * The musicsite platform (Bandcamp, logged out) as the gateway sees it (`@sda/musicsite`). Its fixed hosts are
 * Bandcamp's (`bandcamp.com` and the `*.bandcamp.com` artist hosts; `f4.bcbits.com` images are linked, not fetched),
 * but an artist may use a custom domain of its own choice, so the platform also declares `callerHosts`: every live
 * request (every redirect hop) goes through the upstream client's SSRF guard (https on port 443, public addresses
 * only after DNS) and a refused host is 422 `host_not_allowed`. When `MUSICSITE_ORIGIN` is set every request goes
 * there, under its own host (`Host`), which the replay compares for artist hosts. No extraction code is imported here:
 * each operation carries the lazy import of its handler, which a worker runs on its first call. Ids are
 * `musicsite.<name>`, paths `/v1/musicsite/<name>`.
 */
export const musicsitePlatform = definePlatform({
  name: "musicsite",
  title: "Bandcamp",
  hosts: ["bandcamp.com", "*.bandcamp.com", "f4.bcbits.com"],
  callerHosts: { refusedCode: "host_not_allowed" },
  errorCodes: musicsiteErrorCodes,
  history: musicsiteHistory,
  monitors: musicsiteMonitors,
  // A long-lived label and its sold-out vinyl: the page attributes and band_details a change of Bandcamp breaks first.
  canaries: [
    { operation: "artist", params: { bandId: "3321800855" } },
    {
      operation: "release",
      params: {
        url: "https://infiniteammo.bandcamp.com/album/night-in-the-woods-vol-1-at-the-end-of-everything",
      },
    },
  ],
  operations: [
    withHandler(artistSpec, () => import("./operations/artist.ts").then((m) => m.artistHandler)),
    withHandler(releaseSpec, () => import("./operations/release.ts").then((m) => m.releaseHandler)),
    withHandler(releasePackagesSpec, () =>
      import("./operations/release-packages.ts").then((m) => m.releasePackagesHandler),
    ),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(suggestSpec, () => import("./operations/suggest.ts").then((m) => m.suggestHandler)),
  ],
});
