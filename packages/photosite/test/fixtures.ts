import type { PlatformTestContext } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import { photositePlatform } from "../src/spec.ts";

/**
 * The photosite tests' fixture: `platformTest(photositePlatform)`, i.e. the replay (one per file), `ctx`, and
 * `contextWith(config)`, which makes a handler context on the replay with config overrides (sessions, proxies,
 * identities, providers) and a Redis prefix of its own.
 */
export const photositeTest = platformTest(photositePlatform);

/** The handler context of the photosite tests. */
export type PhotositeTestContext = PlatformTestContext<typeof photositePlatform>;
