import type { ServiceRoute } from "../define-route.ts";
import { cancelBatchRoute } from "./cancel.ts";
import { getBatchRoute } from "./get.ts";
import { listBatchesRoute } from "./list.ts";
import { batchResultsRoute } from "./results.ts";
import { submitBatchRoute } from "./submit.ts";

/** The Batch group (key-authenticated): one file per route, each its one value. */
export const batchRoutes: readonly ServiceRoute[] = [
  submitBatchRoute,
  getBatchRoute,
  batchResultsRoute,
  cancelBatchRoute,
  listBatchesRoute,
];
