export { orderStrategies, recordStrategyOutcome, runChain } from "./chain.ts";
export { runChainFor } from "./context-chain.ts";
export { classifyError, type FailureClass } from "./failure-class.ts";
export { readStrategyHealth, type StrategyHealth } from "./health.ts";
export { identitiesKey, identitiesOf } from "./identities.ts";
export { registerStrategyMetrics } from "./metrics.ts";
export { createStrategyServices, type StrategyServices } from "./services.ts";
export { defineStrategy, type Strategy, type StrategyRunInfo } from "./strategy.ts";
