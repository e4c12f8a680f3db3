import type { Response, Router } from "express";
import express from "express";
import { z } from "zod";
import { accountIdOf, requireSignIn, sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { type KeyListItem, keysPage } from "./keys-page.ts";
import { revokeKey } from "./revoke-key.ts";
import type { Session } from "./session.ts";

/** Active keys one account may hold (a bound on a table the public can write to). */
export const MAX_ACTIVE_KEYS = 25;
/** Keys shown on the page (active and revoked, newest first). */
const MAX_LISTED_KEYS = 100;

/** 1–60 characters, no control characters (a NUL cannot be stored: issue 21 #4, it was a 500 page). */
const keyNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  // \p{Cc}: the C0 controls (NUL included) and DEL.
  .refine((name) => !/\p{Cc}/u.test(name));

/**
 * The account's keys, newest first, in one query. `lastUsedAt` is `api_keys.last_used_at`, which the gateways write
 * in batches: it lags a key's newest call by at most `KEY_USE_FLUSH_MS` (60 s).
 */
function listKeys(deps: DashboardDeps, accountId: string): Promise<KeyListItem[]> {
  return deps.ledger.keys.list(accountId, MAX_LISTED_KEYS);
}

async function renderKeys(
  deps: DashboardDeps,
  res: Response,
  extra: { created?: { name: string; secret: string }; notice?: string; error?: string } = {},
  status = 200,
) {
  const accountId = accountIdOf(res);
  const [balance, keys] = await Promise.all([deps.ledger.balance(accountId), listKeys(deps, accountId)]);
  sendPage(
    res,
    keysPage({ session: sessionOf(res) as Session, balance: balance ?? 0, keys, ...extra }),
    status,
  );
}

/** `GET /keys`, `POST /keys` (create; the secret is in that one response only), `POST /keys/:id/revoke`. */
export function keysRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get("/keys", requireSignIn, async (req, res) => {
    const notice = typeof req.query.notice === "string" ? req.query.notice : undefined;
    await renderKeys(deps, res, notice ? { notice } : {});
  });

  router.post("/keys", requireSignIn, async (req, res) => {
    const name = keyNameSchema.safeParse((req.body as Record<string, unknown>).name);
    if (!name.success)
      return renderKeys(
        deps,
        res,
        { error: "Give the key a name of 1–60 characters, without control characters." },
        400,
      );
    const accountId = accountIdOf(res);
    const active = await deps.ledger.keys.countActive(accountId);
    if (active >= MAX_ACTIVE_KEYS)
      return renderKeys(
        deps,
        res,
        { error: `Revoke a key first: at most ${MAX_ACTIVE_KEYS} keys can be active.` },
        409,
      );
    const key = await deps.ledger.createApiKey(accountId, { name: name.data });
    await renderKeys(deps, res, { created: { name: name.data, secret: key.secret } });
  });

  router.post("/keys/:keyId/revoke", requireSignIn, async (req, res) => {
    const keyId = String(req.params.keyId);
    if (!(await revokeKey(deps, accountIdOf(res), keyId)))
      return renderKeys(deps, res, { error: "No such key in this account." }, 404);
    res.redirect(303, "/dashboard/keys?notice=revoked");
  });
  return router;
}
