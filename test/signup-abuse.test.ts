import { describe, expect } from "vitest";
import { Browser } from "./support/browser.ts";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";

// Issue 34 #6: the dashboard gave 100 free credits to every sign-up (50 accounts, 5,000 credits per address every
// 15 min), and posting the sign-up form while signed in created another account. Now the first
// DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS sign-ups of a client address per 24 h (2 here) get the grant, later ones start
// at 0 credits, and a signed-in session creates no account. The test stack trusts X-Forwarded-For: each browser plays
// a client address of the documentation range.
const GRANTS = 2;
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  // A database of its own: the test counts every account, and the files beside it create theirs in the shared one.
  {
    workers: "none",
    ownDatabase: "signup_abuse",
    env: { DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS: String(GRANTS) },
  },
);

let counter = 0;
const newEmail = () => `abuse${Date.now()}${counter++}@example.com`;
const PASSWORD = "correct horse battery";

async function signUp(url: string, address: string) {
  const browser = new Browser(url, { "x-forwarded-for": address });
  const email = newEmail();
  await browser.request("/dashboard/sign-up");
  const done = await browser.post("/dashboard/sign-up", { email, password: PASSWORD });
  expect(done.status).toBe(303);
  return { browser, email, location: done.location };
}

describe("dashboard sign-up abuse limits", () => {
  test("the free credits go to the first 2 sign-ups of an address per day; later ones start at 0", async ({
    stack,
  }) => {
    const results = [];
    for (let i = 0; i < GRANTS + 2; i++) results.push(await signUp(stack.gateway.url, "203.0.113.7"));
    const accounts = await Promise.all(
      results.map((r) => stack.prisma.account.findUniqueOrThrow({ where: { email: r.email } })),
    );
    expect(accounts.map((a) => a.balance)).toEqual([100, 100, 0, 0]);
    for (const account of accounts) expect(await ledgerSum(stack.ledger, account.id)).toBe(account.balance);
    expect(results.map((r) => r.location)).toEqual([
      "/dashboard/keys?notice=welcome",
      "/dashboard/keys?notice=welcome",
      "/dashboard/keys?notice=welcome-no-grant",
      "/dashboard/keys?notice=welcome-no-grant",
    ]);
    const page = await results[2]?.browser.request("/dashboard/keys?notice=welcome-no-grant");
    expect(page?.text).toContain("starts with 0 credits");
    expect(page?.text).not.toContain("100 free credits");
    // Another address has its own grants.
    const other = await signUp(stack.gateway.url, "203.0.113.8");
    expect((await stack.prisma.account.findUniqueOrThrow({ where: { email: other.email } })).balance).toBe(
      100,
    );
    // A sign-up refused for a taken email gives its grant back: the address's next sign-up still gets one.
    const fresh = new Browser(stack.gateway.url, { "x-forwarded-for": "203.0.113.9" });
    await fresh.request("/dashboard/sign-up");
    expect((await fresh.post("/dashboard/sign-up", { email: other.email, password: PASSWORD })).status).toBe(
      409,
    );
    const after = [
      await signUp(stack.gateway.url, "203.0.113.9"),
      await signUp(stack.gateway.url, "203.0.113.9"),
    ];
    const balances = await Promise.all(
      after.map(
        async (r) => (await stack.prisma.account.findUniqueOrThrow({ where: { email: r.email } })).balance,
      ),
    );
    expect(balances).toEqual([100, 100]);
  });

  test("posting the sign-up form while signed in creates no account", async ({ stack }) => {
    const { browser, email } = await signUp(stack.gateway.url, "203.0.113.20");
    expect((await browser.request("/dashboard/keys")).status).toBe(200);
    const before = await stack.prisma.account.count();
    const second = newEmail();
    const posted = await browser.post("/dashboard/sign-up", { email: second, password: PASSWORD });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/dashboard/keys");
    expect(await stack.prisma.account.findUnique({ where: { email: second } })).toBeNull();
    expect(await stack.prisma.account.count()).toBe(before);
    // Still signed in as the first account.
    const keys = await browser.request("/dashboard/keys");
    expect(keys.status).toBe(200);
    expect(keys.text).toContain(email);
  });
});
