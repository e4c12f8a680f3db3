import { parseArgs } from "node:util";
import { connectRedis, parseClusterNodes, type ServiceConfig } from "@sda/core";
import {
  applyMigrations,
  createPrismaClient,
  ensureDatabase,
  Ledger,
  revokeApiKeyEverywhere,
} from "@sda/ledger";
import { reconcile } from "./reconcile.ts";

export const USAGE = `usage: npm run cli -- <command> [options]

  migrate                                         create the database if needed and apply pending migrations
  account create --name <name> [--email <e>] [--credits <n>]
                                                  new account with the sign-up grant (default 100 credits)
  key create --account <acct_…> [--name <name>]   new API key; the secret is printed once and never stored
  key revoke --key <key_…>                        revoke a key at once on every gateway (401 revoked_api_key)
  credits grant --account <acct_…> --credits <n> [--note <text>]
  balance --account <acct_…> [--entries <n>]      balance and the newest ledger entries
  reconcile                                       check sum(ledger amounts) = balance for every account (exit 1 if not)
Add --json for machine-readable output. DATABASE_URL names the database; key revoke also tells the gateways
through REDIS_URL or REDIS_CLUSTER_NODES (same QUEUE_PREFIX).`;

/** A command's printable result. */
interface CommandOutput {
  text: string;
  json: unknown;
  /** Process exit code (default 0); `reconcile` answers 1 when an account does not reconcile. */
  exitCode?: number;
}

/** Thrown for a bad command line; the message is shown with the usage. */
export class UsageError extends Error {
  override name = "UsageError";
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}

/** node:util parseArgs with our options; its errors (unknown option, missing value) become {@link UsageError}s. */
function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: "string" },
        email: { type: "string" },
        credits: { type: "string" },
        account: { type: "string" },
        key: { type: "string" },
        note: { type: "string" },
        entries: { type: "string" },
        json: { type: "boolean" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Runs one operator command against the ledger database.
 * @throws UsageError for a bad command line; Error for unknown accounts or keys.
 */
export async function runCommand(argv: string[], config: ServiceConfig): Promise<CommandOutput> {
  const { values, positionals } = parseCommandLine(argv);
  const command = positionals.join(" ");
  if (command === "migrate") {
    await ensureDatabase(config.DATABASE_URL);
    const report = await applyMigrations(config.DATABASE_URL);
    const text = report.applied.length
      ? `applied: ${report.applied.join(", ")}`
      : `up to date (${report.alreadyApplied.length} migrations)`;
    const warning = report.modified.length
      ? `\nwarning: changed after being applied: ${report.modified.join(", ")}`
      : "";
    return { text: text + warning, json: report };
  }
  const prisma = createPrismaClient(config.DATABASE_URL, 2);
  const ledger = new Ledger(prisma);
  try {
    switch (command) {
      case "account create": {
        const account = await ledger.createAccount({
          name: required(values, "name"),
          ...(values.email ? { email: values.email } : {}),
          ...(values.credits ? { grant: positiveInt(values.credits, "credits") } : {}),
        });
        return {
          text: `account ${account.id} (${account.name}), balance ${account.balance} credits`,
          json: account,
        };
      }
      case "key create": {
        const key = await ledger.createApiKey(
          required(values, "account"),
          values.name ? { name: values.name } : {},
        );
        return {
          text: `key ${key.keyId}\n\n  ${key.secret}\n\nThis secret is shown once; only its SHA-256 is stored.`,
          json: key,
        };
      }
      case "key revoke": {
        const keyId = required(values, "key");
        // Revoked in PostgreSQL and announced on Redis, so every gateway's key cache drops it at once.
        const redis = connectRedis(
          { url: config.REDIS_URL, clusterNodes: parseClusterNodes(config.REDIS_CLUSTER_NODES) },
          { maxRetriesPerRequest: 1, lazyConnect: true },
        );
        try {
          if (!(await revokeApiKeyEverywhere(ledger, redis, config.QUEUE_PREFIX, keyId)))
            throw new Error(`no key ${keyId}`);
        } finally {
          redis.disconnect();
        }
        return { text: `key ${keyId} revoked`, json: { keyId, revoked: true } };
      }
      case "credits grant": {
        const entry = await ledger.grant(
          required(values, "account"),
          positiveInt(required(values, "credits"), "credits"),
          values.note ?? "operator grant",
        );
        return { text: `granted ${entry.amount} credits; balance ${entry.balanceAfter}`, json: entry };
      }
      case "balance": {
        const accountId = required(values, "account");
        const balance = await ledger.balance(accountId);
        if (balance === null) throw new Error(`no account ${accountId}`);
        const entries = await ledger.entries(
          accountId,
          values.entries ? positiveInt(values.entries, "entries") : 10,
        );
        const lines = entries.map(
          (e) =>
            `  ${e.createdAt.toISOString()}  ${e.kind.padEnd(8)} ${String(e.amount).padStart(6)}  → ${String(e.balanceAfter).padStart(6)}  ${e.operation ?? e.note ?? ""} ${e.requestId ?? ""}`,
        );
        return {
          text: [`balance ${balance} credits`, ...lines].join("\n"),
          json: { accountId, balance, entries },
        };
      }
      case "reconcile":
        return await reconcile(ledger);
      default:
        throw new UsageError(command ? `unknown command "${command}"` : "no command given");
    }
  } finally {
    await prisma.$disconnect();
  }
}
