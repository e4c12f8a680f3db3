import { createHash } from "node:crypto";
import type { JobResult } from "@sda/engine";
import type { Redis } from "ioredis";

/** How long an `Idempotency-Key` binds its first call (and its answer): 24 hours, as Stripe's. */
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/**
 * One `Idempotency-Key` of one API key: the first call made with it — the hash of its request, the request id it
 * runs under, the job id it is (or will be) run as — and, once known, the answer to give every retry.
 */
export interface IdempotentCall {
  /** SHA-256 of the canonical request (operation and query): another request with the key is 422. */
  hash: string;
  requestId: string;
  /** The job the call runs as (kept as long as this record), named before it is added. */
  jobId: string;
  /** When the claim was made (epoch ms). */
  at: number;
  /** The stored answer (a finished call's result), once known. */
  answer?: JobResult;
}

/**
 * Replaces (or, with an empty ARGV[2], deletes) the record at KEYS[1] only while it is the claim of request ARGV[1],
 * keeping its expiry: a call that lost its claim (taken over after it went quiet) never overwrites its successor's.
 */
const OWNED_UPDATE = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
if cjson.decode(current).requestId ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') end
return 1`;

/**
 * The `Idempotency-Key`s of direct calls, in Redis: `<prefix>:idem:<keyId>:<sha256 of the key>` → {@link IdempotentCall}
 * as JSON, kept {@link IDEMPOTENCY_TTL_SECONDS} from the first call (every key written has that TTL). The claim is
 * one `SET NX`, so of concurrent duplicates exactly one runs; the others read its record.
 */
export class IdempotentCalls {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  #key(keyId: string, idempotencyKey: string): string {
    const digest = createHash("sha256").update(idempotencyKey).digest("hex");
    return `${this.prefix}:idem:${keyId}:${digest}`;
  }

  /**
   * Claims `idempotencyKey` for `fresh` (the call about to run).
   * @returns null when claimed (run the call), else the earlier call's record. @throws the store's error.
   */
  async claim(keyId: string, idempotencyKey: string, fresh: IdempotentCall): Promise<IdempotentCall | null> {
    const key = this.#key(keyId, idempotencyKey);
    for (;;) {
      const set = await this.redis.set(key, JSON.stringify(fresh), "EX", IDEMPOTENCY_TTL_SECONDS, "NX");
      if (set === "OK") return null;
      const earlier = await this.redis.get(key);
      // Gone between the two commands (released by its failed call, or expired): claim again.
      if (earlier !== null) return JSON.parse(earlier) as IdempotentCall;
    }
  }

  /** Stores the answer of the call `record` (while it holds the claim). @returns false when it no longer does. */
  async answer(
    keyId: string,
    idempotencyKey: string,
    record: IdempotentCall,
    answer: JobResult,
  ): Promise<boolean> {
    return this.#ownedUpdate(keyId, idempotencyKey, record.requestId, JSON.stringify({ ...record, answer }));
  }

  /** Frees the key of the call `requestId` (refused or failed retryably: nothing billed, a retry runs afresh). */
  async release(keyId: string, idempotencyKey: string, requestId: string): Promise<boolean> {
    return this.#ownedUpdate(keyId, idempotencyKey, requestId, "");
  }

  /**
   * Gives the key of the call `earlier` (which never got a job, or whose job failed retryably: nothing billed) to
   * `fresh`. @returns false when another retry took it first.
   */
  async takeOver(
    keyId: string,
    idempotencyKey: string,
    earlier: IdempotentCall,
    fresh: IdempotentCall,
  ): Promise<boolean> {
    return this.#ownedUpdate(keyId, idempotencyKey, earlier.requestId, JSON.stringify(fresh));
  }

  async #ownedUpdate(
    keyId: string,
    idempotencyKey: string,
    requestId: string,
    value: string,
  ): Promise<boolean> {
    const key = this.#key(keyId, idempotencyKey);
    return (await this.redis.eval(OWNED_UPDATE, 1, key, requestId, value)) === 1;
  }
}
