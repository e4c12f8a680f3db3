export { dashboardRouter } from "./router.ts";
