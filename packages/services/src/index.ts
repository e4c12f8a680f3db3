export type { ProviderStatus } from "./providers.ts";
export * from "./services.ts";
