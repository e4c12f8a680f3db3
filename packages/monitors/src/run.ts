import type { OperationSpec } from "@sda/contract";
import type { ErrorCodeTable, Logger } from "@sda/core";
import {
  type EngineDeps,
  type JobResult,
  type JobRun,
  type MonitorRunJob,
  planAndRunCall,
} from "@sda/engine";
import type { WebhookClient } from "@sda/webhooks";
import { identifyItems, type MonitorCatalog } from "./rules.ts";
import { statusOf } from "./run-status.ts";
import type { RunRecord } from "./run-store.ts";
import type { MonitorScheduler } from "./scheduler.ts";
import type { MonitorRecord, MonitorStore } from "./store.ts";

/** Runs in a row failing with `insufficient_credits` after which a monitor pauses itself. */
const CREDIT_FAILURES_TO_PAUSE = 3;

/** Event type (and payload `type`) of the new items of a run. */
const ITEMS_EVENT = "monitor.items";

/** What {@link runMonitor} needs from its worker process. */
export interface RunDeps {
  store: MonitorStore;
  scheduler: MonitorScheduler;
  webhooks: WebhookClient;
  catalog: MonitorCatalog;
  engine: EngineDeps;
  /** The wiring's composed code table: the logged status of a run whose error was written without one. */
  errorCodes: ErrorCodeTable;
  log: Logger;
}

/** What one run job did. */
export type RunOutcome =
  | { kind: "ran"; run: RunRecord | null }
  | { kind: "skipped"; runId: string; heldBy: "another_run" }
  | { kind: "ignored"; reason: "monitor_gone" | "not_active" | "finished_before" };

/** The `monitor.items` event body (docs/monitors.md). */
export interface MonitorItemsEvent {
  type: typeof ITEMS_EVENT;
  monitorId: string;
  runId: string;
  operation: string;
  params: Record<string, string>;
  items: unknown[];
  createdAt: string;
}

/**
 * One run of a monitor, as its BullMQ job (`jobKey` = the job id) executes it:
 * 1. records the run (`running`) and claims the monitor for it; a monitor held by another run still going records this
 *    one as `skipped`;
 * 2. calls the operation through the engine exactly like a direct call — `planAndRunCall` with its own request id,
 *    never from the cache (the engine holds the price itself; a 402 is the call's result) — and writes the call's
 *    request-log row with the monitor id;
 * 3. diffs the answer's item ids against the seen set and keeps the new items on the run (one transaction);
 * 4. hands them to the webhook queue as one `monitor.items` delivery, then ends the run and releases the claim.
 *
 * Built against a worker dying at any step: the re-run job finds its run by `jobKey`, still holds the claim, re-runs
 * the call under the same request id (charged at most once) or, once the diff committed, delivers the kept items.
 * @param attempt the job's attempt: on its final attempt an unexpected error fails the run instead of leaving it.
 * @throws for unexpected errors (BullMQ retries the job).
 */
export async function runMonitor(data: MonitorRunJob, attempt: JobRun, deps: RunDeps): Promise<RunOutcome> {
  const jobKey = attempt.jobId;
  const { store } = deps;
  const existing = await store.runs.runByJob(jobKey);
  if (existing && ["succeeded", "failed", "skipped"].includes(existing.status))
    return { kind: "ignored", reason: "finished_before" };
  const monitor = await store.get(data.monitorId);
  if (!monitor) return { kind: "ignored", reason: "monitor_gone" };
  if (!existing && monitor.status !== "active") return { kind: "ignored", reason: "not_active" };

  const run = existing ?? (await store.runs.startRun(monitor.id, jobKey, data.trigger));
  const staleBefore = new Date(Date.now() - deps.engine.config.RESERVATION_TTL_SECONDS * 1000);
  if (!(await store.runs.claim(monitor.id, run.id, staleBefore))) {
    // Another run is still going (or the monitor stopped since): this due run is skipped, and says so.
    await store.runs.finishRun(run, {
      status: "skipped",
      errorCode: monitor.status === "active" ? "run_in_progress" : `monitor_${monitor.status}`,
      errorMessage: "the previous run was still going when this one was due",
    });
    return { kind: "skipped", runId: run.id, heldBy: "another_run" };
  }
  const log = deps.log.child({ monitorId: monitor.id, runId: run.id, requestId: run.requestId });
  try {
    if (run.status === "delivering") {
      await deliver(monitor, run, run.pendingItems ?? [], deps);
    } else {
      await execute(monitor, run, attempt, deps, log);
    }
  } catch (error) {
    if (attempt.finalAttempt) {
      log.error({ err: error }, "monitor run failed unexpectedly on its last attempt");
      await store.runs.finishRun(run, {
        status: "failed",
        errorCode: "internal_error",
        errorMessage: "the run failed inside the service",
      });
      await store.runs.releaseClaim(monitor.id, run.id);
    }
    throw error;
  }
  await store.runs.releaseClaim(monitor.id, run.id);
  return { kind: "ran", run: await store.runs.runByJob(jobKey) };
}

