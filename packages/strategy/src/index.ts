export * from "./chain.ts";
export * from "./context-chain.ts";
export * from "./failure-class.ts";
export * from "./health.ts";
export * from "./identities.ts";
export * from "./metrics.ts";
export { createStrategyServices, type StrategyServices } from "./services.ts";
export * from "./strategy.ts";
