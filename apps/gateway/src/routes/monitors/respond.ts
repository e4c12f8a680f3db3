import type { KeysetPage } from "@sda/core";
import type { Request, Response } from "express";
import { locals } from "../../respond.ts";

/**
 * Answers a monitors route: the success envelope with `status` (200, 201, 202) and the `X-Service-*` headers every
 * 2xx carries (these routes are free: credits 0, cache BYPASS, source `monitors`).
 */
export function sendMonitorsJson(
  res: Response,
  status: number,
  data: unknown,
  extra: Record<string, unknown> = {},
) {
  const l = locals(res);
  l.cache = "BYPASS";
  l.source = "monitors";
  res
    .status(status)
    .set({ "X-Service-Credits": "0", "X-Service-Cache": "BYPASS", "X-Service-Source": "monitors" })
    .json({ success: true, data, ...extra });
}

/** A path parameter as a string (Express 5 gives strings for named parameters). */
export function pathParam(req: Request, name: string): string {
  return String(req.params[name] ?? "");
}

/** The query object of a listing (`cursor`, `limit`), empty values dropped. */
export function listingQuery(req: Request): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query))
    if (value !== "" && value !== undefined) raw[key] = value;
  return raw;
}

/** The `data` of a listing route: `{ totalReturned, nextCursor, hasMore, [name]: the page's items }`. */
export function listingData<T>(name: string, page: KeysetPage<T>): Record<string, unknown> {
  return {
    totalReturned: page.data.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    [name]: page.data,
  };
}
