export { errorCodes } from "./error-codes.ts";
export type { ProviderStatus } from "./providers.ts";
export { createServices } from "./services.ts";
