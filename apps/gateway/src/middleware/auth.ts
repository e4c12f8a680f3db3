import { ServiceError } from "@sda/core";
import type { AuthResult, KeyCache, KeyUseRecorder, Principal } from "@sda/ledger";
import type { Request, RequestHandler, Response } from "express";
import type { GatewayMetrics } from "../metrics.ts";
import { locals } from "../respond.ts";
import type { AuthFailureLimiter } from "./auth-rate-limit.ts";

/** The key a request presents: found, absent, or an `Authorization` header of another scheme (`Basic …`, `Token …`). */
export type PresentedKey = { kind: "key"; key: string } | { kind: "missing" } | { kind: "malformed" };

/**
 * The key of a request: `Authorization: Bearer <key>` or `X-API-Key: <key>` (SPEC §5.1). An `Authorization` header
 * that is not `Bearer <key>` is malformed even beside a valid `X-API-Key` (issue 21 #9): a client whose credential
 * handling is broken is told so instead of being served by the other header.
 */
export function extractApiKey(req: Request): PresentedKey {
  const authorization = req.get("authorization")?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match?.[1] ? { kind: "key", key: match[1] } : { kind: "malformed" };
  }
  const header = req.get("x-api-key")?.trim();
  return header ? { kind: "key", key: header } : { kind: "missing" };
}

/** The authenticated caller, set by {@link authenticate}. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error("route used without the authenticate middleware");
  return principal;
}

type Authenticated = AuthResult & { ok: true };

/** Uncached key lookups of one over-budget address in flight at once. */
const FLOODED_LOOKUPS = 4;

/** The lookups of one over-budget address: how many run, and the ones waiting (the newest last). */
interface FloodedLookups {
  running: number;
  waiting: (() => Promise<void>)[];
}
type Failure = "missing" | "invalid" | "revoked";

/**
 * Resolves the key to its account: from the in-process {@link KeyCache} when fresh (no I/O at all), else one indexed
 * lookup by SHA-256. Only a failure spends the client address's failed-authentication budget
 * ({@link AuthFailureLimiter}): 401 while within it, 429 beyond it, and a valid key is served whatever the address's
 * other callers did. While an address is over budget its uncached lookups run at most {@link FLOODED_LOOKUPS} at a
 * time, so a flood of bad keys costs the database a few indexed reads at a time instead of one per request, and the
 * newest waiting lookup goes first (last in, first out): a valid key that arrives during the flood waits for a few
 * lookups, not for the whole backlog queued before it (issue 34 #6: FIFO, one at a time, made it wait 0.5–2.9 s). Refusals are counted in
 * `sda_gateway_auth_rejected_total` and write no request-log row. A served key's use is recorded in memory
 * (`keyUse`, written to `api_keys.last_used_at` in batches).
 * @throws ServiceError 429 `rate_limited` (a failure beyond the address's budget); 401 `missing_api_key`,
 *   `invalid_api_key` or `revoked_api_key` (SPEC §5.4).
 */
export function authenticate(
  keys: KeyCache,
  limiter: AuthFailureLimiter,
  metrics: GatewayMetrics,
  keyUse?: Pick<KeyUseRecorder, "record">,
): RequestHandler {
  // Concurrent requests with the same uncached key share one lookup: a valid key's first burst of parallel calls is
  // one read.
  const inflight = new Map<string, Promise<AuthResult>>();
  // The lookups of each over-budget address (see above); an entry is removed when its last lookup ends.
  const flooded = new Map<string, FloodedLookups>();

  const lookup = (key: string, address: string): Promise<AuthResult> => {
    if (!limiter.isBlocked(address)) return keys.authenticate(key);
    let lookups = flooded.get(address);
    if (!lookups) {
      lookups = { running: 0, waiting: [] };
      flooded.set(address, lookups);
    }
    const own = lookups;
    return new Promise<AuthResult>((resolve, reject) => {
      own.waiting.push(() => keys.authenticate(key).then(resolve, reject));
      pump(address, own);
    });
  };

  /** Starts the newest waiting lookups of the address while fewer than {@link FLOODED_LOOKUPS} run. */
  const pump = (address: string, lookups: FloodedLookups): void => {
    while (lookups.running < FLOODED_LOOKUPS) {
      const next = lookups.waiting.pop();
      if (!next) break;
      lookups.running++;
      void next().finally(() => {
        lookups.running--;
        if (lookups.running === 0 && lookups.waiting.length === 0) flooded.delete(address);
        else pump(address, lookups);
      });
    }
  };

  const refuse = async (address: string, reason: Failure, error: ServiceError): Promise<never> => {
    const waitSeconds = await limiter.fail(address);
    if (waitSeconds !== null) {
      metrics.authRejected.inc({ reason: "rate_limited" });
      throw new ServiceError("rate_limited", "too many failed authentications from this address", {
        retryAfterSeconds: waitSeconds,
      });
    }
    metrics.authRejected.inc({ reason });
    throw error;
  };

  return async (req, res, next) => {
    const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const presented = extractApiKey(req);
    if (presented.kind === "missing")
      return refuse(
        address,
        "missing",
        new ServiceError(
          "missing_api_key",
          "send your API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`",
        ),
      );
    if (presented.kind === "malformed")
      return refuse(
        address,
        "invalid",
        new ServiceError("invalid_api_key", "the Authorization header must be `Bearer <key>`"),
      );
    let result: AuthResult | null = keys.cached(presented.key);
    if (!result) {
      let shared = inflight.get(presented.key);
      if (!shared) {
        shared = lookup(presented.key, address).finally(() => inflight.delete(presented.key));
        inflight.set(presented.key, shared);
      }
      result = await shared;
    }
    if (!result.ok)
      return result.reason === "revoked"
        ? refuse(address, "revoked", new ServiceError("revoked_api_key", "this API key was revoked"))
        : refuse(address, "invalid", new ServiceError("invalid_api_key", "this API key is not valid"));
    const { principal } = result as Authenticated;
    res.locals.principal = principal;
    keyUse?.record(principal.keyId);
    locals(res).accountId = principal.accountId;
    locals(res).keyId = principal.keyId;
    next();
  };
}
