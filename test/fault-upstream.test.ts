import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// Fault suite: every platform origin is a local HTTP server this test owns, misbehaving in one way at a time.
type Mode = "slow" | "reset" | "garbage" | "truncated";
let mode: Mode = "slow";
const UPSTREAM_TIMEOUT_MS = 500;

const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("origin", { scope: "file" }, async ({}, { onCleanup }) => {
    const origin = createServer((req, res) => {
      req.resume();
      if (mode === "reset") {
        req.socket.destroy();
        return;
      }
      if (mode === "slow") {
        // Headers only after the upstream budget has passed; the socket is closed when the client gives up.
        const timer = setTimeout(() => res.end("{}"), UPSTREAM_TIMEOUT_MS * 6);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      res.writeHead(200, { "content-type": mode === "garbage" ? "application/json" : "text/html" });
      if (mode === "garbage") res.end("\u0000<<not json>>{{{\uFFFF");
      else res.end('{"responseContext": {"visitorData": "x"}, "playabilityStatus": {"status": "OK"');
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    onCleanup(async () => {
      origin.closeAllConnections();
      await new Promise((r) => origin.close(r));
    });
    return `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  })
  .extend("stackOptions", { scope: "file" }, ({ origin }) => ({
    env: {
      VIDEOSITE_ORIGIN: origin,
      FORUMSITE_ORIGIN: origin,
      PHOTOSITE_ORIGIN: origin,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    },
  }));

const CALLS: [path: string, query: Record<string, string>][] = [
  ["/v1/videosite/video-details", { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" }],
  ["/v1/videosite/transcript", { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" }],
  ["/v1/forumsite/post-details", { url: "https://redd.it/haucpf" }],
  ["/v1/photosite/details", { url: "https://www.instagram.com/p/C10MvewSSYl/" }],
];

describe("upstream slow, reset or answering garbage", () => {
  for (const m of ["slow", "reset", "garbage", "truncated"] as const)
    test(`${m}: 502 retryable upstream error on every platform, nothing billed`, async ({ stack }) => {
      mode = m;
      const { key, accountId } = await stack.account(50);
      for (const [path, query] of CALLS) {
        const response = await stack.get(path, key, query);
        const where = `${m} ${path}: ${JSON.stringify(response.body).slice(0, 300)}`;
        expect(response.status, where).toBe(502);
        expect(response.body.success, where).toBe(false);
        expect(response.body.error.code, where).toMatch(/^upstream_/);
        expect(response.body.error.retryable, where).toBe(true);
        expect(response.headers.get("x-service-credits"), where).toBe("0");
      }
      expect(await stack.ledger.balance(accountId)).toBe(50);
      expect(await stack.ledger.entries(accountId)).toHaveLength(1);
      await expectLedgerReconciled(stack.prisma, [accountId]);
    }, 60_000);
});
