import { ServiceError } from "@sda/core";
import type { AuthResult, KeyCache, Principal } from "@sda/ledger";
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
 * Resolves the key to its account: from the in-process {@link KeyCache} when fresh (no I/O at all), else one indexed
 * lookup by SHA-256 — which first takes a point of the client address's failed-authentication budget (refunded when
 * the key is valid), so a flood of bad keys is refused with 429 before any lookup once the budget is spent. Refusals
 * are counted in `sda_gateway_auth_rejected_total` and write no request-log row.
 * @throws ServiceError 429 `rate_limited` (address over its budget); 401 `missing_api_key`, `invalid_api_key` or
 *   `revoked_api_key` (SPEC §5.4).
 */
export function authenticate(
  keys: KeyCache,
  limiter: AuthFailureLimiter,
  metrics: GatewayMetrics,
): RequestHandler {
  // Concurrent requests with the same uncached key share one lookup (and one budget point): a valid key's first
  // burst of parallel calls is never mistaken for a flood.
  const inflight = new Map<string, Promise<AuthResult & { ok: true }>>();
  return async (req, res, next) => {
    const presented = extractApiKey(req);
    let result = presented.kind === "key" ? keys.cached(presented.key) : null;
    if (!result && presented.kind === "key") {
      let shared = inflight.get(presented.key);
      if (!shared) {
        shared = lookup(req, presented, keys, limiter, metrics).finally(() => inflight.delete(presented.key));
        inflight.set(presented.key, shared);
      }
      result = await shared;
    }
    const { principal } = result ?? (await lookup(req, presented, keys, limiter, metrics));
    res.locals.principal = principal;
    locals(res).accountId = principal.accountId;
    locals(res).keyId = principal.keyId;
    next();
  };
}

/** A key not in the cache: budget point, lookup, refund or refusal. */
async function lookup(
  req: Request,
  presented: PresentedKey,
  keys: KeyCache,
  limiter: AuthFailureLimiter,
  metrics: GatewayMetrics,
): Promise<AuthResult & { ok: true }> {
  const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
  const waitSeconds = await limiter.take(address);
  if (waitSeconds !== null) {
    metrics.authRejected.inc({ reason: "rate_limited" });
    throw new ServiceError("rate_limited", "too many failed authentications from this address", {
      retryAfterSeconds: waitSeconds,
    });
  }
  const refuse = (reason: "missing" | "invalid" | "revoked", error: ServiceError): never => {
    metrics.authRejected.inc({ reason });
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
  if (result.ok) {
    await limiter.refund(address);
    return result;
  }
  if (result.reason === "revoked")
    return refuse("revoked", new ServiceError("revoked_api_key", "this API key was revoked"));
  return refuse("invalid", new ServiceError("invalid_api_key", "this API key is not valid"));
}
