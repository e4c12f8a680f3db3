import { isServiceError, type OperationDefinition, parseParams, ServiceError } from "@sda/core";
import type { Ledger } from "@sda/ledger";
import type { JobPayload, JobResult } from "@sda/queue";
import type { HoldWords } from "./hold-words.ts";
import { cachedData, type ResultCache } from "./result-cache.ts";

/**
 * The gateway's half of one call: parameters → cache → reservation. Everything that decides what a call costs before
 * it runs lives here (and in {@link executeJob} for the worker's half), so the HTTP route only translates.
 */

/** Who is calling: the authenticated key's account. */
export interface CallPrincipal {
  accountId: string;
  keyId: string;
}

/** What {@link planCall} needs from its process. */
export interface PlanDeps {
  ledger: Ledger;
  cache: ResultCache;
  /** Seconds a reservation lives before the sweeper may release it (`RESERVATION_TTL_SECONDS`). */
  reservationTtlSeconds: number;
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
   * Speculative enqueue (the gateway; see `hold-words.ts`): `allow(accountId, credits)` says whether this call may
   * be enqueued while its reservation is still running (the gateway's judgement of what the account can pay; only
   * asked for operations whose maximum price is known before the call); `words` carries the reservation's outcome to
   * the worker.
   */
  speculation?: { words: HoldWords; allow(accountId: string, credits: number): boolean };
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

/** A finished success as the gateway answers it (the `ok: true` shape of a job result). */
export type CallAnswer = Extract<JobResult, { ok: true }>;

/**
 * The plan of one call:
 * - `answer`: a cache hit, already paid when the operation bills hits (the audio transcript);
 * - `enqueue`: credits are reserved for `payload.requestId`; the caller must enqueue the payload on `queue`, or
 *   release the reservation (`ledger.release(requestId)`) when it cannot.
 */
export type CallPlan =
  | { kind: "answer"; params: Record<string, unknown>; answer: CallAnswer }
  | {
      kind: "enqueue";
      params: Record<string, unknown>;
      queue: string;
      payload: JobPayload;
      /**
       * Set when the call was planned speculatively (`payload.speculative`): its reservation, still running. The
       * caller enqueues the payload at once and awaits `hold` before answering; a rejection is the call's answer
       * (402, 429, 503), and the worker, told by the hold word, discards the job's result.
       */
      hold?: Promise<number>;
    };

/**
 * Credits held before a call runs: its maximum price, or 1 credit when only the worker can price it (the audio
 * transcript raises its hold to the estimate once it knows the duration, through `ctx.requireCredits`).
 */
export function holdFor(op: OperationDefinition, params: Record<string, unknown>): number {
  return op.price.max(params) ?? 1;
}

/**
 * True when the call may be answered from the result cache (SPEC §4.1 `cache` and `cacheMaxAge`, §8): always for
 * shared-cache operations, on request for opt-in ones.
 */
export function cacheRequested(op: OperationDefinition, params: Record<string, unknown>): boolean {
  if (op.cache.mode === "always") return true;
  return op.cache.mode === "optIn" && (params.cache === true || typeof params.cacheMaxAge === "number");
}

/** True when the operation's schema declares the query parameter `name`. */
function acceptsParam(op: OperationDefinition, name: string): boolean {
  const shape = (op.params as { shape?: Record<string, unknown> }).shape;
  return !!shape && name in shape;
}

/** The raw parameters the schema knows (the job payload and the cache key); unknown keys are dropped. */
export function knownParams(op: OperationDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = (op.params as { shape?: Record<string, unknown> }).shape;
  if (!shape) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key in shape));
}

/**
 * The call's parameters as its operation's schema parses them, with the same refusals a direct call gets.
 * @throws ServiceError 400 `invalid_parameter` for `cacheMaxAge` on an operation that does not take it, and the
 *   schema's 400/422s.
 */
export function validateCallParams(
  op: OperationDefinition,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  if (raw.cacheMaxAge !== undefined && !acceptsParam(op, "cacheMaxAge"))
    throw new ServiceError(
      "invalid_parameter",
      `${op.path} does not take cacheMaxAge (profile operations do)`,
      {
        details: { param: "cacheMaxAge" },
      },
    );
  return parseParams(op.params, raw) as Record<string, unknown>;
}

/**
 * Plans one call of `op` with the caller's raw query values.
 *
 * Order matters for money: nothing is reserved before the parameters are valid; with `deps.admission`, a refused
 * admission wins over everything the plan met and leaves nothing reserved; a cache hit of an operation that
 * bills hits is charged (conditionally on the available balance) before it is answered; a miss reserves the call's
 * hold in one statement and answers 402 when `balance - reserved` cannot cover it, so N parallel calls on a balance
 * that covers k of them are served exactly k. With `deps.speculation` allowing it, the miss is returned with its
 * reservation still running (`hold`), to be enqueued alongside it; only a job whose hold word says `held` is settled.
 *
 * @throws ServiceError 400/422 for invalid parameters, 402 `insufficient_credits` (nothing reserved or charged),
 *   400 `cost_exceeds_max` for a billed cache hit above the caller's `maxCredits`.
 */
export async function planCall(
  op: OperationDefinition,
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
  const keyParams = knownParams(op, raw);
  const useCache = cacheRequested(op, params);

  if (useCache) {
    const maxAge = typeof params.cacheMaxAge === "number" ? params.cacheMaxAge : undefined;
    const hit = await admitted(deps.admission, deps.cache.get(op, params, maxAge));
    if (hit) {
      let credits = 0;
      let balance: number | undefined;
      if (op.price.billCacheHits) {
        credits = op.price.charge(params, hit);
        const settled = await deps.ledger.settle({
          accountId: principal.accountId,
          requestId,
          credits,
          operation: op.id,
        });
        balance = settled.balance;
      }
      return {
        kind: "answer",
        params: keyParams,
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
  const holding = admitted(
    admission,
    deps.ledger.reserve({
      accountId: principal.accountId,
      requestId,
      credits,
      operation: op.id,
      ttlSeconds: deps.reservationTtlSeconds,
    }),
    // A refused call holds nothing; were the release to fail, the sweeper releases the hold at its expiry.
    () => deps.ledger.release(requestId).catch(() => undefined),
  );
  const payload: JobPayload = {
    requestId,
    accountId: principal.accountId,
    keyId: principal.keyId,
    operationId: op.id,
    params: keyParams,
    cacheRequested: useCache,
    reservedCredits: credits,
    enqueuedAt: Date.now(),
  };
  const speculation = deps.speculation;
  if (!speculation || op.price.max(params) === null || !speculation.allow(principal.accountId, credits)) {
    payload.reservedCredits = await holding;
    return { kind: "enqueue", params: keyParams, queue: op.queue, payload };
  }
  const ttl = deps.reservationTtlSeconds;
  const hold = holding.then(
    async (held) => {
      await speculation.words.say(requestId, { kind: "held" }, ttl).catch(() => undefined);
      return held;
    },
    async (error: unknown) => {
      const refusal = isServiceError(error)
        ? error
        : new ServiceError("service_unavailable", "the call could not be reserved; it was not billed", {
            retryAfterSeconds: 2,
          });
      await speculation.words
        .say(requestId, { kind: "refused", error: refusal.toJSON() }, ttl)
        .catch(() => undefined);
      throw error;
    },
  );
  // Awaited by the caller; handled here too so a caller that fails before awaiting it leaves no unhandled rejection.
  hold.catch(() => undefined);
  return {
    kind: "enqueue",
    params: keyParams,
    queue: op.queue,
    payload: { ...payload, speculative: true },
    hold,
  };
}
