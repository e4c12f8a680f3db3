import { PrismaPg } from "@prisma/adapter-pg";
import { type Prisma, PrismaClient } from "./generated/prisma/client.ts";

export type { Prisma, PrismaClient };

/**
 * A Prisma client on PostgreSQL through the `pg` driver adapter (Prisma 7 needs no query-engine binary this way).
 * @param url a `postgresql://` URL; `poolSize` caps the connections of this process.
 */
export function createPrismaClient(url: string, poolSize = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) });
}
