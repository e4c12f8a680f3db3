/** The OpenAPI description of one service-group route: declared in `@sda/openapi`, re-exported for the routes. */
export type { ServiceRouteDoc } from "@sda/openapi";
