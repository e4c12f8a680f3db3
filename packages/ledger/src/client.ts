import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";

/** Prisma's namespace (input types, `Prisma.DbNull` for SQL NULL in JSON columns). */
export { Prisma } from "./generated/prisma/client.ts";
export type { PrismaClient };

/** The `pg` pool under each client {@link createPrismaClient} made (see {@link sqlPoolOf}). */
const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * A Prisma client on PostgreSQL through the `pg` driver adapter (Prisma 7 needs no query-engine binary this way).
 * @param url a `postgresql://` URL; `poolSize` caps the connections of this process. A connection attempt gives up
 *   after 15 s, waiting for a free pool slot included (an unreachable database fails the call instead of holding it
 *   forever; generous, so a busy machine does not fail calls that would have gone through). `$disconnect` ends the
 *   pool.
 */
export function createPrismaClient(url: string, poolSize = 10): PrismaClient {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 15_000 });
  // An idle connection dropped by the server (restart, proxy killed) is replaced by the next checkout; without a
  // listener pg's pool would throw it as an unhandled 'error' event.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The `pg` pool (the same connections) under a client made by {@link createPrismaClient}, for the few statements on
 * every call's path (reserve, settle, release: `credits.ts`). Prisma's query layer costs ~0.2–0.6 ms per raw
 * statement over `pg` at concurrency 1 (median, same run), and more CPU under load.
 * @throws Error for a client made elsewhere (there is none in this repository).
 */
export function sqlPoolOf(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error("this Prisma client was not made by createPrismaClient: no pg pool under it");
  return pool;
}
