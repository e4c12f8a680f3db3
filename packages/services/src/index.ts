export {
  composeServiceErrorCodes,
  errorCodes,
  featureErrorCodes,
  type ServiceErrorCode,
} from "./error-codes.ts";
export type { ProviderStatus } from "./providers.ts";
export * from "./services.ts";
