import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.ts";

/** Prisma's namespace (input types, `Prisma.DbNull` for SQL NULL in JSON columns). */
export { Prisma } from "./generated/prisma/client.ts";
export type { PrismaClient };

/**
 * A Prisma client on PostgreSQL through the `pg` driver adapter (Prisma 7 needs no query-engine binary this way).
 * @param url a `postgresql://` URL; `poolSize` caps the connections of this process.
 */
export function createPrismaClient(url: string, poolSize = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) });
}
