export { WebhookClient } from "./client.ts";
export { type WebhookConfig, webhookConfigFromEnv } from "./config.ts";
export { WEBHOOK_ERROR_CODES } from "./errors.ts";
export { webhookDeliveryPage } from "./resources.ts";
export { generateWebhookSecret } from "./signing.ts";
export { validateWebhookUrl } from "./ssrf.ts";
export type { WebhookDeliveryView, WebhookOwner } from "./store.ts";
export { startWebhookSweeper } from "./sweeper.ts";
export { startWebhookWorker, type WebhookHooks } from "./worker.ts";
