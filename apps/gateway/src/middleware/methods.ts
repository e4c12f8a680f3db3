import { ServiceError } from "@sda/core";
import type { RequestHandler } from "express";

/**
 * 405 `method_not_allowed` (with `Allow`) for every method of a known path but the allowed ones. Mounted before the
 * path's own route: Express answers HEAD with the GET handler by default, which would run (and bill) a paid call.
 * @param allow the methods the path answers, e.g. `["GET"]`.
 */
export function onlyMethods(path: string, allow: readonly string[]): RequestHandler {
  const allowed = new Set(allow);
  const header = allow.join(", ");
  return (req, _res, next) => {
    if (allowed.has(req.method)) {
      next();
      return;
    }
    throw new ServiceError("method_not_allowed", `${path} only answers ${header}`, {
      details: { allow: header },
    });
  };
}

/**
 * A path's key as Express's default routing compares paths (case-insensitive, one trailing slash ignored): the
 * gateway's lookups of registry operations by request path use it (`/v1/VideoSite/Details/` → `/v1/videosite/details`).
 */
export function pathKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}
