import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/** History's variables: the retention of raw points (issue 38). */
export const historyEnv = defineFeatureEnv(
  "history",
  z.object({
    HISTORY_RETENTION_DAYS: int(0, 0).describe(
      "days a month of raw history points (`metric_snapshots`) is kept after its end before its partition is " +
        "dropped; 0 (default): kept for ever, since no hour/day rollup exists yet to keep the long series",
    ),
  }),
);
