import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";

// Issue 13: every data answer carries X-Service-Balance (the balance after the call) and the IETF RateLimit-* fields;
// a 429 keeps Retry-After.

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { RATE_LIMIT_PER_SECOND: "5" } });

const DETAILS = "/v1/videosite/video-details";

describe("X-Service-Balance and RateLimit-*", () => {
  test("a paid call and a free cache hit both carry the balance after the call", async ({ stack }) => {
    const { accountId, key } = await stack.account(7);
    const paid = await stack.get(DETAILS, key, { url: "https://youtu.be/GJLlxj_dtq8", cache: "true" });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("x-service-credits")).toBe("1");
    expect(paid.headers.get("x-service-balance")).toBe("6");
    const hit = await stack.get(DETAILS, key, {
      url: "https://www.youtube.com/watch?v=GJLlxj_dtq8",
      cache: "true",
    });
    expect(hit.headers.get("x-service-cache")).toBe("HIT");
    expect(hit.headers.get("x-service-balance")).toBe("6");
    expect(await stack.ledger.balance(accountId)).toBe(6);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(6);
  });

  test("a paid call carries no ETag, and If-None-Match never turns a charged call into an empty 304", async ({
    stack,
  }) => {
    const { accountId, key } = await stack.account(3);
    const query = { url: "https://youtu.be/GJLlxj_dtq8" };
    const first = await stack.get(DETAILS, key, query);
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBeNull();
    const again = await stack.get(DETAILS, key, query, { "If-None-Match": "*" });
    expect(again.status).toBe(200);
    expect(again.body.data.videoId ?? again.body.data.id).toBeDefined();
    expect(again.headers.get("x-service-credits")).toBe("1");
    expect(await stack.ledger.balance(accountId)).toBe(1);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(1);
  });

  test("every authenticated answer has RateLimit-Limit/Remaining/Reset; past the rate, 429 with Retry-After", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    // Ten at once: the 1-second window of 5 cannot take them all, however slow the machine.
    const answers = await Promise.all(Array.from({ length: 10 }, () => stack.get("/v1/account", key)));
    const first = answers.find((a) => a.status === 200);
    expect(first?.headers.get("ratelimit-limit")).toBe("5");
    expect(Number(first?.headers.get("ratelimit-remaining"))).toBeLessThanOrEqual(4);
    expect(Number(first?.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(0);
    const limited = answers.find((a) => a.status === 429);
    expect(limited).toBeDefined();
    expect(limited?.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited?.body.error).toMatchObject({ code: "rate_limited", retryable: true });
  });
});
