import { newApiKeySecret, newId } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { hashApiKey, keyStart } from "./keys.ts";

/** A key as the dashboard's keys page lists it (never its secret or hash). Times are UTC. */
export interface ApiKeyListItem {
  id: string;
  name: string;
  /** The displayable start of the secret (`sda_live_AbCd`). */
  start: string;
  createdAt: Date;
  /** When the key last authenticated a call, as the gateways last wrote it (see {@link KeyUseRecorder}), or null. */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A key just made by {@link LedgerKeys.create}: its secret is shown once and never stored. */
export interface CreatedApiKey {
  keyId: string;
  secret: string;
  start: string;
}

/**
 * Writes many keys' last use in one statement. `last_used_at` is a `timestamp(3)` holding UTC; a key's time only
 * moves forward (two gateways flushing out of order cannot move it back), and a deleted key is skipped.
 */
const RECORD_USE: pg.QueryConfig = {
  name: "sda_api_keys_record_use",
  text: `UPDATE "api_keys" k SET "last_used_at" = u."at" AT TIME ZONE 'UTC'
           FROM unnest($1::text[], $2::timestamptz[]) AS u("id", "at")
          WHERE k."id" = u."id"
            AND (k."last_used_at" IS NULL OR k."last_used_at" < u."at" AT TIME ZONE 'UTC')`,
};

/** `ledger.keys`: the `api_keys` table (keys are stored as SHA-256 only). */
export class LedgerKeys {
  readonly #prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  /**
   * Creates an API key of `accountId`. The secret is returned once and never stored; only its SHA-256 is.
   * @param secret use this secret instead of a random one (the demo's `DEMO_API_KEY`).
   */
  async create(accountId: string, options: { name?: string; secret?: string } = {}): Promise<CreatedApiKey> {
    const secret = options.secret ?? newApiKeySecret();
    const key = await this.#prisma.apiKey.create({
      data: {
        id: newId("key"),
        accountId,
        name: options.name ?? "default",
        hash: hashApiKey(secret),
        start: keyStart(secret),
      },
    });
    return { keyId: key.id, secret, start: key.start };
  }

  /**
   * Revokes a key (a revoked key stays revoked; its first revocation time is kept). The gateways' key caches are
   * told by `revokeApiKeyEverywhere`, which calls this.
   * @returns false when no such key exists.
   */
  async revoke(keyId: string): Promise<boolean> {
    const result = await this.#prisma.apiKey.updateMany({
      where: { id: keyId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (result.count > 0) return true;
    return (await this.#prisma.apiKey.count({ where: { id: keyId } })) > 0;
  }

  /**
   * Whether `keyId` is a key of `accountId` (revoked or not): the check before the dashboard revokes a key, so an
   * account can never revoke another's.
   */
  async ownedBy(accountId: string, keyId: string): Promise<boolean> {
    return (await this.#prisma.apiKey.count({ where: { id: keyId, accountId } })) > 0;
  }

  /** Whether the key exists and is not revoked (a monitor's runs stop with its key, like its direct calls). */
  async isLive(keyId: string): Promise<boolean> {
    const key = await this.#prisma.apiKey.findUnique({ where: { id: keyId }, select: { revokedAt: true } });
    return key !== null && key.revokedAt === null;
  }

  /** How many keys of the account are not revoked. */
  countActive(accountId: string): Promise<number> {
    return this.#prisma.apiKey.count({ where: { accountId, revokedAt: null } });
  }

  /**
   * The account's keys, newest first, at most `limit`, with their last use, in ONE query (the `account_id` index).
   */
  list(accountId: string, limit: number): Promise<ApiKeyListItem[]> {
    return this.#prisma.apiKey.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: { id: true, name: true, start: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    });
  }

  /**
   * Writes the last use of many keys in ONE statement (`UPDATE … FROM unnest(…)`), never moving a key's time back.
   * @param uses the newest use of each key id (UTC instants).
   */
  async recordUse(uses: ReadonlyMap<string, Date>): Promise<void> {
    if (uses.size === 0) return;
    const ids = [...uses.keys()];
    const times = ids.map((id) => (uses.get(id) as Date).toISOString());
    await sqlPool(this.#prisma).query({ ...RECORD_USE, values: [ids, times] });
  }
}
