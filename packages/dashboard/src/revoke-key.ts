import { isServiceId } from "@sda/core";
import { revokeApiKeyEverywhere } from "@sda/ledger";
import type { DashboardDeps } from "./deps.ts";

/**
 * Revokes one API key of `accountId` — the one place the dashboard revokes keys: stored, dropped from this process's
 * key cache, then announced on Redis so every other gateway drops its cached copy too (`revokeApiKeyEverywhere`).
 * @returns false when the key does not exist or belongs to another account (nothing is revoked then).
 */
export async function revokeKey(
  deps: Pick<DashboardDeps, "ledger" | "redis" | "config" | "keys">,
  accountId: string,
  keyId: string,
): Promise<boolean> {
  // Checked before the query: a NUL in the path was a database error, a 500 page (issue 21 #4).
  if (!isServiceId("key", keyId)) return false;
  if (!(await deps.ledger.keys.ownedBy(accountId, keyId))) return false;
  return revokeApiKeyEverywhere(deps.ledger, deps.redis, deps.config.QUEUE_PREFIX, keyId, deps.keys);
}
