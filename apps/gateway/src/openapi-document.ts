import { batchCompletedEvent } from "@sda/batch";
import { registry as catalogRegistry } from "@sda/catalog";
import type { OperationRegistry } from "@sda/contract";
import { monitorItemsEvent, monitorTestEvent } from "@sda/monitors";
import { buildOpenApi, loadExamples, type Openness, type WebhookDoc } from "@sda/openapi";
import { SERVICE_ROUTES } from "./routes/service-routes.ts";

/** What the service POSTs to callers (monitor items, test deliveries, batch completion). */
const WEBHOOKS: readonly WebhookDoc[] = [
  {
    name: "monitor.items",
    component: "MonitorItemsEvent",
    summary: "New items found by a monitor run",
    description:
      "After each run that found items never delivered before (the first run only with `deliverInitial`). Retried " +
      "on a schedule until a 2xx; replay with `POST /v1/monitors/{monitorId}/deliveries/{deliveryId}/replay`.",
    payload: monitorItemsEvent,
  },
  {
    name: "monitor.test",
    component: "MonitorTestEvent",
    summary: "A test delivery",
    description:
      "Sent by `POST /v1/monitors/{monitorId}/test`: the monitor's shape, no items, signed like any delivery.",
    payload: monitorTestEvent,
  },
  {
    name: "batch.completed",
    component: "BatchCompletedEvent",
    summary: "A batch finished",
    description: "Sent once to the batch's `webhookUrl` when its last item ended (or it was cancelled).",
    payload: batchCompletedEvent,
  },
];

/**
 * The service's OpenAPI 3.1 document: the registry's operations and every service-group route (`@sda/openapi`).
 * `/v1/openapi.json` serves it, `/docs` renders it, `npm run openapi` writes it for the linter and the client.
 * @param openness `closed` for tests (unlisted answer fields fail validation); default `open`.
 */
export function serviceOpenApi(registry: OperationRegistry = catalogRegistry, openness: Openness = "open") {
  return buildOpenApi({
    registry,
    serviceRoutes: SERVICE_ROUTES,
    webhooks: WEBHOOKS,
    examples: loadExamples(registry.operations.map((op) => op.id)),
    openness,
  });
}
