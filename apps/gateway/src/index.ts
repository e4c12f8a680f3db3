export { BalanceReader } from "./balances.ts";
export { gatewayEnv } from "./env.ts";
export { type RunningGateway, startGateway } from "./gateway.ts";
