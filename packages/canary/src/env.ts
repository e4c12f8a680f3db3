import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int, optionalString } = envVar;

/** The canaries' variables (which calls, how often, where failures are recorded). */
export const canaryEnv = defineFeatureEnv(
  "canary",
  z.object({
    CANARY_CALLS: optionalString.meta({
      description: 'canary calls, JSON `[{"operation": "<id>", "params": {…}}]`',
      shownDefault: "each platform's own `canaries`",
    }),
    CANARY_INTERVAL_SECONDS: int(0, 0).describe(
      "period of the repeatable canary job (0: none; `npm run canary` still works)",
    ),
    CANARY_RECORD_DIR: optionalString.meta({
      description: "where failed canary calls are recorded as HAR cases",
      shownDefault: "`<tmp>/sda-canary`",
    }),
  }),
);
