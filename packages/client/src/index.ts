export { WebhookVerificationError } from "standardwebhooks";
export {
  type CallMeta,
  type Client,
  type ClientOptions,
  createClient,
  type DataOf,
  type GetPath,
  type JobHandle,
  type QueryOf,
} from "./client.ts";
export { ApiError, type ErrorBody } from "./errors.ts";
export type { components, paths, webhooks } from "./generated/schema.ts";
export { paginate } from "./pagination.ts";
export { verifyWebhook, type WebhookEvent } from "./webhooks.ts";
