import { assertStorableBody, ServiceError } from "@sda/core";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";

/** A body that is not JSON is the caller's 400, named, never a 500. */
const badJson: ErrorRequestHandler = (error, _req, _res, next) => {
  if ((error as { type?: string }).type === "entity.parse.failed")
    next(new ServiceError("invalid_parameter", "the body is not valid JSON", { details: { param: "body" } }));
  else if ((error as { type?: string }).type === "entity.too.large")
    next(
      new ServiceError("invalid_parameter", "the body is larger than 64 KB", { details: { param: "body" } }),
    );
  else next(error);
};

/** Depth and NUL checks of the parsed body before the service reads it (see `assertStorableBody`). */
const storableBody: RequestHandler = (req, _res, next) => {
  assertStorableBody(req.body);
  next();
};

/**
 * What the Monitors routes with a body accept (a route's `accepts`): JSON up to 64 KB, a body that is not JSON or is
 * larger answered 400 `invalid_parameter` (`param: "body"`), then the depth and NUL checks.
 */
export const JSON_BODY = [express.json({ limit: "64kb" }), badJson, storableBody] as const;
