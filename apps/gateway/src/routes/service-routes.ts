import { accountRoutes } from "./account/routes.ts";
import { batchRoutes } from "./batch/index.ts";
import type { ServiceRoute } from "./define-route.ts";
import { historyRoutes } from "./history.ts";
import { jobRoutes } from "./jobs.ts";
import { monitorRoutes } from "./monitors/index.ts";
import { statusRoutes } from "./status.ts";
import { utilitiesRoutes } from "./utilities/index.ts";

/**
 * Every service-group route (Status, Account, History, Monitors, Batch, Utilities, jobs), each its one value: the
 * gateway mounts this list (`mountRoutes`), its 405 table is grouped from it (`routeMethods`), and the OpenAPI
 * document and the answer validation read it.
 */
export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  ...statusRoutes,
  ...accountRoutes,
  ...historyRoutes,
  ...monitorRoutes,
  ...batchRoutes,
  ...utilitiesRoutes,
  ...jobRoutes,
];
