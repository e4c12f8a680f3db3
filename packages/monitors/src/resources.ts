import { component, pageFields, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * The Monitors group's answers (the `data` of its 2xx answers, and of `POST /v1/history/track`): declared beside
 * the monitor store, documented in OpenAPI by the gateway's route docs and checked by `VALIDATE_RESPONSES` like every
 * platform answer.
 */

const credits = z.int();

/** A monitor (`/v1/monitors…`, `POST /v1/history/track`). */
export const monitorResource = component(
  "Monitor",
  z.object({
    id: z.string(),
    kind: z
      .string()
      .describe("`items` (delivers new items to `webhookUrl`) or `track` (records history only)."),
    status: z.string().describe("`active`, `paused` or `disabled`."),
    statusReason: z.string().nullable(),
    operation: z.string(),
    path: z.string(),
    params: z.record(z.string(), z.string()),
    schedule: z.looseObject({
      every: z.string().optional(),
      cron: z.string().optional(),
      tz: z.string().optional(),
    }),
    webhookUrl: z.string().nullable(),
    description: z.string().nullable(),
    deliverInitial: z.boolean(),
    nextRunAt: timestamp.nullable(),
    lastRunAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    secret: z
      .string()
      .optional()
      .describe("`whsec_…` signing secret: only in the answers that create or rotate it."),
  }),
  "A monitor: what it re-runs, on which schedule, where it delivers. Never its secret except once.",
);

export const monitorPage = z.object({ ...pageFields, monitors: z.array(monitorResource) });

export const monitorRunPage = z.object({
  ...pageFields,
  runs: z.array(
    component(
      "MonitorRun",
      z.object({
        id: z.string(),
        status: z.string(),
        trigger: z.string(),
        startedAt: timestamp,
        finishedAt: timestamp.nullable(),
        itemsSeen: z.int().nullable(),
        newItems: z.int().nullable(),
        credits: credits.nullable(),
        error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
        requestId: z.string().nullable(),
        deliveryId: z.string().nullable(),
      }),
      "One run of a monitor: its call's outcome and what it delivered.",
    ),
  ),
});
