import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { interceptors, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableLookup } from "../test/lookup.ts";
import { createGuardedAgent } from "./agent.ts";
import { assertPublicHost, ForbiddenAddressError } from "./guard.ts";

// `public.test` plays a public host: it is the one allowlisted name, and resolves to this machine's loopback so the
// test talks to its own server. Every other name resolves to a private or special address and must never be reached
// (the guard refuses before any packet is sent; nothing listens there anyway).
const lookup = tableLookup({
  "public.test": ["127.0.0.1"],
  "internal.test": ["10.1.2.3"],
  "bench.test": ["198.18.0.1"],
  "mixed.test": ["93.184.216.34", "192.168.1.5"],
  "v6.test": ["2606:2800:220:1:248:1893:25c8:1946"],
});
const guard = { allowedHosts: ["public.test"], lookup };

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to");
    if (to) res.writeHead(302, { location: to }).end();
    else res.writeHead(200, { "content-type": "text/plain" }).end("public");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const followingAgent = () => createGuardedAgent(guard).compose(interceptors.redirect({ maxRedirections: 3 }));

async function refusal(url: string): Promise<string> {
  const error = await request(url, { dispatcher: followingAgent() }).then(
    () => null,
    (e: Error) => e,
  );
  const cause = error instanceof ForbiddenAddressError ? error : (error?.cause as Error | undefined);
  expect(cause, `${url} was not refused: ${error}`).toBeInstanceOf(ForbiddenAddressError);
  return (cause as Error).message;
}

describe("createGuardedAgent", () => {
  it("reaches a public (here: allowlisted) host, and follows a redirect to another public one", async () => {
    const response = await request(
      `http://public.test:${port}/start?to=${encodeURIComponent(`http://public.test:${port}/end`)}`,
      { dispatcher: followingAgent() },
    );
    expect([response.statusCode, await response.body.text()]).toEqual([200, "public"]);
  });

  it("refuses literals and names of special-purpose ranges before connecting", async () => {
    expect(await refusal(`http://127.0.0.1:${port}/`)).toBe("127.0.0.1 is loopback (127.0.0.0/8)");
    expect(await refusal(`http://[::7f00:1]:${port}/`)).toContain("IPv4-compatible IPv6");
    expect(await refusal(`http://internal.test:${port}/`)).toBe(
      "internal.test resolves to 10.1.2.3, which is private-use (10.0.0.0/8)",
    );
    expect(await refusal(`http://mixed.test:${port}/`)).toContain("resolves to 192.168.1.5");
  });

  it("refuses every redirect hop to a special-purpose address: literal, name, mapped, benchmarking", async () => {
    for (const [to, reason] of [
      [`http://127.0.0.1:${port}/`, "127.0.0.1 is loopback (127.0.0.0/8)"],
      [`http://internal.test:${port}/`, "internal.test resolves to 10.1.2.3"],
      [
        `http://bench.test:${port}/`,
        "bench.test resolves to 198.18.0.1, which is benchmarking (198.18.0.0/15)",
      ],
      [`http://[::ffff:169.254.169.254]/`, "169.254.169.254 is a cloud metadata address"],
      [`http://[64:ff9b::a00:1]/`, "embedding 10.0.0.1"],
    ] as const) {
      const before = hits.length;
      const url = `http://public.test:${port}/hop?to=${encodeURIComponent(to)}`;
      expect(await refusal(url)).toContain(reason);
      // The first hop was served; nothing after it reached any server.
      expect(hits.slice(before)).toEqual([`/hop?to=${encodeURIComponent(to)}`]);
    }
  });
});

describe("assertPublicHost", () => {
  it("passes public names and literals, refuses private ones and names that do not resolve", async () => {
    await expect(assertPublicHost("v6.test", guard)).resolves.toBeUndefined();
    await expect(assertPublicHost("[2606:2800:220:1:248:1893:25c8:1946]", guard)).resolves.toBeUndefined();
    await expect(assertPublicHost("public.test", guard)).resolves.toBeUndefined();
    await expect(assertPublicHost("internal.test", guard)).rejects.toThrow(
      "internal.test resolves to 10.1.2.3, which is private-use (10.0.0.0/8)",
    );
    await expect(assertPublicHost("[::1]", guard)).rejects.toThrow("::1 is loopback (::1/128)");
    await expect(assertPublicHost("nowhere.test", guard)).rejects.toThrow(
      "host nowhere.test does not resolve",
    );
  });
});
