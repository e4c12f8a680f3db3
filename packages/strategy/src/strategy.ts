import type { FailureClass } from "./failure-class.ts";

/**
 * One way to do an operation against a platform (a player client, an API, an extractor). `run` does the work;
 * `classify` tells the chain what a thrown error means (default: {@link classifyError} on the ServiceError code).
 */
export interface Strategy<C, T> {
  /** Stable id within the platform, e.g. `android`, `visionos`, `web-embedded`, `direct`. Health and config use it. */
  id: string;
  /**
   * The source whose circuit this strategy shares, e.g. `videosite:direct:android`, `photosite:direct`, `extractor`
   * (default `<platform>:<id>`). A `blocked`/`rate_limited` failure opens it; while open the strategy is skipped.
   */
  source?: string;
  /** Does the work; may ignore `info` (the chain's remaining budget and earlier attempts). */
  run(ctx: C, info: StrategyRunInfo): Promise<T>;
  /**
   * Whether the strategy has anything to add after the attempts so far (e.g. a second transport of the same client
   * only when the first transport failed, not when the captions did). False: skipped with reason `not_applicable`,
   * no request spent, no health recorded. Default: always.
   */
  applies?(ctx: C, info: StrategyRunInfo): boolean;
  classify?(error: unknown): FailureClass;
}

/** Declares a strategy (identity function, for inference of `C` and `T`). */
export function defineStrategy<C, T>(strategy: Strategy<C, T>): Strategy<C, T> {
  return strategy;
}

/** One entry of the chain's record, in `details.strategies` of its error and in its result. */
export interface StrategyAttempt {
  id: string;
  outcome: "success" | "failure" | "skipped";
  /** The failure's class, for a failure. */
  class?: FailureClass;
  /** The failure's ServiceError code (or `circuit_open` for a skipped strategy). */
  code?: string;
  /** `details.reason` of the failure, or why it was skipped (`circuit_open`, `budget_spent`). */
  reason?: string;
}

/** What one strategy run is told besides the operation's context. */
export interface StrategyRunInfo {
  /** What is left of the chain's budget, ms (`null` without a budget). */
  remainingMs: number | null;
  /** The strategies tried or skipped before this one. */
  attempts: readonly StrategyAttempt[];
}
