import type { OperationContext } from "@sda/contract";
import { type ChainResult, runChain } from "./chain.ts";
import { identitiesOf } from "./identities.ts";
import type { StrategyServices } from "./services.ts";
import type { Strategy } from "./strategy.ts";

/**
 * {@link runChain} for one call of a handler: the order configured for its platform (`ctx.platform`) and `operation` in
 * the identities config ({@link identitiesOf}; code order when none), health and source circuits where the process's
 * strategy services keep them (`ctx.services.strategy.health`: a handler naming them among its platform's), and its
 * signal and logger.
 * @throws what {@link runChain} throws (the most relevant failure, `circuit_open`, the abort reason).
 */
export async function runChainFor<
  C extends Pick<
    OperationContext<unknown, { strategy: StrategyServices }>,
    "platform" | "services" | "log" | "signal"
  >,
  T,
>(ctx: C, operation: string, strategies: readonly Strategy<C, T>[]): Promise<ChainResult<T>> {
  const { platform } = ctx;
  const order = await identitiesOf(ctx).chainOrder(platform, operation);
  return runChain({
    platform,
    operation,
    strategies,
    ctx,
    ...(order ? { order } : {}),
    health: ctx.services.strategy.health,
    signal: ctx.signal,
    log: ctx.log,
  });
}
