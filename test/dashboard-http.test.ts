import { platforms } from "@sda/catalog";
import { describe, expect } from "vitest";
import { Browser } from "./support/browser.ts";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import type { Stack } from "./support/stack.ts";

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { workers: "none", env: { DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL: "3" } },
);

let counter = 0;
const newEmail = () => `user${Date.now()}${counter++}@example.com`;
const PASSWORD = "correct horse battery";

async function signUp(stack: Stack, email = newEmail()) {
  const browser = new Browser(stack.gateway.url);
  await browser.request("/dashboard/sign-up");
  const response = await browser.post("/dashboard/sign-up", { email, password: PASSWORD });
  expect(response.status).toBe(303);
  expect(response.location).toBe("/dashboard/keys?notice=welcome");
  // Signing up starts a new session with a new CSRF token: the next page carries it.
  expect((await browser.request("/dashboard/keys?notice=welcome")).status).toBe(200);
  return { browser, email };
}

async function createKey(browser: Browser, name: string) {
  const page = await browser.post("/dashboard/keys", { name });
  expect(page.status).toBe(200);
  const secret = /id="new-key" readonly value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  expect(secret).toMatch(/^sda_live_/);
  const keyId = /action="\/dashboard\/keys\/(key_[^/]+)\/revoke"/.exec(page.text)?.[1] ?? "";
  return { secret, keyId, page };
}

