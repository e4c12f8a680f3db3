import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { downloadHeaders } from "@sda/batch";
import { batchEnv } from "@sda/batch/env";
import { ServiceError } from "@sda/core";
import type { Router } from "express";
import express from "express";
import { batchesPage } from "./batches-page.ts";
import { accountIdOf, requireSignIn, sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { html } from "./html.ts";
import { layout } from "./layout.ts";
import type { Session } from "./session.ts";

const PAGE_SIZE = "20";

/**
 * `GET /batches` (the account's batches, newest first, cursor paging) and `GET /batches/:id/results.jsonl|.csv`: the
 * API's whole-batch download (`GET /v1/batch/{id}/results?format=`), read as the signed-in account.
 */
export function batchesRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get("/batches", requireSignIn, async (req, res) => {
    const reader = { accountId: accountIdOf(res) };
    const cursor = typeof req.query.cursor === "string" ? req.query.cursor : undefined;
    let error: string | undefined;
    let page: Awaited<ReturnType<DashboardDeps["batches"]["list"]>>;
    try {
      page = await deps.batches.list(reader, { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      error = "That page link is not valid; showing the newest batches.";
      page = await deps.batches.list(reader, { limit: PAGE_SIZE });
    }
    const next = page.nextCursor ? `/dashboard/batches?cursor=${encodeURIComponent(page.nextCursor)}` : null;
    sendPage(
      res,
      batchesPage({
        session: sessionOf(res) as Session,
        batches: page.items,
        next,
        first: !cursor || Boolean(error),
        retentionDays: batchEnv.of(deps.config).BATCH_RESULT_TTL_DAYS,
        ...(error ? { error } : {}),
      }),
      error ? 400 : 200,
    );
  });

  router.get("/batches/:batchId/results.:format", requireSignIn, async (req, res) => {
    const format = String(req.params.format);
    let download: Awaited<ReturnType<DashboardDeps["batches"]["export"]>>;
    try {
      if (format !== "jsonl" && format !== "csv")
        throw new ServiceError("route_not_found", "no such download");
      download = await deps.batches.export({ accountId: accountIdOf(res) }, String(req.params.batchId), {
        format,
      });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const page = layout({
        title: "No such batch",
        session: sessionOf(res),
        body: html`<p>${error.message}</p><p><a href="/dashboard/batches">Back to your batches</a></p>`,
      });
      return sendPage(res, page, error.status);
    }
    res.status(200).set(downloadHeaders(download.batch.batchId, download.format));
    // A store failing half-way: pipeline destroys the response (a truncated download, never a hanging one).
    await pipeline(Readable.from(download.chunks), res);
  });
  return router;
}
