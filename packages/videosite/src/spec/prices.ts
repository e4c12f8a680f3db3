import type { PriceRule } from "@sda/contract";

/**
 * The price of a list that has a native path and a feed path (`fast=true`): the native rule, or `feedCredits` per
 * call when `fast` is set. The feed is one small request with no pagination, so it costs less than one native page
 * (SPEC §4.2 rule 1 leaves its price open). Empty results cost 0 on both paths (SPEC §8 rule 1).
 */
export function nativeOrFeed(native: PriceRule, feedCredits: number): PriceRule {
  return {
    describe: `${native.describe}; ${feedCredits} credit${feedCredits === 1 ? "" : "s"} per call with fast=true`,
    billCacheHits: false,
    max: (params) => (params.fast === true ? feedCredits : native.max(params)),
    charge: (params, outcome) => {
      if (outcome.count === 0) return 0;
      return params.fast === true ? feedCredits : native.charge(params, outcome);
    },
  };
}
