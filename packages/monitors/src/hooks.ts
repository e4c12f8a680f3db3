import type { Logger } from "@sda/core";
import type { WebhookDeliveryView, WebhookHooks, WebhookOwner } from "@sda/webhooks";
import type { MonitorScheduler } from "./scheduler.ts";
import type { MonitorStore } from "./store.ts";

/** How long a monitor's deliveries may keep failing, every one of them, before it is disabled (ms): 5 days. */
const FAILING_DELIVERIES_DISABLE_MS = 5 * 86_400_000;

/**
 * The monitors' webhook hooks, for `startWebhookWorker` (they ignore deliveries of other owners, so the worker can
 * call them for every delivery):
 * - `onGone`: the receiver answered 410 Gone: the monitor is disabled (`webhook_gone`) and its scheduler removed;
 * - `onFinished`: a succeeded delivery ends the failing streak; a failed one starts it (at that delivery's creation)
 *   or, when the streak is 5 days old, disables the monitor (`webhook_failing`) — so one receiver down for a weekend
 *   loses nothing (failed deliveries stay replayable) but one gone for good stops costing credits.
 * Each stop is one conditional update (`store.stop`), and only the process whose update won removes the scheduler.
 */
export function monitorWebhookHooks(deps: {
  store: MonitorStore;
  scheduler: MonitorScheduler;
  log?: Logger;
  now?: () => Date;
}): Required<WebhookHooks> {
  const now = deps.now ?? (() => new Date());
  const stop = async (id: string, reason: "webhook_gone" | "webhook_failing") => {
    if (await deps.store.stop(id, "disabled", reason)) {
      await deps.scheduler.remove(id);
      deps.log?.info({ monitorId: id, reason }, "monitor disabled");
    }
  };
  return {
    async onGone(owner: WebhookOwner) {
      if (owner.kind === "monitor") await stop(owner.id, "webhook_gone");
    },
    async onFinished(delivery: WebhookDeliveryView) {
      if (delivery.owner.kind !== "monitor") return;
      const id = delivery.owner.id;
      if (delivery.status === "succeeded") {
        await deps.store.deliverySucceeded(id);
        return;
      }
      if (delivery.status !== "failed" || delivery.failureReason === "gone") return;
      const since = await deps.store.deliveryFailed(id, delivery.createdAt);
      if (since && now().getTime() - since.getTime() >= FAILING_DELIVERIES_DISABLE_MS)
        await stop(id, "webhook_failing");
    },
  };
}
