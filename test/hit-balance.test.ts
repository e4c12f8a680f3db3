import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerSum } from "./support/ledger.ts";
import { type Stack, startStack } from "./support/stack.ts";

// A free cache hit's X-Service-Balance is read from PostgreSQL at every call; the reads of concurrent hits go out as
// one statement (`id = ANY(…)`). Whatever the batching, each answer shows its own account's balance as the ledger
// holds it: never another account's, never a value remembered from before a charge.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const DETAILS = "/v1/videosite/video-details";
const VIDEO_A = "https://www.youtube.com/watch?v=GJLlxj_dtq8";
const VIDEO_B = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

describe("X-Service-Balance of free cache hits", () => {
  it("parallel hits of two accounts each show their own account's ledger balance, also right after a charge", async () => {
    const one = await stack.account(30);
    const two = await stack.account(50);
    // Warm the cache (paid by account one), then account two pays one fresh call of the other video.
    expect((await stack.get(DETAILS, one.key, { url: VIDEO_A, cache: "true" })).status).toBe(200);
    const paid = await stack.get(DETAILS, two.key, { url: VIDEO_B, cache: "true" });
    expect(paid.headers.get("x-service-credits")).toBe("1");
    expect(paid.headers.get("x-service-balance")).toBe("49");

    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        stack.get(DETAILS, i % 2 ? two.key : one.key, { url: i % 4 < 2 ? VIDEO_A : VIDEO_B, cache: "true" }),
      ),
    );
    for (const [i, hit] of hits.entries()) {
      expect(hit.status).toBe(200);
      expect(hit.headers.get("x-service-cache")).toBe("HIT");
      expect(hit.headers.get("x-service-credits")).toBe("0");
      expect(hit.headers.get("x-service-balance")).toBe(i % 2 ? "49" : "29");
    }
    expect(await stack.ledger.balance(one.accountId)).toBe(29);
    expect(await ledgerSum(stack.ledger, one.accountId)).toBe(29);
    expect(await ledgerSum(stack.ledger, two.accountId)).toBe(49);

    // A charge between two hits: the next hit shows the balance after it (nothing remembered).
    await stack.ledger.grant(one.accountId, 5, "test");
    const after = await stack.get(DETAILS, one.key, { url: VIDEO_A, cache: "true" });
    expect(after.headers.get("x-service-balance")).toBe("34");
    expect(await ledgerSum(stack.ledger, one.accountId)).toBe(34);
  });
});
