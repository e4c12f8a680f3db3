import type { BatchService } from "@sda/batch";
import { ServiceError } from "@sda/core";
import express, { type RequestHandler, type Router } from "express";
import type { ServiceRouteDoc } from "../service-docs.ts";
import { cancelBatch, cancelBatchDoc } from "./cancel.ts";
import { getBatch, getBatchDoc } from "./get.ts";
import { listBatches, listBatchesDoc } from "./list.ts";
import { batchResults, batchResultsDoc } from "./results.ts";
import { submitBatch, submitBatchDoc } from "./submit.ts";

/** The Batch group's route docs, for `/v1/openapi.json`. */
export const batchRouteDocs: readonly ServiceRouteDoc[] = [
  submitBatchDoc,
  getBatchDoc,
  batchResultsDoc,
  cancelBatchDoc,
  listBatchesDoc,
];

/** Largest `POST /v1/batch` body (1,000 calls with long parameters fit many times over). */
const MAX_BODY = "5mb";

const only = (allow: string): RequestHandler => {
  return () => {
    throw new ServiceError("method_not_allowed", `this path only answers ${allow}`, { details: { allow } });
  };
};

/** The Batch group: one file per route beside its doc. */
export function batchRouter(service: BatchService, auth: RequestHandler[]): Router {
  const router = express.Router();
  const body = express.raw({ type: () => true, limit: MAX_BODY });
  router.post("/v1/batch", ...auth, body, submitBatch(service));
  router.all("/v1/batch", only("POST"));
  router.get("/v1/batches", ...auth, listBatches(service));
  router.all("/v1/batches", only("GET"));
  router.get("/v1/batch/:batchId", ...auth, getBatch(service));
  router.delete("/v1/batch/:batchId", ...auth, cancelBatch(service));
  router.all("/v1/batch/:batchId", only("GET, DELETE"));
  router.get("/v1/batch/:batchId/results", ...auth, batchResults(service));
  router.all("/v1/batch/:batchId/results", only("GET"));
  return router;
}
