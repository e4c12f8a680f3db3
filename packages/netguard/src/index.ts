export * from "./agent.ts";
export * from "./guard.ts";
export * from "./host-name.ts";
export * from "./special-ranges.ts";
