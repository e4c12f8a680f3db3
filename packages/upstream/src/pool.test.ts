import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@sda/core";
import { describe, expect, it } from "vitest";
import { createHttpClient, upstreamPoolSize } from "./client.ts";

describe("upstream connection pool", () => {
  it("is UPSTREAM_CONNECTIONS when set, else the worker's concurrency", () => {
    expect(upstreamPoolSize({ WORKER_CONCURRENCY: 256 })).toBe(256);
    expect(upstreamPoolSize({ WORKER_CONCURRENCY: 256, UPSTREAM_CONNECTIONS: 40 })).toBe(40);
  });

  it("opens at most `connections` sockets to one origin and queues the other requests on them", async () => {
    const pool = 3;
    const requests = 8;
    // A local server that holds requests until `pool` are in flight (or all have arrived), then answers them: a
    // pool of the configured size is used whole, and no request goes out on a socket beyond it.
    const sockets = new Set<unknown>();
    const held: ServerResponse[] = [];
    let arrived = 0;
    let mostAtOnce = 0;
    const server = createServer((req, res) => {
      sockets.add(req.socket);
      arrived++;
      held.push(res);
      mostAtOnce = Math.max(mostAtOnce, held.length);
      if (held.length === pool || arrived === requests)
        for (const r of held.splice(0)) r.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = createHttpClient({
      origins: [{ platform: "forumsite", hosts: ["www.reddit.com"], origin }],
      liveHosts: false,
      timeoutMs: 10_000,
      userAgent: "sda-test",
      connections: pool,
      log: createLogger({ name: "test", level: "silent" }),
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: requests }, (_, i) =>
          http.request({ platform: "forumsite", url: `https://www.reddit.com/r/x/${i}` }),
        ),
      );
      expect(answers.map((a) => a.text())).toEqual(Array(requests).fill("ok"));
      expect(sockets.size).toBe(pool);
      expect(mostAtOnce).toBe(pool);
    } finally {
      await http.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
