/**
 * Monitors: scheduled re-runs of a list operation that deliver the new items to a signed webhook
 * (`packages/webhooks`), and history tracking monitors. The gateway uses {@link MonitorService}; worker processes
 * run {@link startMonitorWorker} and pass {@link monitorWebhookHooks} to the webhook worker.
 */
export * from "./body.ts";
export * from "./hooks.ts";
export * from "./rules.ts";
export * from "./run.ts";
export * from "./run-store.ts";
export * from "./schedule.ts";
export * from "./scheduler.ts";
export * from "./service.ts";
export * from "./store.ts";
export * from "./views.ts";
export * from "./worker.ts";
