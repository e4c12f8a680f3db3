import { requestHash } from "@sda/batch";
import type { OperationSpec } from "@sda/contract";
import type { RedisClient } from "@sda/core";
import { ServiceError } from "@sda/core";
import type { EstimateResult } from "@sda/engine";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/** Estimates that read the platform (their operation declares `estimate`) one account may make per minute. */
const ESTIMATE_READS_PER_MINUTE = 10;
/** Seconds a measured estimate is kept and answered again without a platform read (an hour). */
const ESTIMATE_CACHE_SECONDS = 3600;

/**
 * The unbilled platform reads of `GET /v1/utilities/estimate` (issue 34 #6: each estimate of an audio transcript made
 * one upstream request, free and unlimited), bounded twice, on Redis:
 * - a measured estimate is cached {@link ESTIMATE_CACHE_SECONDS} under its operation and ALL its parsed parameters
 *   (`<prefix>:estimate:<operation>:<sha256 of the canonical request>`, `maxCredits` included, so a refusal it would
 *   cause is never hidden), shared by every account (the price of a video is nobody's secret);
 * - a miss spends one of the account's {@link ESTIMATE_READS_PER_MINUTE} reads per minute (rate-limiter-flexible),
 *   apart from the calls' own rate limit; beyond it 429 `rate_limited` with `Retry-After`, before any job is added.
 */
export class EstimateReads {
  readonly #limiter: RateLimiterRedis;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {
    this.#limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:estimate-reads`,
      points: ESTIMATE_READS_PER_MINUTE,
      duration: 60,
    });
  }

  #key(op: OperationSpec, params: Record<string, unknown>): string {
    return `${this.prefix}:estimate:${op.id}:${requestHash({ operation: op.id, params })}`;
  }

  /** The cached estimate of this call, or null (none, unreadable, or Redis away: then the read is made). */
  async cached(op: OperationSpec, params: Record<string, unknown>): Promise<EstimateResult | null> {
    const text = await this.redis.get(this.#key(op, params)).catch(() => null);
    if (text === null) return null;
    try {
      const value = JSON.parse(text) as EstimateResult;
      return typeof value.credits === "number" && typeof value.source === "string" ? value : null;
    } catch {
      return null;
    }
  }

  /** Keeps a measured estimate (a failed write only loses a future hit). */
  async store(op: OperationSpec, params: Record<string, unknown>, measured: EstimateResult): Promise<void> {
    await this.redis
      .set(this.#key(op, params), JSON.stringify(measured), "EX", ESTIMATE_CACHE_SECONDS)
      .catch(() => undefined);
  }

  /**
   * Spends one of the account's platform reads. @throws ServiceError 429 `rate_limited` beyond
   * {@link ESTIMATE_READS_PER_MINUTE} a minute; the store's error when Redis is unreachable (503).
   */
  async admit(accountId: string): Promise<void> {
    try {
      await this.#limiter.consume(accountId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new ServiceError(
        "rate_limited",
        `at most ${ESTIMATE_READS_PER_MINUTE} estimates that read the platform per minute (answers are cached ${ESTIMATE_CACHE_SECONDS / 60} min)`,
        { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) },
      );
    }
  }
}
