import { defineHandlers } from "@sda/core";
import { artistHandler } from "./operations/artist.ts";
import { releaseHandler } from "./operations/release.ts";
import { releasePackagesHandler } from "./operations/release-packages.ts";
import { searchHandler } from "./operations/search.ts";
import { suggestHandler } from "./operations/suggest.ts";
import { musicsitePlatform } from "./spec.ts";

/** The musicsite handlers, bound to the specs of {@link musicsitePlatform} (the worker dispatches to them). */
export const musicsiteHandlers = defineHandlers(musicsitePlatform, {
  artist: artistHandler,
  release: releaseHandler,
  "release-packages": releasePackagesHandler,
  search: searchHandler,
  suggest: suggestHandler,
});
