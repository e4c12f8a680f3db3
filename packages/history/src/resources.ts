import { component, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * `GET /v1/history`'s answer: declared beside the snapshot store, documented in OpenAPI by the gateway's route docs
 * and checked by `VALIDATE_RESPONSES` like every platform answer.
 */

/** `GET /v1/history`. */
export const historyResource = component(
  "History",
  z.object({
    resource: z.looseObject({
      platform: z.string(),
      kind: z.string(),
      id: z.string().nullable(),
      url: z.string().nullable(),
    }),
    interval: z.string().describe("`raw`, `hour` or `day`."),
    from: timestamp.nullable(),
    to: timestamp.nullable(),
    series: z.array(
      z.object({
        metric: z.string(),
        points: z.array(z.object({ at: timestamp, value: z.number() })),
      }),
    ),
  }),
  "Stored metric time series of one resource.",
);
