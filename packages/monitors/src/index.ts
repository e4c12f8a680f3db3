/**
 * Monitors: scheduled re-runs of a list operation that deliver the new items to a signed webhook
 * (`packages/webhooks`), and history tracking monitors. The gateway uses {@link MonitorService}; worker processes
 * run {@link startWorkerMonitors} (the monitor consumer) and pass its `hooks` to the webhook worker.
 */
export { documentedBodies, listQuery } from "./body.ts";
export { MONITOR_ERROR_CODES } from "./errors.ts";
export { monitorItemsEvent, monitorTestEvent } from "./events.ts";
export { monitorRunPartitions } from "./partitions.ts";
export { monitorPage, monitorResource, monitorRunPage } from "./resources.ts";
export { MonitorCatalog } from "./rules.ts";
export { MONITOR_QUEUE } from "./scheduler.ts";
export { MonitorService } from "./service.ts";
export { MonitorStore } from "./store.ts";
export { deliveryView, type MonitorView, runView } from "./views.ts";
export { reconcileSchedulers, startWorkerMonitors, type WorkerMonitors } from "./worker.ts";
