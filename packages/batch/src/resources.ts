import { component, pageFields, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * The Batch group's answers (the `data` of its 2xx answers): declared beside the batch store, documented in OpenAPI
 * by the gateway's route docs and checked by `VALIDATE_RESPONSES` like every platform answer.
 */

const credits = z.int();

const batchUrls = {
  pollUrl: z.string().describe("`/v1/batch/<batchId>`."),
  resultsUrl: z.string().describe("`/v1/batch/<batchId>/results`."),
};

/** A batch (`GET /v1/batch/{batchId}`, `GET /v1/batches`, `DELETE`). */
export const batchResource = component(
  "Batch",
  z.object({
    batchId: z.string(),
    status: z.string().describe("`queued`, `running`, `completed` or `cancelled`."),
    label: z.string().nullable(),
    total: z.int().min(0),
    done: z.int().min(0),
    succeeded: z.int().min(0),
    failed: z.int().min(0),
    cancelled: z.int().min(0),
    creditsCharged: credits,
    estimatedMaxCredits: credits.nullable(),
    createdAt: timestamp,
    startedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    expiresAt: timestamp.describe("After it the batch answers 404 `batch_expired`."),
    webhookUrl: z.string().nullable(),
    ...batchUrls,
  }),
  "A batch: its counts, the credits its items charged so far, where to poll and page its results.",
);

/** `POST /v1/batch` (202). */
export const batchSubmitted = z.object({
  batchId: z.string(),
  status: z.string(),
  total: z.int().min(1),
  estimatedMaxCredits: credits.nullable(),
  label: z.string().nullable(),
  ...batchUrls,
  createdAt: timestamp,
  expiresAt: timestamp,
  webhookUrl: z.string().optional(),
  webhookSecret: z
    .string()
    .optional()
    .describe("`whsec_…`: verify the completion webhook with it. Shown once."),
});

export const batchPage = z.object({ ...pageFields, items: z.array(batchResource) });

/** `GET /v1/batch/{batchId}/results`. */
export const batchResultsPage = z.object({
  batchId: z.string(),
  status: z.string(),
  ...pageFields,
  items: z.array(
    component(
      "BatchItem",
      z.object({
        index: z.int().min(0),
        path: z.string(),
        params: z.record(z.string(), z.string()),
        status: z.string().describe("`queued`, `running`, `succeeded`, `failed` or `cancelled`."),
        httpStatus: z.int().nullable().describe("The status the same direct call would have answered."),
        data: z.unknown().optional().describe("The operation's `data` when it succeeded."),
        error: z.unknown().optional().describe("The error object when it failed."),
        credits,
        source: z.string().nullable(),
        cache: z.string().nullable(),
        finishedAt: timestamp.nullable(),
      }),
      "One call of a batch and its outcome.",
    ),
  ),
});
