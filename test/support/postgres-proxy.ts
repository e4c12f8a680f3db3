import { createPrismaClient } from "@sda/ledger";
import { inject } from "vitest";
import { stackTest } from "./fixtures.ts";
import { startTcpProxy } from "./tcp-proxy.ts";

/**
 * `stackTest` for PostgreSQL fault suites: the stack (gateway and workers) reaches PostgreSQL through a TCP proxy the
 * test owns (`proxy.stop()` cuts it, `proxy.start()` restores it; the shared server is never touched), with `env`
 * over the test env. `direct` is a Prisma client on the real server, for assertions that must not go through the
 * proxy. All three are file-scoped fixtures.
 */
export function postgresProxyTest(env: Record<string, string> = {}) {
  return (
    stackTest
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
      .extend("direct", { scope: "file" }, ({}, { onCleanup }) => {
        const direct = createPrismaClient(inject("databaseUrl"), 2);
        onCleanup(() => direct.$disconnect());
        return direct;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
      .extend("proxy", { scope: "file" }, async ({}, { onCleanup }) => {
        const target = new URL(inject("databaseUrl"));
        const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
        onCleanup(() => proxy.close());
        return proxy;
      })
      .extend("stackOptions", { scope: "file" }, ({ proxy }) => {
        const proxied = new URL(inject("databaseUrl"));
        proxied.port = String(proxy.port);
        return { env: { DATABASE_URL: proxied.toString(), ...env } };
      })
  );
}
