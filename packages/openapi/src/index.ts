export { buildOpenApi, type OpenApiInput, shortSummary } from "./document.ts";
export { examplesDir, loadExamples, shortened } from "./examples.ts";
export { operationId, pascalCase, serviceOperationId } from "./names.ts";
export type { ServiceRouteDoc } from "./route-doc.ts";
export type { JsonSchema, Openness } from "./schemas.ts";
export { parametersSchema, priceSentence, standaloneSchema } from "./tools.ts";
export type { WebhookDoc } from "./webhooks.ts";
