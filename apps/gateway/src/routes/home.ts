import type { Router } from "express";
import express from "express";

/** The service's mark, the one the dashboard serves with its assets (the same file, never a second copy). */
const FAVICON_PATH = "/dashboard/assets/favicon.svg";

/** Where a newcomer goes from `/`: every entry point that needs no key to look at. */
export const ENTRY_POINTS = {
  docs: "/docs",
  dashboard: "/dashboard",
  openapi: "/v1/openapi.json",
  status: "/v1/status",
  mcp: "/mcp",
} as const;

const HOME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Public social data API</title><link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml"><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}a{color:#1f4fd1}li{margin:.4rem 0}code{background:#f1f3f6;padding:0 .25rem;border-radius:3px}</style></head><body><h1>Public social data API</h1><p>One API key, JSON over REST, credits per call.</p><ul><li><a href="${ENTRY_POINTS.docs}">API reference</a> — every operation, its parameters, prices and answers</li><li><a href="${ENTRY_POINTS.dashboard}">Dashboard</a> — sign up, create keys, watch usage, monitors and batches</li><li><a href="${ENTRY_POINTS.openapi}">OpenAPI document</a> — for generated clients</li><li><a href="${ENTRY_POINTS.status}">Status</a> — which platforms answer now</li><li><code>${ENTRY_POINTS.mcp}</code> — the MCP endpoint for agents (Streamable HTTP, your key as a Bearer token)</li></ul></body></html>`;

/**
 * `GET /` (no key) and the favicon. A browser (`Accept: text/html`) gets a page linking the reference, the dashboard,
 * the OpenAPI document, the status and the MCP endpoint; any other client the same links in the success envelope
 * (`data: { docs, dashboard, openapi, status, mcp }`, paths on this host). `/favicon.ico` redirects to the
 * dashboard's SVG mark (cached a day), so pages such as `/docs` no longer log a 404 each time they load.
 */
export function homeRouter(): Router {
  const router = express.Router();
  router.get("/", (req, res) => {
    if (req.accepts(["json", "html"]) === "html") {
      res.type("html").send(HOME_HTML);
      return;
    }
    res.json({ success: true, data: ENTRY_POINTS });
  });
  // Browsers ask every site for /favicon.ico; a redirect to the mark answers it (they follow it) instead of a 404.
  router.get("/favicon.ico", (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400").redirect(301, FAVICON_PATH);
  });
  return router;
}
