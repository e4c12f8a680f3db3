export { buildOpenApi } from "./document.ts";
export { examplesDir, loadExamples, shortened } from "./examples.ts";
export type { ServiceRouteDoc } from "./route-doc.ts";
export type { Openness } from "./schemas.ts";
export { parametersSchema, standaloneSchema } from "./tools.ts";
export type { WebhookDoc } from "./webhooks.ts";
