import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int, optionalString } = envVar;

/**
 * The demo's own variables (`npm run demo`: its key, its webhook inbox, the replay upstream it starts), declared here
 * as a slice and parsed once at start with the composed env (`loadServiceEnv(source, [gatewayEnv, demoEnv])`,
 * `@sda/services/env`).
 */
export const demoEnv = defineFeatureEnv(
  "demo",
  z.object({
    DEMO_API_KEY: z
      .string()
      .min(8)
      .optional()
      .meta({ description: "demo: use exactly this key for the demo account", shownDefault: "a random key" }),
    DEMO_INBOX_PORT: int(3001).describe(
      "demo: port of its local webhook inbox, `http://127.0.0.1:<port>/` (0: any free port)",
    ),
    REPLAY_DIRS: optionalString.meta({
      description: "demo: colon-separated corpus directories the replay upstream serves",
      shownDefault: "`../shared/corpus`",
    }),
    REPLAY_PORT: int(0).describe("demo: port of the replay upstream (0: any free port)"),
    REPLAY_DELAY_MS: int(0, 0).describe(
      "demo: latency the replay upstream adds to every answer, in ms (e.g. 250: a real platform's; the bench sets its own)",
    ),
  }),
);
