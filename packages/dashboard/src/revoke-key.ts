import { revokeApiKeyEverywhere } from "@sda/ledger";
import type { DashboardDeps } from "./deps.ts";

/**
 * Revokes one API key of `accountId` — the one place the dashboard revokes keys: stored, then announced on Redis
 * so every gateway drops its cached copy at once (`revokeApiKeyEverywhere`).
 * @returns false when the key does not exist or belongs to another account (nothing is revoked then).
 */
export async function revokeKey(
  deps: Pick<DashboardDeps, "ledger" | "redis" | "config">,
  accountId: string,
  keyId: string,
): Promise<boolean> {
  const owned = await deps.ledger.prisma.apiKey.count({ where: { id: keyId, accountId } });
  if (owned === 0) return false;
  return revokeApiKeyEverywhere(deps.ledger, deps.redis, deps.config.QUEUE_PREFIX, keyId);
}
