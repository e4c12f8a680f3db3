import { createMediaServices } from "@sda/media";
import { createStrategyServices } from "@sda/strategy";
import { summariserFromConfig } from "@sda/summarize";
import type { PlatformTestContext } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import { videositePlatform } from "../src/spec.ts";

/**
 * The videosite tests' fixture: `platformTest(videositePlatform)`, i.e. the replay of the video platform's recordings
 * (one per file), `ctx`, and `contextWith(config)` for contexts with config overrides and a Redis prefix of their own.
 * Every context carries the handler services the platform reads (media, summariser, strategy), built from its own
 * config as the worker builds them.
 */
export const videositeTest = platformTest(videositePlatform, {
  services: (inputs) => ({
    media: createMediaServices(inputs),
    summariser: summariserFromConfig(inputs.config),
    strategy: createStrategyServices(inputs),
  }),
});

/** The handler context of the videosite tests. */
export type VideositeTestContext = PlatformTestContext<typeof videositePlatform>;