describe("dashboard sign-up and sign-in", () => {
  test("signs up with 100 free credits from the ledger grant; the session cookie is httpOnly and SameSite=Lax", async ({
    stack,
  }) => {
    const browser = new Browser(stack.gateway.url);
    const form = await browser.request("/dashboard/sign-up");
    expect(form.status).toBe(200);
    // The copy names what the service reads from the catalog: every platform's title, none left out.
    for (const { title } of platforms) expect(form.text).toContain(title);
    expect(form.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(form.headers.get("set-cookie")).toMatch(/sda_session=.*HttpOnly.*SameSite=Lax/i);
    expect(form.headers.get("set-cookie")).not.toMatch(/Secure/i);
    const email = newEmail();
    const done = await browser.post("/dashboard/sign-up", { email: email.toUpperCase(), password: PASSWORD });
    expect(done.status).toBe(303);
    const keys = await browser.request("/dashboard/keys?notice=welcome");
    expect(keys.text).toContain("100 credits");
    const account = await stack.prisma.account.findUniqueOrThrow({ where: { email } });
    expect(account.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account.balance).toBe(100);
    expect(await ledgerSum(stack.ledger, account.id)).toBe(100);
    const again = new Browser(stack.gateway.url);
    await again.request("/dashboard/sign-up");
    expect((await again.post("/dashboard/sign-up", { email, password: PASSWORD })).status).toBe(409);
  });

  test("refuses a short password and a bad email without creating an account", async ({ stack }) => {
    const browser = new Browser(stack.gateway.url);
    await browser.request("/dashboard/sign-up");
    const email = newEmail();
    expect((await browser.post("/dashboard/sign-up", { email, password: "short" })).status).toBe(400);
    expect(
      (await browser.post("/dashboard/sign-up", { email: "not-an-email", password: PASSWORD })).status,
    ).toBe(400);
    expect(await stack.prisma.account.count({ where: { email } })).toBe(0);
  });

  test("refuses a wrong password, then throttles that email; the right password signs in", async ({
    stack,
  }) => {
    const { email } = await signUp(stack);
    const browser = new Browser(stack.gateway.url);
    await browser.request("/dashboard/sign-in");
    const wrong = await browser.post("/dashboard/sign-in", { email, password: "wrong password!" });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Email or password is wrong.");
    expect((await browser.request("/dashboard/keys")).status).toBe(303);
    const unknown = await browser.post("/dashboard/sign-in", { email: newEmail(), password: PASSWORD });
    expect(unknown.status).toBe(401);
    const right = await browser.post("/dashboard/sign-in", { email, password: PASSWORD });
    expect(right.status).toBe(303);
    expect((await browser.request("/dashboard/keys")).status).toBe(200);

    const attacker = new Browser(stack.gateway.url);
    await attacker.request("/dashboard/sign-in");
    for (let i = 0; i < 3; i++)
      expect((await attacker.post("/dashboard/sign-in", { email, password: `guess ${i}xxxxx` })).status).toBe(
        401,
      );
    const throttled = await attacker.post("/dashboard/sign-in", { email, password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("signs out: the old session cookie no longer opens pages", async ({ stack }) => {
    const { browser } = await signUp(stack);
    const cookie = browser.cookie;
    expect((await browser.post("/dashboard/sign-out", {})).location).toBe("/dashboard/sign-in");
    expect(browser.cookie).toBe("");
    const stale = new Browser(stack.gateway.url);
    stale.cookie = cookie;
    expect((await stale.request("/dashboard/keys")).location).toBe("/dashboard/sign-in");
  });
});

describe("CSRF protection", () => {
  test("refuses form posts without the session's token (403, nothing done)", async ({ stack }) => {
    const anonymous = new Browser(stack.gateway.url);
    await anonymous.request("/dashboard/sign-up");
    const email = newEmail();
    const missing = await anonymous.request("/dashboard/sign-up", { email, password: PASSWORD });
    expect(missing.status).toBe(403);
    expect(await stack.prisma.account.count({ where: { email } })).toBe(0);

    const { browser } = await signUp(stack);
    const other = await signUp(stack);
    const forged = await browser.request("/dashboard/keys", { _csrf: other.browser.csrf, name: "forged" });
    expect(forged.status).toBe(403);
    const noCookie = new Browser(stack.gateway.url);
    noCookie.csrf = browser.csrf;
    expect((await noCookie.post("/dashboard/keys", { name: "x" })).status).toBe(403);
    const keys = await browser.request("/dashboard/keys");
    expect(keys.text).not.toContain("forged");
  });
});

describe("dashboard keys", () => {
  test("creates a key shown once, lists it by prefix, and revokes it: the key gets 401 at once", async ({
    stack,
  }) => {
    const { browser } = await signUp(stack);
    const { secret, keyId, page } = await createKey(browser, `<b>ci</b> "key"`);
    expect(page.text).toContain("&lt;b&gt;ci&lt;/b&gt; &quot;key&quot;");
    expect(page.text).not.toContain("<b>ci</b>");
    const stored = await stack.prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(stored.hash).not.toContain(secret);
    // Last use: recorded in memory by the gateway at each authenticated call, written by its flush (every 60 s).
    const lastUse = /<td class="opt">[^<]*UTC<\/td><td class="opt">([^<]*)<\/td>/;
    expect(lastUse.exec((await browser.request("/dashboard/keys")).text)?.[1]).toBe("—");
    const before = new Date();
    expect((await stack.get("/v1/account", secret)).status).toBe(200);
    await stack.gateway.deps.keyUse.flush();
    const shown = lastUse.exec((await browser.request("/dashboard/keys")).text)?.[1] ?? "";
    expect(shown).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(Date.parse(shown.replace(" UTC", "Z").replace(" ", "T"))).toBeGreaterThanOrEqual(
      Math.floor(before.getTime() / 1000) * 1000,
    );
    const list = await browser.request("/dashboard/keys");
    expect(list.text).not.toContain(secret);
    expect(list.text).toContain(`${secret.slice(0, 13)}…`);

    const revoked = await browser.post(`/dashboard/keys/${keyId}/revoke`, {});
    expect(revoked.location).toBe("/dashboard/keys?notice=revoked");
    const refused = await stack.get("/v1/account", secret);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("revoked_api_key");
  });

  test("never lets another account revoke or see a key", async ({ stack }) => {
    const owner = await signUp(stack);
    const { secret, keyId } = await createKey(owner.browser, "mine");
    const other = await signUp(stack);
    const attempt = await other.browser.post(`/dashboard/keys/${keyId}/revoke`, {});
    expect(attempt.status).toBe(404);
    expect((await other.browser.request("/dashboard/keys")).text).not.toContain(keyId);
    expect((await stack.get("/v1/account", secret)).status).toBe(200);
  });

  test("sends signed-out visitors to the sign-in page", async ({ stack }) => {
    for (const path of ["/dashboard/keys", "/dashboard/usage", "/dashboard/ledger", "/dashboard"]) {
      const response = await new Browser(stack.gateway.url).request(path);
      expect(response.status, path).toBe(303);
      expect(response.location).toBe("/dashboard/sign-in");
    }
  });
});

describe("dashboard usage and ledger pages", () => {
  test("shows the chart, the request log with filters, and the ledger; a bad filter is a message, not a 500", async ({
    stack,
  }) => {
    const { browser } = await signUp(stack);
    const { secret } = await createKey(browser, "usage");
    await stack.get("/v1/account", secret);
    await expect.poll(async () => (await browser.request("/dashboard/usage")).text).toContain("account.get");
    const usage = await browser.request("/dashboard/usage?status=success");
    expect(usage.text).toContain("<svg");
    expect(usage.text).toContain("Credits per day by operation");
    const bad = await browser.request("/dashboard/usage?from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("from:");
    const ledger = await browser.request("/dashboard/ledger");
    expect(ledger.text).toContain("sign-up grant");
    expect(ledger.text).toContain("+100");
    expect((await browser.request("/dashboard/ledger?cursor=bogus")).status).toBe(400);
  });
});
