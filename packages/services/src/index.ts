export { errorCodes } from "./error-codes.ts";
export type { ProviderStatus } from "./providers.ts";
export * from "./services.ts";
