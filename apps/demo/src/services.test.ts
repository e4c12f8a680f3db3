import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkServices } from "./services.ts";

/** A TCP listener on a free loopback port (the check only connects), and a port nothing listens on. */
let server: Server;
let open: number;
let closed: number;

beforeAll(async () => {
  server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open = (server.address() as { port: number }).port;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closed = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("checkServices", () => {
  it("on a Redis Cluster, is content with one seed answering, and names REDIS_CLUSTER_NODES when none does", async () => {
    const database = `postgresql://postgres@127.0.0.1:${open}/x`;
    const seeds = [`127.0.0.1:${closed}`, `127.0.0.1:${open}`];
    expect(await checkServices({ url: "redis://127.0.0.1:1", clusterNodes: seeds }, database)).toEqual([]);
    const down = await checkServices(
      { url: `redis://127.0.0.1:${open}`, clusterNodes: [seeds[0] as string] },
      database,
    );
    expect(down[0]).toBe(`No Redis Cluster seed answers (REDIS_CLUSTER_NODES: 127.0.0.1:${closed}).`);
    expect(down).toHaveLength(2);
  });

  it("on one Redis, checks REDIS_URL", async () => {
    const problems = await checkServices(
      { url: `redis://127.0.0.1:${closed}` },
      `postgresql://postgres@127.0.0.1:${closed}/x`,
    );
    expect(problems.slice(0, 2)).toEqual([
      `Redis is not answering at redis://127.0.0.1:${closed} (REDIS_URL).`,
      `PostgreSQL is not answering at 127.0.0.1:${closed} (DATABASE_URL).`,
    ]);
  });
});
