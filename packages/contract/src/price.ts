import { ServiceError } from "@sda/core";

/** `n` with the word credit in the right number: `1 credit`, `0 credits`, `2 credits` (every text naming credits). */
export function creditsText(n: number): string {
  return `${n} credit${n === 1 ? "" : "s"}`;
}

/**
 * Price rules of the operations (SPEC §4 and §8). A rule answers two questions:
 * - `max(params)`: the most the call can cost, known before any work; the gateway answers 402 when the balance is
 *   lower (null when only the worker can tell, e.g. audio minutes before the duration is read);
 * - `charge(params, outcome)`: the credits actually charged for a successful outcome (0 for empty results, SPEC §8
 *   rule 1).
 * All amounts are whole credits.
 */
export interface PriceRule {
  /** Human description for docs and OpenAPI, e.g. "2 credits per page of 20 results". */
  readonly describe: string;
  /** True when a cache hit is still billed (SPEC §8 rule 2: the audio transcript operation). */
  readonly billCacheHits: boolean;
  max(params: PriceParams): number | null;
  charge(params: PriceParams, outcome: PriceOutcome): number;
}

/** The validated params of the call, as far as price rules need them. */
export type PriceParams = { limit?: number | undefined; [key: string]: unknown };

/** What a handler reports for billing. */
export interface PriceOutcome {
  /** Items returned by a list operation; 0 makes the result "empty" (charged 0). Undefined for non-list results. */
  count?: number | undefined;
  /** Media seconds processed (audio transcript). */
  durationSeconds?: number | undefined;
  /** Credits the handler computed itself (audio estimate); used by {@link perAudioMinute}. */
  credits?: number | undefined;
}

const isEmpty = (o: PriceOutcome) => o.count !== undefined && o.count === 0;

/** A fixed price per successful call; empty list results cost 0 unless `chargeEmpty`. */
export function fixed(
  credits: number,
  options: { chargeEmpty?: boolean; billCacheHits?: boolean } = {},
): PriceRule {
  return {
    describe: `${creditsText(credits)} per call`,
    billCacheHits: options.billCacheHits ?? false,
    max: () => credits,
    charge: (_p, o) => (isEmpty(o) && !options.chargeEmpty ? 0 : credits),
  };
}

/**
 * `credits` per started page of `pageSize` returned items: n items cost `ceil(n / pageSize) * credits` (a 1-item
 * page costs one page; 0 items cost 0). The 402 check uses `ceil(limit / pageSize) * credits`.
 */
export function perPage(credits: number, pageSize: number): PriceRule {
  return {
    describe: `${creditsText(credits)} per page of ${pageSize} results returned`,
    billCacheHits: false,
    max: (p) => Math.ceil((p.limit ?? pageSize) / pageSize) * credits,
    charge: (_p, o) => Math.ceil((o.count ?? 0) / pageSize) * credits,
  };
}

/** `ceil(n × rate)` credits for n results returned; the 402 check uses `ceil(limit × rate)`. */
export function perResult(rate: number, defaultLimit: number): PriceRule {
  // Rates such as 0.3 are not exact in binary; round to 1e-9 before ceil so 10 × 0.3 costs 3, not 4.
  const cost = (n: number) => Math.ceil(Math.round(n * rate * 1e9) / 1e9);
  return {
    describe: `${rate} credits per result returned, rounded up per call`,
    billCacheHits: false,
    max: (p) => cost(p.limit ?? defaultLimit),
    charge: (_p, o) => cost(o.count ?? 0),
  };
}

/**
 * `ceil(durationSeconds / 60) × credits` (SPEC §2.4). The price is known only once the worker has read the media
 * duration, so `max` is null and the handler checks the balance itself; cache hits are billed (SPEC §8 rule 2).
 * The caller's `maxCredits` cap holds for cache hits too: the gateway prices a hit with this rule before charging it.
 * @throws ServiceError 400 `cost_exceeds_max` (nothing charged) when `params.maxCredits` is below the price.
 */
export function perAudioMinute(credits: number): PriceRule {
  return {
    describe: `${creditsText(credits)} per started minute of audio; cache hits are billed`,
    billCacheHits: true,
    max: () => null,
    charge: (p, o) => {
      const price = o.credits ?? Math.ceil((o.durationSeconds ?? 0) / 60) * credits;
      if (typeof p.maxCredits === "number" && price > p.maxCredits)
        throw new ServiceError(
          "cost_exceeds_max",
          `this call costs ${creditsText(price)}, more than maxCredits=${p.maxCredits}; nothing was charged`,
          { details: { estimatedCredits: price, maxCredits: p.maxCredits } },
        );
      return price;
    },
  };
}

/** Estimated credits of an audio transcript for a duration in seconds: `ceil(s / 60) × 2` (SPEC §2.4). */
export function audioCredits(durationSeconds: number, perMinute = 2): number {
  return Math.ceil(durationSeconds / 60) * perMinute;
}
