/**
 * Monitors: scheduled re-runs of a list operation that deliver the new items to a signed webhook
 * (`packages/webhooks`), and history tracking monitors. The gateway uses {@link MonitorService}; worker processes
 * run {@link startMonitorWorker} and pass {@link monitorWebhookHooks} to the webhook worker.
 */
export {
  createMonitorBody,
  documentedBodies,
  listQuery,
  parseBody,
  rawParams,
  scheduleBody,
  trackBody,
  updateMonitorBody,
} from "./body.ts";
export { monitorItemsEvent, monitorTestEvent } from "./events.ts";
export { FAILING_DELIVERIES_DISABLE_MS, monitorWebhookHooks } from "./hooks.ts";
export { monitorPage, monitorResource, monitorRunPage } from "./resources.ts";
export { type IdentifiedItem, type ItemsOperation, identifyItems, MonitorCatalog } from "./rules.ts";
export {
  CREDIT_FAILURES_TO_PAUSE,
  ITEMS_EVENT,
  type MonitorItemsEvent,
  type RunDeps,
  type RunOutcome,
  runMonitor,
} from "./run.ts";
export { type RunRecord, RunStore } from "./run-store.ts";
export {
  cronMinGapSeconds,
  formatEvery,
  isTimeZone,
  MAX_INTERVAL_SECONDS,
  type MonitorSchedule,
  parseEvery,
  parseSchedule,
  repeatOptions,
  type ScheduleView,
  scheduleView,
} from "./schedule.ts";
export { MONITOR_QUEUE, MonitorScheduler } from "./scheduler.ts";
export {
  type MonitorPrincipal,
  type MonitorReader,
  MonitorService,
  type MonitorServiceOptions,
  TEST_EVENT,
} from "./service.ts";
export { type MonitorRecord, type MonitorStopReason, MonitorStore } from "./store.ts";
export { deliveryView, type MonitorView, monitorView, runView } from "./views.ts";
export {
  type MonitorWorker,
  type MonitorWorkerOptions,
  type ReconcileReport,
  reconcileSchedulers,
  startMonitorWorker,
  startWorkerMonitors,
  type WorkerMonitors,
} from "./worker.ts";
