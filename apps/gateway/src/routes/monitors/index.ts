import { assertStorableBody, ServiceError } from "@sda/core";
import type { ErrorRequestHandler, RequestHandler, Router } from "express";
import express from "express";
import type { GatewayDeps } from "../../deps.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";
import {
  listDeliveries,
  listDeliveriesDoc,
  listRuns,
  listRunsDoc,
  replayDelivery,
  replayDeliveryDoc,
  sendTestEvent,
  testEventDoc,
} from "./activity.ts";
import { createMonitor, createMonitorDoc } from "./create.ts";
import { getMonitor, getMonitorDoc, listMonitors, listMonitorsDoc } from "./read.ts";
import { trackHistory, trackHistoryDoc } from "./track.ts";
import {
  deleteMonitor,
  deleteMonitorDoc,
  rotateSecret,
  rotateSecretDoc,
  updateMonitor,
  updateMonitorDoc,
} from "./update.ts";

/** The OpenAPI docs of every route below (and `POST /v1/history/track`). */
export const monitorRouteDocs: readonly ServiceRouteDoc[] = [
  createMonitorDoc,
  listMonitorsDoc,
  getMonitorDoc,
  updateMonitorDoc,
  deleteMonitorDoc,
  rotateSecretDoc,
  listRunsDoc,
  listDeliveriesDoc,
  replayDeliveryDoc,
  testEventDoc,
  trackHistoryDoc,
];

/** A body that is not JSON is the caller's 400, named, never a 500. */
const badJson: ErrorRequestHandler = (error, _req, _res, next) => {
  if ((error as { type?: string }).type === "entity.parse.failed")
    next(new ServiceError("invalid_parameter", "the body is not valid JSON", { details: { param: "body" } }));
  else if ((error as { type?: string }).type === "entity.too.large")
    next(
      new ServiceError("invalid_parameter", "the body is larger than 64 KB", { details: { param: "body" } }),
    );
  else next(error);
};

/** Depth and NUL checks of the parsed body before the service reads it (see `assertStorableBody`). */
const storableBody: RequestHandler = (req, _res, next) => {
  assertStorableBody(req.body);
  next();
};

/**
 * The Monitors group (`/v1/monitors…`) and `POST /v1/history/track`, all behind the key (`auth`). One file per route
 * family; the logic is `@sda/monitors`' `MonitorService`.
 */
export function monitorsRouter(deps: GatewayDeps, auth: RequestHandler[]): Router {
  const router = express.Router();
  const json = [express.json({ limit: "64kb" }), badJson, storableBody];
  router.post("/v1/monitors", ...auth, ...json, createMonitor(deps));
  router.get("/v1/monitors", ...auth, listMonitors(deps));
  router.get("/v1/monitors/:monitorId", ...auth, getMonitor(deps));
  router.patch("/v1/monitors/:monitorId", ...auth, ...json, updateMonitor(deps));
  router.delete("/v1/monitors/:monitorId", ...auth, deleteMonitor(deps));
  router.post("/v1/monitors/:monitorId/rotate-secret", ...auth, rotateSecret(deps));
  router.get("/v1/monitors/:monitorId/runs", ...auth, listRuns(deps));
  router.get("/v1/monitors/:monitorId/deliveries", ...auth, listDeliveries(deps));
  router.post("/v1/monitors/:monitorId/deliveries/:deliveryId/replay", ...auth, replayDelivery(deps));
  router.post("/v1/monitors/:monitorId/test", ...auth, sendTestEvent(deps));
  router.post("/v1/history/track", ...auth, ...json, trackHistory(deps));
  return router;
}