async function execute(
  monitor: MonitorRecord,
  run: RunRecord,
  attempt: JobRun,
  deps: RunDeps,
  log: Logger,
): Promise<void> {
  const { store } = deps;
  const entry = deps.catalog.byId(monitor.operation);
  if (!entry || (monitor.kind === "items" && !entry.rule)) {
    await store.runs.finishRun(run, {
      status: "failed",
      errorCode: "operation_not_monitorable",
      errorMessage: `operation ${monitor.operation} no longer exists`,
    });
    return;
  }
  // The monitor's own state changes before the run is marked finished: whoever sees the run finished sees them too.
  if (!(await keyIsLive(deps, monitor.keyId))) {
    if (await store.stop(monitor.id, "disabled", "api_key_revoked")) await deps.scheduler.remove(monitor.id);
    await store.runs.finishRun(run, {
      status: "failed",
      errorCode: "revoked_api_key",
      errorMessage: "the API key that owns this monitor was revoked",
    });
    return;
  }
  const started = performance.now();
  const principal = { accountId: monitor.accountId, keyId: monitor.keyId };
  const call = {
    op: entry.op,
    raw: monitor.params,
    principal,
    requestId: run.requestId,
    monitorId: monitor.id,
  };
  const result = await planAndRunCall(call, deps.engine, attempt, { readCache: false });
  await logMonitorCall(
    deps,
    monitor,
    entry.op,
    run.requestId,
    result,
    attempt.jobId,
    performance.now() - started,
    log,
  );

  if (!result.ok) {
    if (result.error.code === "insufficient_credits") {
      const failures = await store.countCreditFailure(monitor.id);
      if (
        failures >= CREDIT_FAILURES_TO_PAUSE &&
        (await store.stop(monitor.id, "paused", "insufficient_credits"))
      ) {
        await deps.scheduler.remove(monitor.id);
        log.info({ failures }, "monitor paused: out of credits");
      }
    } else await store.markRan(monitor.id, false);
    await store.runs.finishRun(run, {
      status: "failed",
      errorCode: result.error.code,
      errorMessage: result.error.message,
    });
    return;
  }
  if (monitor.kind === "track" || !entry.rule) {
    // A tracking monitor: the call itself recorded the history (engine observer); nothing to diff or deliver.
    await store.markRan(monitor.id, true);
    await store.runs.finishRun(run, { status: "succeeded", credits: result.credits });
    return;
  }
  const items = identifyItems(entry.rule, result.data);
  const baseline = monitor.baselineAt === null;
  const fresh = await store.runs.recordDiff({
    monitorId: monitor.id,
    runId: run.id,
    items,
    credits: result.credits,
    deliver: !baseline || monitor.deliverInitial,
    deliverable: entry.rule.deliverable?.bind(entry.rule),
  });
  if (fresh.length > 0) await deliver(monitor, run, fresh, deps);
}

async function deliver(
  monitor: MonitorRecord,
  run: RunRecord,
  items: unknown[],
  deps: RunDeps,
): Promise<void> {
  if (!monitor.webhookUrl || !monitor.secret) {
    await deps.store.runs.finishRun(run, { status: "succeeded" });
    return;
  }
  const event: MonitorItemsEvent = {
    type: ITEMS_EVENT,
    monitorId: monitor.id,
    runId: run.id,
    operation: monitor.operation,
    params: monitor.params,
    items,
    createdAt: new Date().toISOString(),
  };
  const deliveryId = await deps.webhooks.enqueueDelivery({
    owner: { kind: "monitor", id: monitor.id },
    accountId: monitor.accountId,
    url: monitor.webhookUrl,
    secret: monitor.secret,
    eventType: ITEMS_EVENT,
    payload: event,
  });
  await deps.store.runs.finishRun(run, { status: "succeeded", deliveryId });
}

/** False when the key that owns the monitor was revoked (its runs must stop, like its direct calls). */
function keyIsLive(deps: RunDeps, keyId: string): Promise<boolean> {
  return deps.engine.ledger.keys.isLive(keyId);
}

/**
 * The request-log row of a run's call, like the gateway writes for a direct call, with the monitor id and the
 * monitor's params, written once when the run ended, with its whole duration (its charge, if any, is the ledger's).
 * The one place monitors write the request log (through `ledger.logRequest`); a re-run job's row that exists already
 * is left as it is.
 */
async function logMonitorCall(
  deps: RunDeps,
  monitor: MonitorRecord,
  op: OperationSpec,
  requestId: string,
  result: JobResult,
  jobKey: string,
  durationMs: number,
  log: Logger,
): Promise<void> {
  await deps.engine.ledger
    .logRequest({
      id: requestId,
      accountId: monitor.accountId,
      keyId: monitor.keyId,
      operation: op.id,
      method: "GET",
      path: op.path,
      params: monitor.params,
      status: result.ok ? 200 : statusOf(result.error, deps.errorCodes),
      errorCode: result.ok ? null : result.error.code,
      cache: result.ok ? result.cache : "BYPASS",
      source: result.ok ? result.source : null,
      durationMs: Math.round(durationMs),
      jobId: jobKey,
      monitorId: monitor.id,
    })
    .catch((error: unknown) => log.warn({ err: error }, "request log write failed"));
}
