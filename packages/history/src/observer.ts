import type { HistoryCatalog } from "@sda/contract";
import type { Logger } from "@sda/core";
import type { HistoryStore } from "./store.ts";

/** The part of the engine's `CallSuccess` the observer reads (structural, so this package needs no engine import). */
export interface ObservedCall {
  op: { id: string };
  params: Record<string, unknown>;
  outcome: { data: unknown };
  at: Date;
}

/** An engine observer (`EngineDeps.observers`). */
export interface HistoryObserver {
  onSuccess(call: ObservedCall): Promise<void>;
}

/**
 * The engine observer that records History: for a successful call of an operation with a history declaration
 * (`HistoryCatalog`), the resource its result describes and the result's metric values at the call's time (the
 * engine's clock), plus the alias the call's parameters used (a handle, a share link) so `GET /v1/history` can find
 * the resource by it. Other operations are ignored. Direct calls, batch items and monitor runs all pass here.
 * @throws whatever the store throws (the engine logs it; the call is answered anyway).
 */
export function createHistoryObserver(options: {
  store: HistoryStore;
  catalog: HistoryCatalog;
  log?: Logger;
}): HistoryObserver {
  const { store, catalog, log } = options;
  return {
    async onSuccess(call) {
      const spec = catalog.byOperation(call.op.id);
      if (!spec) return;
      const found = spec.resource(call.outcome.data);
      if (!found) return;
      const located = spec.locate?.(call.params);
      const aliases = [...(found.aliases ?? []), ...(located && "alias" in located ? [located.alias] : [])];
      const written = await store.record({
        resource: { platform: spec.platform, kind: spec.kind, id: found.id, url: found.url },
        aliases,
        metrics: spec.metrics(call.outcome.data),
        at: call.at,
      });
      log?.debug({ op: call.op.id, resource: found.id, metrics: written }, "history snapshot recorded");
    },
  };
}
