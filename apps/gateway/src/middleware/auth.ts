import { ServiceError } from "@sda/core";
import type { Ledger, Principal } from "@sda/ledger";
import type { Request, RequestHandler, Response } from "express";
import { locals } from "../respond.ts";

/** The key of a request: `Authorization: Bearer <key>` or `X-API-Key: <key>` (SPEC §5.1), or null. */
export function extractApiKey(req: Request): string | null {
  const authorization = req.get("authorization")?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  const header = req.get("x-api-key")?.trim();
  return header || null;
}

/** The authenticated caller, set by {@link authenticate}. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error("route used without the authenticate middleware");
  return principal;
}

/**
 * Resolves the key to its account (one indexed lookup by SHA-256 hash).
 * @throws ServiceError 401 `missing_api_key`, `invalid_api_key` or `revoked_api_key` (SPEC §5.4).
 */
export function authenticate(ledger: Ledger): RequestHandler {
  return async (req, res, next) => {
    const key = extractApiKey(req);
    if (!key)
      throw new ServiceError(
        "missing_api_key",
        "send your API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`",
      );
    const result = await ledger.authenticate(key);
    if (!result.ok) {
      if (result.reason === "revoked") throw new ServiceError("revoked_api_key", "this API key was revoked");
      throw new ServiceError("invalid_api_key", "this API key is not valid");
    }
    res.locals.principal = result.principal;
    locals(res).accountId = result.principal.accountId;
    locals(res).keyId = result.principal.keyId;
    next();
  };
}
