import { accountRoutes } from "./account/routes.ts";
import { batchRoutes } from "./batch/index.ts";
import type { ServiceRoute } from "./define-route.ts";
import { historyRouteDocs } from "./history.ts";
import { jobRouteDocs } from "./jobs.ts";
import { monitorRoutes } from "./monitors/index.ts";
import type { ServiceRouteDoc } from "./service-docs.ts";
import { statusRouteDocs } from "./status.ts";
import { utilitiesRouteDocs } from "./utilities/index.ts";

/** Every service-group route (Status, Account, History, Monitors, Batch, Utilities, jobs), as declared for OpenAPI. */
export const SERVICE_ROUTES: readonly ServiceRouteDoc[] = [
  ...statusRouteDocs,
  ...accountRoutes,
  ...historyRouteDocs,
  ...monitorRoutes,
  ...batchRoutes,
  ...utilitiesRouteDocs,
  ...jobRouteDocs,
];

/** The routes served from their one value ({@link ServiceRoute}, mounted by `mountRoutes`). */
export const MOUNTED_ROUTES: readonly ServiceRoute[] = [...accountRoutes, ...monitorRoutes, ...batchRoutes];
