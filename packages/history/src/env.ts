import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/** History's variables: the retention of raw points, rolled up to hours before they go (issue 38). */
export const historyEnv = defineFeatureEnv(
  "history",
  z.object({
    HISTORY_RETENTION_DAYS: int(0, 0).describe(
      "days a month of raw history points (`metric_snapshots`) is kept after its end before its partition is " +
        "dropped, its last point of each hour kept in `metric_rollups` (`hour`/`day` answers unchanged, `raw` one " +
        "point per hour); 0 (default): raw points kept for ever",
    ),
  }),
);
