import { registry as catalogRegistry } from "@sda/catalog";
import type { OperationRegistry } from "@sda/core";
import { buildOpenApi, type Openness } from "@sda/openapi";
import { SERVICE_ROUTES } from "./routes/service-routes.ts";

/**
 * The service's OpenAPI 3.1 document: the registry's operations and every service-group route (`@sda/openapi`).
 * `/v1/openapi.json` serves it, `/docs` renders it, `npm run openapi` writes it for the linter and the client.
 * @param openness `closed` for tests (unlisted answer fields fail validation); default `open`.
 */
export function serviceOpenApi(registry: OperationRegistry = catalogRegistry, openness: Openness = "open") {
  return buildOpenApi({ registry, serviceRoutes: SERVICE_ROUTES, openness });
}
