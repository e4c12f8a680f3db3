import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.ts";

/** Prisma's namespace (input types, `Prisma.DbNull` for SQL NULL in JSON columns). */
export { Prisma } from "./generated/prisma/client.ts";
export type { PrismaClient };

/**
 * A Prisma client on PostgreSQL through the `pg` driver adapter (Prisma 7 needs no query-engine binary this way).
 * @param url a `postgresql://` URL; `poolSize` caps the connections of this process. A connection attempt gives up
 *   after 15 s, waiting for a free pool slot included (an unreachable database fails the call instead of holding it
 *   forever; generous, so a busy machine does not fail calls that would have gone through).
 */
export function createPrismaClient(url: string, poolSize = 10): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: poolSize, connectionTimeoutMillis: 15_000 }),
  });
}
