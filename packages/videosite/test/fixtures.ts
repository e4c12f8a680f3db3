import type { PlatformTestContext } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import { videositePlatform } from "../src/spec.ts";

/**
 * The videosite tests' fixture: `platformTest(videositePlatform)`, i.e. the replay of the video platform's recordings
 * (one per file), `ctx`, and `contextWith(config)` for contexts with config overrides and a Redis prefix of their own.
 */
export const videositeTest = platformTest(videositePlatform);

/** The handler context of the videosite tests. */
export type VideositeTestContext = PlatformTestContext<typeof videositePlatform>;
