import { createMediaServices } from "@sda/media";
import { createStrategyServices } from "@sda/strategy";
import { summariserFromConfig } from "@sda/summarize";
import type { PlatformTestContext } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import { photositePlatform } from "../src/spec.ts";

/**
 * The photosite tests' fixture: `platformTest(photositePlatform)`, i.e. the replay (one per file), `ctx`, and
 * `contextWith(config)`, which makes a handler context on the replay with config overrides (sessions, proxies,
 * identities, providers) and a Redis prefix of its own. Every context carries the handler services the platform
 * reads (media, summariser, strategy), built from its own config as the worker builds them.
 */
export const photositeTest = platformTest(photositePlatform, {
  services: (inputs) => ({
    media: createMediaServices(inputs),
    summariser: summariserFromConfig(inputs.config),
    strategy: createStrategyServices(inputs),
  }),
});

/** The handler context of the photosite tests. */
export type PhotositeTestContext = PlatformTestContext<typeof photositePlatform>;
