export type { DashboardDeps } from "./deps.ts";
export { revokeKey } from "./revoke-key.ts";
export { dashboardRouter } from "./router.ts";
export { SESSION_COOKIE } from "./session.ts";
