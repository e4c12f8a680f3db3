import type { ServiceRoute } from "../define-route.ts";
import { estimateRoute } from "./estimate.ts";
import { resolveRoute } from "./resolve.ts";

/** The Utilities group (free, key-authenticated): `GET /v1/utilities/resolve` and `GET /v1/utilities/estimate`. */
export const utilitiesRoutes: readonly ServiceRoute[] = [resolveRoute, estimateRoute];
