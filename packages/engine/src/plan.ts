import { type OperationSpec, parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type { ChargedCall, RequestChannel } from "@sda/ledger";
import type { CallAnswer } from "./job-result.ts";
import { rememberedParse } from "./parse-memo.ts";
import { Reservation, type ReservationDeps } from "./reservation.ts";
import { cachedData, type ResultCache } from "./result-cache.ts";

/**
 * The first half of one call, wherever it starts (the gateway for a direct call, the worker for a batch item or a
 * monitor run): parameters → cache → reservation. Everything that decides what a call costs before it runs lives
 * here; `submitCall` (gateway) and `runCall` (worker) take the plan from there, so the HTTP route only translates.
 */

/** Who is calling: the authenticated key's account. */
export interface CallPrincipal {
  accountId: string;
  keyId: string;
}

/** One call as the engine runs it: the operation, its PARSED parameters, who pays, under which request id. */
export interface Call {
  op: OperationSpec;
  /** The operation schema's output (plain JSON: ids, enums, numbers). */
  params: Record<string, unknown>;
  principal: CallPrincipal;
  requestId: string;
  /** The caller asked for the result cache (a miss answers `MISS` rather than `BYPASS`). */
  cacheRequested: boolean;
  /** When the call was made (its request-log time and its charge's `called_at`; default: when it is settled). */
  calledAt?: Date;
  /** The interface it came through, recorded on its charge (default `rest`). */
  channel?: RequestChannel;
  /** The batch or monitor the call runs for (named on its request-log row). */
  batchId?: string;
  monitorId?: string;
}

/**
 * What a billed call's charge records of it (`Reservation.confirm`): its channel and its start, so usage shows the
 * charge whether or not the call's request-log row is ever written.
 */
export function chargedCallOf(call: Call): ChargedCall {
  return { channel: call.channel ?? "rest", calledAt: call.calledAt ?? new Date() };
}

/** What {@link planCall} needs from its process. */
export interface PlanDeps extends ReservationDeps {
  cache: ResultCache;
  /**
   * The caller's admission (its rate-limit check), already started, when the caller runs it alongside the plan
   * instead of before it: it is awaited together with the plan's first round trip (the cache read or the
   * reservation), so the two cost one round trip at c=1 instead of two. When it rejects, its error is what the plan
   * throws, whatever the plan met meanwhile, and a reservation made meanwhile is released first: nothing is held,
   * charged or enqueued for a refused call.
   */
  admission?: Promise<unknown>;
  /**
   * Answer a cache hit with its data as the stored JSON text (`dataJson`) instead of parsing it: for the gateway,
   * which writes it into the HTTP answer as is. Off: `data` holds the parsed value (batch items store it).
   */
  rawCacheData?: boolean;
  /**
   * Read the result cache when the call asks for it (default true). Off for monitor runs: each run is a fresh call
   * (answered `BYPASS`), whatever the operation's cache policy.
   */
  readCache?: boolean;
  /** When the call was made and what it runs for, as its request-log row names them (see {@link Call}). */
  origin?: Pick<Call, "calledAt" | "channel" | "batchId" | "monitorId">;
  /**
   * The account's balance in credits (null for an unknown account), for the `X-Service-Balance` of a free cache hit.
   * Given, it is read alongside the cache read of a call whose hit would be free (one round trip for a hit instead
   * of two): the balance at a statement that ran after the call started and before it is answered, exact since a
   * free hit changes nothing. A miss drops the read (and its failure); a hit throws the read's error (the store's).
   */
  readBalance?(accountId: string): Promise<number | null>;
}

/**
 * `work` settled together with `admission` (a caller's rate-limit check run alongside it): the admission's rejection
 * first (after `undo` of the work's value when the work succeeded), then the work's own. The plan's reservation and
 * cache read use it, and so do the gateway's free reads (the Account group).
 * @returns the work's value; @throws the admission's error, else the work's.
 */
export async function admitted<T>(
  admission: Promise<unknown> | undefined,
  work: Promise<T>,
  undo?: (value: T) => Promise<unknown>,
): Promise<T> {
  if (!admission) return work;
  const [done, admit] = await Promise.allSettled([work, admission]);
  if (admit.status === "rejected") {
    if (done.status === "fulfilled" && undo) await undo(done.value);
    throw admit.reason;
  }
  if (done.status === "rejected") throw done.reason;
  return done.value;
}

/**
 * The plan of one call:
 * - `answer`: a cache hit, already paid when the operation bills hits (the audio transcript);
 * - `run`: `credits` (the hold asked for) are held for `call.requestId` (`reservation`): the caller enqueues the call
 *   only now, so no job exists for a call that was refused (402, 429, 503) or is not paid for.
 */
export type CallPlan =
  | { kind: "answer"; call: Call; answer: CallAnswer }
  | {
      kind: "run";
      call: Call;
      credits: number;
      reservation: Reservation;
    };

/**
 * Credits held before a call runs: its maximum price, or 1 credit when only the worker can price it (the audio
 * transcript raises its hold to the estimate once it knows the duration, through `ctx.requireCredits`).
 */
export function holdFor(op: OperationSpec, params: Record<string, unknown>): number {
  return op.price.max(params) ?? 1;
}

/**
 * True when the call may be answered from the result cache (SPEC §4.1 `cache` and `cacheMaxAge`, §8): always for
 * shared-cache operations, on request for opt-in ones.
 */
export function cacheRequested(op: OperationSpec, params: Record<string, unknown>): boolean {
  if (op.cache.mode === "always") return true;
  return op.cache.mode === "optIn" && (params.cache === true || typeof params.cacheMaxAge === "number");
}

/** True when the operation's schema declares the query parameter `name`. */
function acceptsParam(op: OperationSpec, name: string): boolean {
  const shape = (op.params as { shape?: Record<string, unknown> }).shape;
  return !!shape && name in shape;
}

/**
 * The call's parameters as its operation's schema parses them, with the same refusals a direct call gets. The parse
 * is a pure function of the operation and the raw values, so a repeated call's parse is handed out again, read-only
 * ({@link rememberedParse}): every cache hit is a repeated call.
 * @returns the schema's output, frozen. @throws ServiceError 400 `invalid_parameter` for `cacheMaxAge` on an
 *   operation that does not take it, and the schema's 400/422s.
 */
export function validateCallParams(op: OperationSpec, raw: Record<string, unknown>): Record<string, unknown> {
  return rememberedParse(op, raw, () => {
    if (raw.cacheMaxAge !== undefined && !acceptsParam(op, "cacheMaxAge"))
      throw new ServiceError(
        "invalid_parameter",
        `${op.path} does not take cacheMaxAge (profile operations do)`,
        {
          details: { param: "cacheMaxAge" },
        },
      );
    return parseParams(op.params, raw) as Record<string, unknown>;
  });
}

/**
 * Plans one call of `op` with the caller's raw query values.
 *
 * Order matters for money: nothing is reserved before the parameters are valid; with `deps.admission`, a refused
 * admission wins over everything the plan met and leaves nothing reserved; a cache hit of an operation that
 * bills hits is charged (conditionally on the available balance) before it is answered; a miss reserves the call's
 * hold in one statement and answers 402 when `balance - reserved` cannot cover it, so N parallel calls on a balance
 * that covers k of them are served exactly k. The plan of a miss is returned once its hold is made: reserve, then
 * enqueue.
 *
 * @throws ServiceError 400/422 for invalid parameters, 402 `insufficient_credits` (nothing reserved or charged),
 *   400 `cost_exceeds_max` for a billed cache hit above the caller's `maxCredits`; the store's error when the cache
 *   or the ledger cannot be reached (nothing held).
 */
export async function planCall(
  op: OperationSpec,
  raw: Record<string, unknown>,
  principal: CallPrincipal,
  requestId: string,
  deps: PlanDeps,
): Promise<CallPlan> {
  let params: Record<string, unknown>;
  try {
    params = validateCallParams(op, raw);
  } catch (error) {
    // Refused by the admission too: its answer (429) comes first, as when it ran before the plan.
    await deps.admission;
    throw error;
  }
  // A monitor run neither reads the cache nor counts as asking for it (its result is still stored when paid).
  const useCache = deps.readCache !== false && cacheRequested(op, params);
  const call: Call = {
    op,
    params,
    principal,
    requestId,
    cacheRequested: useCache,
    ...deps.origin,
  };
  const key = { requestId, accountId: principal.accountId, operation: op.id };

  if (useCache) {
    const maxAge = typeof params.cacheMaxAge === "number" ? params.cacheMaxAge : undefined;
    const balanceRead = op.price.billCacheHits ? undefined : deps.readBalance?.(principal.accountId);
    // Settled either way: a miss or a refused admission never awaits it.
    balanceRead?.catch(() => undefined);
    const hit = await admitted(deps.admission, deps.cache.get(op, params, maxAge));
    if (hit) {
      let credits = 0;
      let balance: number | undefined;
      if (op.price.billCacheHits) {
        credits = op.price.charge(params, hit);
        balance = (await Reservation.of(key, 0, deps).confirm(credits, chargedCallOf(call))).balance;
      } else if (balanceRead) balance = (await balanceRead) ?? undefined;
      return {
        kind: "answer",
        call,
        answer: {
          ok: true,
          ...(deps.rawCacheData ? { data: undefined, dataJson: hit.dataJson } : { data: cachedData(hit) }),
          credits,
          cache: "HIT",
          source: `cache:${hit.source}`,
          cachedAt: hit.cachedAt,
          ...(balance !== undefined ? { balance } : {}),
          ...(hit.envelope ? { envelope: hit.envelope } : {}),
        },
      };
    }
  }

  // The admission is settled once: the cache read above awaited it when the call asked for the cache.
  const admission = useCache ? undefined : deps.admission;
  const credits = holdFor(op, params);
  const reservation = await admitted(
    admission,
    Reservation.hold(key, credits, deps),
    // A refused call holds nothing (the release is retried until PostgreSQL answers).
    (held) => held.release(),
  );
  return { kind: "run", call, credits, reservation };
}
