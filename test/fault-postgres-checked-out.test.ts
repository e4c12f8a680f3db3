import { createPrismaClient, sqlPool } from "@sda/ledger";
import { describe, expect, inject, it } from "vitest";
import { startTcpProxy } from "./support/tcp-proxy.ts";

// A connection of the ledger's pool that is checked out (a transaction between two statements, the request-log
// writer's batch) when PostgreSQL goes away emits `error` on itself; pg's pool listens on idle connections only, so
// without a listener of our own that was an uncaught exception — seen as "Connection terminated unexpectedly" from
// test/fault-postgres-refused.test.ts, and in production a crashed gateway or worker. The connection goes through a
// TCP proxy this test owns; the shared server is untouched.
describe("a checked-out connection cut by the server", () => {
  it("fails its next statement and crashes nothing; the pool serves again once the server is back", async () => {
    const target = new URL(inject("databaseUrl"));
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(target);
    proxied.port = String(proxy.port);
    const prisma = createPrismaClient(proxied.toString(), 2);
    const pool = sqlPool(prisma);
    const client = await pool.connect();
    let released = false;
    try {
      expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      // Not `events.once`: it rejects on the `error` this test is about.
      const ended = new Promise((resolve) => client.once("end", resolve));
      await proxy.stop();
      await ended;
      // An `error` without a listener would have thrown inside the emit above; one turn more for any deferred one.
      await new Promise((resolve) => setImmediate(resolve));
      await expect(client.query("SELECT 1")).rejects.toThrow();
      client.release(new Error("cut"));
      released = true;
      await proxy.start();
      expect((await pool.query("SELECT 2 AS two")).rows).toEqual([{ two: 2 }]);
    } finally {
      if (!released) client.release(new Error("test over"));
      await prisma.$disconnect();
      await proxy.close();
    }
  });
});
