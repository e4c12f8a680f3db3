export { type EnqueueDeliveryInput, WebhookClient } from "./client.ts";
export {
  RESPONSE_EXCERPT_BYTES,
  RETRY_SCHEDULE_MS,
  type WebhookConfig,
  webhookConfigFromEnv,
} from "./config.ts";
export {
  addAttemptJob,
  attemptJobId,
  createWebhookQueue,
  WEBHOOK_QUEUE,
  type WebhookJobData,
} from "./queue.ts";
export { webhookDeliveryPage } from "./resources.ts";
export { type AttemptVerdict, type FailureReason, judgeAttempt } from "./schedule.ts";
export { type AttemptResult, createWebhookAgent, parseRetryAfter, sendAttempt } from "./send.ts";
export {
  generateWebhookSecret,
  isWebhookSecret,
  newMessageId,
  signWebhook,
  verifyWebhook,
  Webhook,
  type WebhookHeaders,
  WebhookVerificationError,
} from "./signing.ts";
export { checkWebhookUrlShape, MAX_WEBHOOK_URL_LENGTH, validateWebhookUrl } from "./ssrf.ts";
export {
  type DeliveryRecord,
  DeliveryStore,
  type WebhookAttemptView,
  type WebhookDeliveryView,
  type WebhookOwner,
} from "./store.ts";
export { startWebhookSweeper, WEBHOOK_SWEEP_GRACE_MS, WEBHOOK_SWEEP_INTERVAL_MS } from "./sweeper.ts";
export {
  startWebhookWorker,
  type WebhookHooks,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from "./worker.ts";
