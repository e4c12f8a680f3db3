import type { WebhookDeliveryView } from "@sda/webhooks";
import type { RunRecord } from "./run-store.ts";
import { type ScheduleView, scheduleView } from "./schedule.ts";
import type { MonitorRecord } from "./store.ts";

/** A monitor as the API answers it (never its secret, except once at creation and rotation). */
export interface MonitorView {
  id: string;
  /** `items`: delivers new items to `webhookUrl`; `track`: records history only (`POST /v1/history/track`). */
  kind: "items" | "track";
  status: "active" | "paused" | "disabled";
  /** Why it stopped by itself: `insufficient_credits`, `webhook_gone`, `webhook_failing`, `api_key_revoked`. */
  statusReason: string | null;
  operation: string;
  path: string;
  params: Record<string, string>;
  schedule: ScheduleView;
  webhookUrl: string | null;
  description: string | null;
  deliverInitial: boolean;
  /** When the next scheduled run is due (null unless active). */
  nextRunAt: string | null;
  lastRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function monitorView(monitor: MonitorRecord, nextRunAt: number | null = null): MonitorView {
  return {
    id: monitor.id,
    kind: monitor.kind,
    status: monitor.status,
    statusReason: monitor.statusReason,
    operation: monitor.operation,
    path: monitor.path,
    params: monitor.params,
    schedule: scheduleView(monitor.schedule),
    webhookUrl: monitor.webhookUrl,
    description: monitor.description,
    deliverInitial: monitor.deliverInitial,
    nextRunAt: monitor.status === "active" && nextRunAt ? new Date(nextRunAt).toISOString() : null,
    lastRunAt: iso(monitor.lastRunAt),
    createdAt: monitor.createdAt.toISOString(),
    updatedAt: monitor.updatedAt.toISOString(),
  };
}

/** A run as `GET /v1/monitors/{id}/runs` answers it. */
export function runView(run: RunRecord) {
  return {
    id: run.id,
    status: run.status,
    trigger: run.trigger,
    startedAt: run.startedAt.toISOString(),
    finishedAt: iso(run.finishedAt),
    /** Items in the answer (null when the call failed, or for tracking monitors). */
    itemsSeen: run.itemsSeen,
    /** Items delivered by this run (0 for the baseline run unless `deliverInitial`). */
    newItems: run.newItems,
    /** Credits charged for the run's call (the same as a direct call). */
    credits: run.credits,
    error: run.errorCode ? { code: run.errorCode, message: run.errorMessage } : null,
    requestId: run.requestId,
    deliveryId: run.deliveryId,
  };
}

/** A delivery with its attempts as `GET /v1/monitors/{id}/deliveries` answers it. */
export function deliveryView(delivery: WebhookDeliveryView) {
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    /** The `webhook-id` header of every attempt and replay. */
    webhookId: delivery.messageId,
    status: delivery.status,
    url: delivery.url,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    failureReason: delivery.failureReason,
    createdAt: delivery.createdAt.toISOString(),
    completedAt: iso(delivery.completedAt),
    attempts: delivery.attempts.map((a) => ({
      attempt: a.attempt,
      replay: a.replay,
      startedAt: a.startedAt.toISOString(),
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.error,
      nextRetryAt: iso(a.nextRetryAt),
    })),
    payload: delivery.payload,
  };
}
