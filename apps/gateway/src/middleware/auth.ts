import { ServiceError } from "@sda/core";
import type { KeyCache, Principal } from "@sda/ledger";
import type { Request, RequestHandler, Response } from "express";
import type { GatewayMetrics } from "../metrics.ts";
import { locals } from "../respond.ts";
import type { AuthFailureLimiter } from "./auth-rate-limit.ts";

/** The key a request presents: found, absent, or an `Authorization` header of another scheme (`Basic …`, `Token …`). */
export type PresentedKey = { kind: "key"; key: string } | { kind: "missing" } | { kind: "malformed" };

/** The key of a request: `Authorization: Bearer <key>` or `X-API-Key: <key>` (SPEC §5.1). */
export function extractApiKey(req: Request): PresentedKey {
  const authorization = req.get("authorization")?.trim();
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  if (match?.[1]) return { kind: "key", key: match[1] };
  const header = req.get("x-api-key")?.trim();
  if (header) return { kind: "key", key: header };
  // A credential was sent, just not in a form we accept: it is an invalid key, not a missing one.
  return authorization ? { kind: "malformed" } : { kind: "missing" };
}

/** The authenticated caller, set by {@link authenticate}. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error("route used without the authenticate middleware");
  return principal;
}

/**
 * Resolves the key to its account: from the in-process {@link KeyCache} when fresh, else one indexed lookup by
 * SHA-256. A client address past its budget of failed authentications is refused before any lookup; every failure
 * is counted in `sda_gateway_auth_rejected_total` (no request-log row: a flood of bad keys must cost nothing).
 * @throws ServiceError 429 `rate_limited` (address over its failure budget); 401 `missing_api_key`,
 *   `invalid_api_key` or `revoked_api_key` (SPEC §5.4).
 */
export function authenticate(
  keys: KeyCache,
  limiter: AuthFailureLimiter,
  metrics: GatewayMetrics,
): RequestHandler {
  return async (req, res, next) => {
    const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const blocked = await limiter.blockedFor(address);
    if (blocked !== null) {
      metrics.authRejected.inc({ reason: "rate_limited" });
      throw new ServiceError("rate_limited", "too many failed authentications from this address", {
        retryAfterSeconds: blocked,
      });
    }
    const presented = extractApiKey(req);
    const refuse = async (reason: "missing" | "invalid" | "revoked", error: ServiceError) => {
      metrics.authRejected.inc({ reason });
      await limiter.recordFailure(address);
      throw error;
    };
    if (presented.kind === "missing")
      return refuse(
        "missing",
        new ServiceError(
          "missing_api_key",
          "send your API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`",
        ),
      );
    if (presented.kind === "malformed")
      return refuse(
        "invalid",
        new ServiceError("invalid_api_key", "the Authorization header must be `Bearer <key>`"),
      );
    const result = await keys.authenticate(presented.key);
    if (!result.ok) {
      if (result.reason === "revoked")
        return refuse("revoked", new ServiceError("revoked_api_key", "this API key was revoked"));
      return refuse("invalid", new ServiceError("invalid_api_key", "this API key is not valid"));
    }
    res.locals.principal = result.principal;
    locals(res).accountId = result.principal.accountId;
    locals(res).keyId = result.principal.keyId;
    next();
  };
}
