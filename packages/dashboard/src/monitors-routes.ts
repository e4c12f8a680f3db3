import { ServiceError } from "@sda/core";
import type { Request, Response, Router } from "express";
import express from "express";
import { accountIdOf, requireSignIn, sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { type MonitorCard, monitorsPage } from "./monitors-page.ts";
import type { Session } from "./session.ts";

/** Monitors shown (an account keeps `PLAN_MAX_MONITORS`, 5 on the free plan), and runs / deliveries per monitor. */
const MAX_MONITORS = "100";
const RECENT = "5";

/** The account's monitors with their newest runs and deliveries (the API's service, read as the account). */
async function loadCards(deps: DashboardDeps, accountId: string): Promise<MonitorCard[]> {
  const reader = { accountId };
  const monitors = await deps.monitors.list(reader, { limit: MAX_MONITORS });
  return Promise.all(
    monitors.data.map(async (monitor) => {
      const [runs, deliveries] = await Promise.all([
        deps.monitors.runs(reader, monitor.id, { limit: RECENT }),
        monitor.kind === "items"
          ? deps.monitors.deliveries(reader, monitor.id, { limit: RECENT })
          : { data: [] },
      ]);
      return { monitor, runs: runs.data, deliveries: deliveries.data };
    }),
  );
}

async function render(
  deps: DashboardDeps,
  res: Response,
  extra: {
    notice?: string;
    noticeFor?: string;
    error?: string;
    rotated?: { monitorId: string; secret: string };
  } = {},
  status = 200,
) {
  const cards = await loadCards(deps, accountIdOf(res));
  sendPage(res, monitorsPage({ session: sessionOf(res) as Session, cards, ...extra }), status);
}

/**
 * Runs an action of the API's monitor service as the signed-in account, then redirects to the page with a notice
 * (post/redirect/get); a refusal of the service (404 another account's monitor, 409 a delivery still pending) is
 * shown on the page with its status.
 */
function act(
  deps: DashboardDeps,
  notice: string,
  run: (req: Request, accountId: string) => Promise<unknown>,
) {
  return async (req: Request, res: Response) => {
    try {
      await run(req, accountIdOf(res));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return render(deps, res, { error: error.message }, error.status);
    }
    const monitorId = encodeURIComponent(String(req.params.monitorId));
    res.redirect(303, `/dashboard/monitors?notice=${notice}&monitor=${monitorId}#${monitorId}`);
  };
}

/**
 * `GET /monitors`; `POST /monitors/:id/pause`, `/resume`, `/test`, `/rotate-secret` (the new secret is in that one
 * response only) and `/monitors/:id/deliveries/:deliveryId/replay`.
 */
export function monitorsRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const id = (req: Request) => String(req.params.monitorId);
  router.get("/monitors", requireSignIn, async (req, res) => {
    const notice = typeof req.query.notice === "string" ? req.query.notice : undefined;
    const noticeFor = typeof req.query.monitor === "string" ? req.query.monitor : undefined;
    await render(deps, res, notice ? { notice, ...(noticeFor ? { noticeFor } : {}) } : {});
  });
  router.post(
    "/monitors/:monitorId/pause",
    requireSignIn,
    act(deps, "paused", (req, accountId) =>
      deps.monitors.update({ accountId }, id(req), { status: "paused" }),
    ),
  );
  router.post(
    "/monitors/:monitorId/resume",
    requireSignIn,
    act(deps, "resumed", (req, accountId) =>
      deps.monitors.update({ accountId }, id(req), { status: "active" }),
    ),
  );
  router.post(
    "/monitors/:monitorId/test",
    requireSignIn,
    act(deps, "test-sent", (req, accountId) => deps.monitors.test({ accountId }, id(req))),
  );
  router.post(
    "/monitors/:monitorId/deliveries/:deliveryId/replay",
    requireSignIn,
    act(deps, "replayed", (req, accountId) =>
      deps.monitors.replay({ accountId }, id(req), String(req.params.deliveryId)),
    ),
  );
  router.post("/monitors/:monitorId/rotate-secret", requireSignIn, async (req, res) => {
    try {
      const { secret } = await deps.monitors.rotateSecret({ accountId: accountIdOf(res) }, id(req));
      await render(deps, res, { rotated: { monitorId: id(req), secret } });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      await render(deps, res, { error: error.message }, error.status);
    }
  });
  return router;
}
