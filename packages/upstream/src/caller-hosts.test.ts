import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { definePlatform } from "@sda/contract";
import { createLogger, ServiceError } from "@sda/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableLookup } from "../../netguard/test/lookup.ts";
import { createHttpClient } from "./client.ts";
import { originsFromConfig } from "./origins.ts";

// A platform whose hosts callers choose (a Mastodon-like federation): no fixed hosts, its own refusal code.
const opensite = definePlatform({
  name: "opensite",
  hosts: [],
  errorCodes: { host_not_allowed: { status: 422, retryable: false } },
  callerHosts: { refusedCode: "host_not_allowed" },
  operations: [],
});

// `instance.test` plays a public instance: the one allowlisted name, resolving to this machine's test server.
// `private.test` is a name whose DNS answer is private (the injectable lookup, no DNS server involved).
const guard = {
  allowedHosts: ["instance.test"],
  lookup: tableLookup({ "instance.test": ["127.0.0.1"], "private.test": ["192.168.1.10"] }),
};

let server: Server;
let port: number;
const hits: string[] = [];
let live: ReturnType<typeof createHttpClient>;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to");
    if (to) res.writeHead(302, { location: to }).end();
    else res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  live = createHttpClient({
    origins: originsFromConfig({}, [opensite]),
    guard,
    timeoutMs: 2000,
    userAgent: "sda-test",
    log: createLogger({ name: "test", level: "silent" }),
  });
});
afterAll(async () => {
  await live.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function refusal(url: string): Promise<ServiceError> {
  const error = await live.request({ platform: "opensite", url }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${url} was not refused`).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).code).toBe("host_not_allowed");
  return error as ServiceError;
}

describe("a platform whose hosts callers choose (callerHosts)", () => {
  it("keeps a route carrying the guard without an origin, and routes to the origin when one is set", () => {
    expect(originsFromConfig({}, [opensite])).toEqual([
      {
        platform: "opensite",
        hosts: [],
        callerHosts: { refusedCode: "host_not_allowed", refused: { status: 422, retryable: false } },
      },
    ]);
    expect(originsFromConfig({ OPENSITE_ORIGIN: "http://127.0.0.1:9" }, [opensite])[0]?.origin).toBe(
      "http://127.0.0.1:9",
    );
  });

  it("reaches a public (here: allowlisted) host", async () => {
    const response = await live.request({ platform: "opensite", url: `http://instance.test:${port}/api` });
    expect(response.status).toBe(200);
  });

  it("refuses special-purpose literals and names resolving to them before any request is sent", async () => {
    const before = hits.length;
    const refused = [
      "https://127.0.0.1/api",
      "https://[::1]/api",
      "https://10.0.0.8/api",
      "https://169.254.169.254/latest/meta-data",
      "https://2130706433/api", // decimal 127.0.0.1 (the URL parser normalises it)
      "https://0x7f000001/api", // hex 127.0.0.1
      "https://private.test/api",
      "http://example.org/api", // not https
      "https://example.org:8443/api", // not port 443
    ];
    const reasons = [];
    for (const url of refused) reasons.push((await refusal(url)).details.reason);
    expect(reasons.slice(0, 7)).toEqual([
      "127.0.0.1 is loopback (127.0.0.0/8)",
      "::1 is loopback (::1/128)",
      "10.0.0.8 is private-use (10.0.0.0/8)",
      "169.254.169.254 is a cloud metadata address",
      "127.0.0.1 is loopback (127.0.0.0/8)",
      "127.0.0.1 is loopback (127.0.0.0/8)",
      "private.test resolves to 192.168.1.10, which is private-use (192.168.0.0/16)",
    ]);
    expect(hits.length).toBe(before);
  });

  it("refuses a redirect hop to a private address or name (each hop is guarded)", async () => {
    for (const to of ["https://10.1.2.3/x", "https://private.test/x", "https://[::ffff:127.0.0.1]/x"]) {
      const before = hits.length;
      await refusal(`http://instance.test:${port}/start?to=${encodeURIComponent(to)}`);
      expect(hits.slice(before)).toHaveLength(1); // the first hop only
    }
  });
});
