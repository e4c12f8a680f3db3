import type { DashboardDeps } from "./deps.ts";

/**
 * Revokes one API key of `accountId` — the one place the dashboard revokes keys, so a cache invalidation (the
 * gateway's API-key cache) can be published here.
 * @returns false when the key does not exist or belongs to another account (nothing is revoked then).
 */
export async function revokeKey(
  deps: Pick<DashboardDeps, "ledger" | "redis" | "config">,
  accountId: string,
  keyId: string,
): Promise<boolean> {
  const owned = await deps.ledger.prisma.apiKey.count({ where: { id: keyId, accountId } });
  if (owned === 0) return false;
  return deps.ledger.revokeApiKey(keyId);
}
