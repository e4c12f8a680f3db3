export { buildOpenApi, type OpenApiInput } from "./document.ts";
export { examplesDir, loadExamples, shortened } from "./examples.ts";
export { operationId, pascalCase, serviceOperationId } from "./names.ts";
export type { ServiceRouteDoc } from "./route-doc.ts";
export type { JsonSchema, Openness } from "./schemas.ts";
export type { WebhookDoc } from "./webhooks.ts";
