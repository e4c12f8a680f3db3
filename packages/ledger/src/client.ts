import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";

/** Prisma's namespace (input types, `Prisma.DbNull` for SQL NULL in JSON columns). */
export { Prisma } from "./generated/prisma/client.ts";
export type { PrismaClient };

/** The `pg` pool under each client made by {@link createPrismaClient} (see {@link sqlPool}). */
const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * A Prisma client on PostgreSQL through the `pg` driver adapter (Prisma 7 needs no query-engine binary this way).
 * The adapter runs on a `pg` pool made here, which {@link sqlPool} also hands to the few hot reads that skip Prisma's
 * query compiler (one prepared statement each); `$disconnect` ends it.
 * @param url a `postgresql://` URL; `poolSize` caps the connections of this process (Prisma and the hot reads
 *   together). A connection attempt gives up after 15 s, waiting for a free pool slot included (an unreachable
 *   database fails the call instead of holding it forever; generous, so a busy machine does not fail calls that would
 *   have gone through).
 */
export function createPrismaClient(url: string, poolSize = 10): PrismaClient {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 15_000,
  });
  // A connection dropped by the server (restart, proxy cut) must not crash the process; the next query fails and is
  // answered 503 by its caller. The pool listens on its idle connections only: a connection checked out (a
  // transaction between two statements, the request-log writer's batch) that is cut emits `error` on itself, which
  // without a listener of its own is an uncaught exception.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  // Prisma ends the pool on `$disconnect` only when it connected itself; the hot reads may have used it alone.
  const disconnect = prisma.$disconnect.bind(prisma);
  prisma.$disconnect = async () => {
    await disconnect();
    if (!pool.ended) await pool.end();
  };
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The `pg` pool of a client made by {@link createPrismaClient}, for the statements on every call's path that run as
 * one named prepared statement (parsed and planned once per connection): the hot reads (balance, account, request-log
 * batches) and the credit statements (reserve, settle, release: `credits.ts`). Prisma's query layer costs ~0.2–0.6 ms
 * per statement over `pg` at concurrency 1 (median, same run) and about five times the CPU.
 * @throws Error for a client not made by {@link createPrismaClient}.
 */
export function sqlPool(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error("this PrismaClient was not made by createPrismaClient: it has no pg pool");
  return pool;
}

/**
 * The text of a `timestamp(3)` value for a raw SQL statement (`${utcTimestamp(now)}::timestamp(3)`): the instant's UTC
 * wall time without a zone (`2026-12-02T07:30:00.000`), as the columns hold it (Prisma writes UTC without a zone).
 */
export function utcTimestamp(date: Date): string {
  return date.toISOString().replace("Z", "");
}
