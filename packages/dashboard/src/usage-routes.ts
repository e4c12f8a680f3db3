import { CursorCodec, parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { decodePageCursor, encodePageCursor, type RequestLogFilter, usageQuerySchema } from "@sda/ledger";
import type { Router } from "express";
import express from "express";
import { usageChart } from "./chart.ts";
import { accountIdOf, requireSignIn, sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import type { Session } from "./session.ts";
import { type UsageFilterForm, usagePage } from "./usage-page.ts";

const LIST_ID = "dashboard.usage";
const PAGE_SIZE = 25;
const CHART_DAYS = 30;

function formValue(query: Record<string, unknown>, name: keyof UsageFilterForm): string {
  const value = query[name];
  return typeof value === "string" ? value.slice(0, 40) : "";
}

/**
 * `GET /usage`: the credits chart of the last 30 UTC days and the request log with filters (operation, status, date
 * range) and cursor paging. The filters are validated by the same schema as `GET /v1/account/usage`; a bad value shows
 * its message and the unfiltered log.
 */
export function usageRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const codec = new CursorCodec(deps.config.CURSOR_SECRET);
  router.get("/usage", requireSignIn, async (req, res) => {
    const accountId = accountIdOf(res);
    const raw = req.query as Record<string, unknown>;
    const form: UsageFilterForm = {
      operation: formValue(raw, "operation"),
      status: formValue(raw, "status"),
      from: formValue(raw, "from"),
      to: formValue(raw, "to"),
    };
    let error: string | undefined;
    const filter: RequestLogFilter = { accountId };
    let after: { createdAt: Date; id: string } | undefined;
    const binding = { ...form };
    try {
      const query = parseParams(usageQuerySchema, { ...form, cursor: raw.cursor });
      if (query.from) filter.from = query.from;
      if (query.to) filter.to = query.to;
      if (query.operation) filter.operation = query.operation;
      if (query.status !== undefined) filter.status = query.status;
      if (query.cursor) after = decodePageCursor(codec, LIST_ID, query.cursor, binding);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      error = `${String(e.details.param ?? "filter")}: ${e.message}`;
      delete filter.from;
      delete filter.to;
      delete filter.operation;
      delete filter.status;
      after = undefined;
    }
    const usage = deps.ledger.usage;
    const [page, daily, operations] = await Promise.all([
      usage.requestLogPage(filter, { limit: PAGE_SIZE, ...(after ? { after } : {}) }),
      usage.daily(accountId, CHART_DAYS),
      usage.operations(accountId),
    ]);
    const href = (cursor?: string) => {
      const params = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== ""));
      if (cursor) params.set("cursor", cursor);
      const qs = params.toString();
      return `/dashboard/usage${qs ? `?${qs}` : ""}#request-log`;
    };
    sendPage(
      res,
      usagePage({
        session: sessionOf(res) as Session,
        chart: usageChart(daily, CHART_DAYS),
        operations,
        filters: form,
        rows: page.rows,
        nextHref: page.next ? href(encodePageCursor(codec, LIST_ID, page.next, binding)) : null,
        firstHref: after ? href() : null,
        ...(error ? { error } : {}),
      }),
      error ? 400 : 200,
    );
  });
  return router;
}
