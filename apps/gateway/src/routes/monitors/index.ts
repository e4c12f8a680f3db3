import type { ServiceRoute } from "../define-route.ts";
import { listDeliveriesRoute, listRunsRoute, replayDeliveryRoute, testEventRoute } from "./activity.ts";
import { createMonitorRoute } from "./create.ts";
import { getMonitorRoute, listMonitorsRoute } from "./read.ts";
import { trackHistoryRoute } from "./track.ts";
import { deleteMonitorRoute, rotateSecretRoute, updateMonitorRoute } from "./update.ts";

/**
 * The Monitors group (`/v1/monitors…`) and `POST /v1/history/track`, all behind the key. One file per route family;
 * the logic is `@sda/monitors`' `MonitorService`.
 */
export const monitorRoutes: readonly ServiceRoute[] = [
  createMonitorRoute,
  listMonitorsRoute,
  getMonitorRoute,
  updateMonitorRoute,
  deleteMonitorRoute,
  rotateSecretRoute,
  listRunsRoute,
  listDeliveriesRoute,
  replayDeliveryRoute,
  testEventRoute,
  trackHistoryRoute,
];
