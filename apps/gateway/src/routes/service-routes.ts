import { accountRouteDocs } from "./account/openapi.ts";
import { batchRouteDocs } from "./batch/index.ts";
import { historyRouteDocs } from "./history.ts";
import { jobRouteDocs } from "./jobs.ts";
import { monitorRouteDocs } from "./monitors/index.ts";
import type { ServiceRouteDoc } from "./service-docs.ts";
import { statusRouteDocs } from "./status.ts";
import { utilitiesRouteDocs } from "./utilities/index.ts";

/** Every service-group route (Status, Account, History, Monitors, Batch, Utilities, jobs), as declared for OpenAPI. */
export const SERVICE_ROUTES: readonly ServiceRouteDoc[] = [
  ...statusRouteDocs,
  ...accountRouteDocs,
  ...historyRouteDocs,
  ...monitorRouteDocs,
  ...batchRouteDocs,
  ...utilitiesRouteDocs,
  ...jobRouteDocs,
];
