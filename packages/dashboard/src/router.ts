import { isStoreUnreachable } from "@sda/core";
import type { ErrorRequestHandler, RequestHandler, Router } from "express";
import express from "express";
import { DASHBOARD_JS, FAVICON_SVG, STYLE_CSS } from "./assets.ts";
import { csrfRefusedPage } from "./auth-pages.ts";
import { authRoutes } from "./auth-routes.ts";
import { batchesRoutes } from "./batches-routes.ts";
import { sendPage, sessionOf, verifyCsrf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { html } from "./html.ts";
import { keysRoutes } from "./keys-routes.ts";
import { layout } from "./layout.ts";
import { ledgerRoutes } from "./ledger-routes.ts";
import { monitorsRoutes } from "./monitors-routes.ts";
import { loadSession, setSessionCookie } from "./session.ts";
import { usageRoutes } from "./usage-routes.ts";

/** Seconds a visitor is asked to wait when PostgreSQL or Redis is out of reach (`Retry-After` of the 503 page). */
const STORE_RETRY_AFTER_SECONDS = 5;

/** Scripts, styles, forms and frames from this origin only; nothing inline, nothing from elsewhere. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  });
  next();
};

function messagePage(title: string, message: string) {
  return layout({
    title,
    session: null,
    body: html`<p>${message}</p><p><a href="/dashboard">Back to the dashboard</a></p>`,
  });
}

/**
 * The web dashboard as an Express router; the gateway mounts it with `app.use("/dashboard", dashboardRouter(deps))`.
 * Pages: `/sign-up`, `/sign-in`, `POST /sign-out`, `/keys`, `/usage`, `/ledger`, `/monitors`, `/batches`; static
 * files under `/assets/` (stylesheet, script, favicon).
 * Every non-GET request must carry the session's CSRF token; pages are `Cache-Control: no-store`.
 */
export function dashboardRouter(deps: DashboardDeps): Router {
  const router = express.Router();
  router.use(securityHeaders);
  router.get("/assets/style.css", (_req, res) => {
    res.type("css").set("Cache-Control", "public, max-age=3600").send(STYLE_CSS);
  });
  router.get("/assets/dashboard.js", (_req, res) => {
    res.type("js").set("Cache-Control", "public, max-age=3600").send(DASHBOARD_JS);
  });
  router.get("/assets/favicon.svg", (_req, res) => {
    res.type("image/svg+xml").set("Cache-Control", "public, max-age=86400").send(FAVICON_SVG);
  });
  router.use(async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    const session = await loadSession(deps, req);
    res.locals.dashboardSession = session;
    if (session) setSessionCookie(deps, req, res, session);
    next();
  });
  router.use(express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 20 }));
  router.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    verifyCsrf((_r, response) => sendPage(response, csrfRefusedPage(sessionOf(response)), 403))(
      req,
      res,
      next,
    );
  });
  router.get("/", (_req, res) => {
    res.redirect(303, sessionOf(res)?.accountId ? "/dashboard/keys" : "/dashboard/sign-in");
  });
  router.use(authRoutes(deps));
  router.use(keysRoutes(deps));
  router.use(usageRoutes(deps));
  router.use(ledgerRoutes(deps));
  router.use(monitorsRoutes(deps));
  router.use(batchesRoutes(deps));
  router.use((_req, res) => {
    sendPage(res, messagePage("Page not found", "There is no dashboard page at this address."), 404);
  });
  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const status = (error as { status?: number; type?: string }).status;
    // Body-parser refusals (too large, malformed) are the client's; anything else is ours and logged.
    if (typeof status === "number" && status >= 400 && status < 500) {
      sendPage(res, messagePage("Request refused", "This form could not be read. Please try again."), status);
      return;
    }
    // PostgreSQL or Redis out of reach: a 503 page, as the API answers 503 (issue 21 #8: it was a 500 page).
    if (isStoreUnreachable(error)) {
      deps.log.warn({ err: error }, "dashboard: a store is unreachable; answered 503");
      res.set("Retry-After", String(STORE_RETRY_AFTER_SECONDS));
      sendPage(
        res,
        messagePage(
          "Temporarily unavailable",
          "The dashboard cannot reach its database right now. Nothing was changed; please try again in a moment.",
        ),
        503,
      );
      return;
    }
    deps.log.error({ err: error }, "dashboard page failed");
    sendPage(res, messagePage("Something went wrong", "The page could not be shown. Please try again."), 500);
  };
  router.use(onError);
  return router;
}
