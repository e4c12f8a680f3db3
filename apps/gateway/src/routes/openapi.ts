import type { OperationRegistry } from "@sda/contract";
import type { Router } from "express";
import express from "express";
import { serviceOpenApi } from "../openapi-document.ts";

/**
 * `GET /v1/openapi.json` (unauthenticated): the OpenAPI 3.1 document built once from the registry and the service
 * groups' route docs (`@sda/openapi`), the same document `/docs` renders and the typed client is generated from.
 */
export function openApiRouter(registry: OperationRegistry): Router {
  const document = JSON.stringify(serviceOpenApi(registry));
  const router = express.Router();
  router.get("/v1/openapi.json", (_req, res) => {
    res.type("application/json").send(document);
  });
  return router;
}
