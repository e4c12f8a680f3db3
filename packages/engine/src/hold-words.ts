import type { SerializedServiceError } from "@sda/core";
import type { Redis } from "ioredis";

/**
 * The gateway's word on the reservation of a speculatively enqueued call, for the worker that runs it.
 *
 * Speculative enqueue: when the gateway has seen recently that the account can pay (see `SpeculationBudget`), it adds
 * the job while its reservation statement is still running instead of after it, so the reservation's PostgreSQL round
 * trip overlaps the queue hop instead of preceding it. The reservation still decides: the gateway answers 402 (or
 * 429, 503) when it fails, exactly as before, and writes its word under `<prefix>:hold:<request id>` (kept as long as
 * a hold lives, `RESERVATION_TTL_SECONDS`): `held`, or the refusal it answered. The worker waits for the word BEFORE
 * it runs the handler: `held` runs and settles as usual; a refusal is the job's result with no upstream request made
 * (a refused call does no work, issue 21 #2); no word within {@link HOLD_WORD_WAIT_MS} (the gateway died between the
 * two) releases whatever hold the request has and fails the call as retryable.
 */
export type HoldWord = { kind: "held" } | { kind: "refused"; error: SerializedServiceError };

/** How long the worker waits for the gateway's word before giving up on the call (ms). */
export const HOLD_WORD_WAIT_MS = 10_000;

/** Reads of a missing word come 1 ms apart for this long (ms: the word normally lands within it)… */
const FAST_POLL_MS = 20;
/** …then 2, 4, 8… ms apart, at most this much (ms). */
const MAX_POLL_MS = 100;

export class HoldWords {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The key of a request's word. */
  key(requestId: string): string {
    return `${this.prefix}:hold:${requestId}`;
  }

  /**
   * Writes the gateway's word for `requestId`, kept `ttlSeconds`.
   * @throws the Redis error when it cannot be written (the worker then gives up after {@link HOLD_WORD_WAIT_MS}).
   */
  async say(requestId: string, word: HoldWord, ttlSeconds: number): Promise<void> {
    const value = word.kind === "held" ? "held" : JSON.stringify({ refused: word.error });
    await this.redis.set(this.key(requestId), value, "EX", Math.max(1, Math.ceil(ttlSeconds)));
  }

  /**
   * Waits for the word on `requestId`: reads it, and while it is missing reads again every 1 ms for 20 ms, then after
   * 2, 4, 8… ms (at most 100 ms apart) until `timeoutMs` passed or `signal` aborted.
   * @returns the word, or null when none came (an unreadable value counts as none). A Redis error propagates.
   */
  async hear(
    requestId: string,
    signal: AbortSignal,
    timeoutMs = HOLD_WORD_WAIT_MS,
  ): Promise<HoldWord | null> {
    const started = Date.now();
    const deadline = started + timeoutMs;
    for (let pause = 1; ; ) {
      const word = readWord(await this.redis.get(this.key(requestId)));
      if (word) return word;
      if (signal.aborted || Date.now() + pause > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (Date.now() - started > FAST_POLL_MS) pause = Math.min(pause * 2, MAX_POLL_MS);
    }
  }
}

/** A stored word, or null (missing or not one). */
function readWord(value: string | null): HoldWord | null {
  if (value === null) return null;
  if (value === "held") return { kind: "held" };
  try {
    const parsed = JSON.parse(value) as { refused?: SerializedServiceError };
    if (parsed.refused && typeof parsed.refused.code === "string")
      return { kind: "refused", error: parsed.refused };
  } catch {
    // not a word
  }
  return null;
}
