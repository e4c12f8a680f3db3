import type { Request, RequestHandler, Response } from "express";
import { csrfMatches, type Session } from "./session.ts";

/** The session loaded for this request by the router (null: no valid session cookie). */
export function sessionOf(res: Response): Session | null {
  return (res.locals.dashboardSession as Session | null | undefined) ?? null;
}

/** The signed-in account of this request; only used behind {@link requireSignIn}. */
export function accountIdOf(res: Response): string {
  const id = sessionOf(res)?.accountId;
  if (!id) throw new Error("dashboard page used without requireSignIn");
  return id;
}

/** Sends a page with status `status`. */
export function sendPage(res: Response, page: string, status = 200) {
  res.status(status).type("html").send(page);
}

/** Redirects signed-out visitors to the sign-in page (303, so a POST becomes a GET). */
export const requireSignIn: RequestHandler = (_req, res, next) => {
  if (!sessionOf(res)?.accountId) {
    res.redirect(303, "/dashboard/sign-in");
    return;
  }
  next();
};

/**
 * Refuses a form post whose `_csrf` is not the session's token (403, nothing done): together with the SameSite=Lax
 * cookie this stops another site from posting forms in the user's name.
 */
export function verifyCsrf(render403: (req: Request, res: Response) => void): RequestHandler {
  return (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!csrfMatches(sessionOf(res), body._csrf)) {
      render403(req, res);
      return;
    }
    next();
  };
}
