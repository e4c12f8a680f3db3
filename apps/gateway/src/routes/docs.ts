import { createRequire } from "node:module";
import path from "node:path";
import { apiReference } from "@scalar/express-api-reference";
import type { Router } from "express";
import express from "express";

/** The Scalar API Reference's browser bundle, as the `@scalar/api-reference` package ships it. */
function standaloneBundle(): string {
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  return path.join(path.dirname(main), "browser", "standalone.js");
}

/** Where `/docs` loads the reference's script from: this service, never a CDN (self-hosters may be offline). */
export const DOCS_BUNDLE_PATH = "/docs/assets/api-reference.js";

/**
 * `GET /docs` (no key): the interactive API reference (Scalar's Express middleware) rendered from
 * `/v1/openapi.json`, the same document the typed client is generated from. Its script is served from the installed
 * package (`/docs/assets/api-reference.js`, cached a day); telemetry, the AI agent and the web fonts it would fetch
 * from Scalar's servers are off, so the page works without internet access.
 */
export function docsRouter(): Router {
  const router = express.Router();
  const bundle = standaloneBundle();
  router.get(DOCS_BUNDLE_PATH, (_req, res) => {
    res.sendFile(bundle, { maxAge: "1d", headers: { "Content-Type": "text/javascript; charset=utf-8" } });
  });
  router.get(
    "/docs",
    apiReference({
      url: "/v1/openapi.json",
      cdn: DOCS_BUNDLE_PATH,
      pageTitle: "Public social data API — reference",
      telemetry: false,
      withDefaultFonts: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
    } as Parameters<typeof apiReference>[0]),
  );
  return router;
}
