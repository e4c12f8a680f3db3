import { describe, expect, inject, onTestFinished } from "vitest";
import { Browser } from "./support/browser.ts";
import { stackTest } from "./support/fixtures.ts";
import { startTcpProxy } from "./support/tcp-proxy.ts";

// Issue 21 #4, #7, #8, #9: the dashboard under hostile input and failing stores. The gateway reaches PostgreSQL
// through a TCP proxy this file owns, so one test can cut it (the machine's PostgreSQL is untouched).
const ATTEMPTS_PER_EMAIL = 3;
const PASSWORD = "correct horse battery";

const test = stackTest
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
    return {
      workers: "none" as const,
      env: {
        DATABASE_URL: proxied.toString(),
        DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL: String(ATTEMPTS_PER_EMAIL),
      },
    };
  });

let counter = 0;
const newEmail = () => `hostile${Date.now()}${counter++}@example.com`;
let address = 10;
/** A browser at a client address of its own (the test stack trusts `X-Forwarded-For`). */
const browserAt = (url: string) => new Browser(url, { "x-forwarded-for": `198.51.100.${address++}` });

async function signedUp(url: string) {
  const browser = browserAt(url);
  const email = newEmail();
  await browser.request("/dashboard/sign-up");
  expect((await browser.post("/dashboard/sign-up", { email, password: PASSWORD })).status).toBe(303);
  expect((await browser.request("/dashboard/keys")).status).toBe(200);
  return { browser, email };
}

describe("dashboard sessions and sign-in under attack", () => {
  // #7: each cookie-less GET /dashboard/sign-in wrote a 7-day Redis key (500 requests, 500 keys).
  test("cookie-less visitors: a signed-out session lives an hour, and one address starts at most 30 per 15 min", async ({
    stack,
    redis,
  }) => {
    const from = { "x-forwarded-for": "198.51.100.200" };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await fetch(`${stack.gateway.url}/dashboard/sign-in`, { headers: from })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    const keys = await redis.keys(`${stack.env.QUEUE_PREFIX}:dashboard:session:*`);
    expect(keys).toHaveLength(30);
    for (const key of keys) expect(await redis.ttl(key)).toBeLessThanOrEqual(3600);
    // Another address is not affected; a signed-in session keeps the long lifetime.
    const { browser } = await signedUp(stack.gateway.url);
    const token = decodeURIComponent(browser.cookie.split("=")[1] ?? "");
    expect(token).not.toBe("");
    const ttls = await Promise.all(
      (await redis.keys(`${stack.env.QUEUE_PREFIX}:dashboard:session:*`)).map((k) => redis.ttl(k)),
    );
    expect(Math.max(...ttls)).toBeGreaterThan(3600);
  });

  // #9: ten wrong passwords from anywhere locked the owner out for 15 minutes, from every address.
  test("wrong passwords lock out the guessing address for that email, never the owner at another address", async ({
    stack,
  }) => {
    const { email } = await signedUp(stack.gateway.url);
    const attacker = browserAt(stack.gateway.url);
    await attacker.request("/dashboard/sign-in");
    for (let i = 0; i < ATTEMPTS_PER_EMAIL; i++)
      expect(
        (await attacker.post("/dashboard/sign-in", { email, password: `guess ${i} xxxxxx` })).status,
      ).toBe(401);
    expect((await attacker.post("/dashboard/sign-in", { email, password: PASSWORD })).status).toBe(429);
    const owner = browserAt(stack.gateway.url);
    await owner.request("/dashboard/sign-in");
    expect((await owner.post("/dashboard/sign-in", { email, password: PASSWORD })).status).toBe(303);
    expect((await owner.request("/dashboard/keys")).status).toBe(200);
  });

  test("a 201-character password is told the password rule, not that the email is invalid", async ({
    stack,
  }) => {
    const browser = browserAt(stack.gateway.url);
    await browser.request("/dashboard/sign-up");
    const email = newEmail();
    const long = "p".repeat(201);
    const signUp = await browser.post("/dashboard/sign-up", { email, password: long });
    expect(signUp.status).toBe(400);
    expect(signUp.text).toContain("Choose a password of 10 to 200 characters.");
    expect(signUp.text).not.toContain("valid email");
    await browser.request("/dashboard/sign-in");
    const signIn = await browser.post("/dashboard/sign-in", { email, password: long });
    expect([signIn.status, signIn.text.includes("Passwords have at most 200 characters.")]).toEqual([
      400,
      true,
    ]);
    expect(await stack.prisma.account.count({ where: { email } })).toBe(0);
  });
});

describe("dashboard pages answer 400/404/503, never 500", () => {
  // #4: a NUL in a key name or a revoke id reached PostgreSQL, which refused it: a 500 page.
  test("a key name with a NUL is a 400 page; a revoke id that is no key id is a 404 page", async ({
    stack,
  }) => {
    const { browser } = await signedUp(stack.gateway.url);
    const named = await browser.post("/dashboard/keys", { name: "bad\u0000name" });
    expect(named.status).toBe(400);
    expect(named.text).toContain("without control characters");
    for (const id of ["%00", "key_%00", `key_${"a".repeat(300)}`, "key_0123456789abcdef"]) {
      const page = await browser.post(`/dashboard/keys/${id}/revoke`, {});
      expect([id, page.status]).toEqual([id, 404]);
    }
  });

  // #8: with PostgreSQL out of reach the dashboard answered 500 pages (the API answers 503).
  test("PostgreSQL unreachable: the sign-in post and the keys page are 503 pages with Retry-After", async ({
    stack,
    proxy,
  }) => {
    const { browser, email } = await signedUp(stack.gateway.url);
    const visitor = browserAt(stack.gateway.url);
    await visitor.request("/dashboard/sign-in");
    await proxy.stop();
    onTestFinished(() => proxy.start().catch(() => undefined));
    for (const page of [
      await browser.request("/dashboard/keys"),
      await browser.request("/dashboard/usage"),
      await visitor.post("/dashboard/sign-in", { email, password: PASSWORD }),
    ]) {
      expect(page.status).toBe(503);
      expect(page.text).toContain("cannot reach its database");
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    await proxy.start();
    await expect
      .poll(async () => (await browser.request("/dashboard/keys")).status, { timeout: 20_000, interval: 200 })
      .toBe(200);
  });
});
