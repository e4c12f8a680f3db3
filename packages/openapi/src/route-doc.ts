import type { z } from "zod";

/**
 * The OpenAPI description of one route of a service group (Account, Batch, History, Monitors, Status, Utilities):
 * declared once beside the route's handler and merged into `/v1/openapi.json` with the registry's operations, so the
 * document never drifts from the routes. Path parameters use OpenAPI's `{name}` form.
 */
export interface ServiceRouteDoc {
  method: "get" | "post" | "patch" | "delete";
  /** e.g. `/v1/batch/{batchId}`. */
  path: string;
  /** The SPEC §1 group: `Account`, `Batch`, `History`, `Monitors`, `Status`, `Utilities`. */
  tag: string;
  /** Stable camelCase id (`getBatch`); default: the method and the path's fixed segments (`getAccountUsageDaily`). */
  operationId?: string;
  summary: string;
  description?: string;
  /** Query parameters (a zod object; its input side is documented). */
  query?: z.ZodObject;
  /** Descriptions of the path parameters (`{ batchId: "The batch's `bat_…` id." }`). */
  pathParams?: Record<string, string>;
  /** JSON request body. */
  body?: z.ZodType;
  /** Status code → description, e.g. `{ "202": "accepted", "400": "invalid item" }`. */
  responses: Record<string, string>;
  /**
   * The `data` object of its 2xx answers (by status, e.g. `{ "201": monitor }`; a schema alone is every 2xx listed in
   * `responses`). Routes without one are published as an undocumented object.
   */
  output?: z.ZodType | Record<string, z.ZodType>;
  /** False for routes that need no key (status). Default true. */
  authenticated?: boolean;
}
