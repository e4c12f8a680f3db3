import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { workers: "none", env: { RATE_LIMIT_PER_SECOND: "3" } },
);

describe("per-key rate limit", () => {
  test("answers 429 rate_limited with Retry-After past the key's calls per second, without charging", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    // Parameter errors still count against the rate: the limit protects the service, not only the upstream.
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => stack.get("/v1/videosite/transcript", key)),
    );
    const limited = responses.filter((r) => r.status === 429);
    expect(responses.filter((r) => r.status === 400)).toHaveLength(3);
    expect(limited).toHaveLength(3);
    expect(limited[0]?.body.error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(Number(limited[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const other = await stack.account();
    expect((await stack.get("/v1/videosite/transcript", other.key)).status).toBe(400);
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });
});
