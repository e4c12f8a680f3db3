import { describe, expect } from "vitest";
import { shot, browserTest as test } from "./support/chromium.ts";

// The dashboard in a real browser (test/support/chromium.ts), against a whole stack (gateway + workers + the replay of
// the recorded corpus): the key holder's path. The Monitors and Batches pages: dashboard-pages-browser.test.ts.

const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

describe("dashboard in a browser", () => {
  test("sign up → create a key → copy it → call the API → see the call and its credit → revoke → 401", async ({
    stack,
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.gateway.url });
    const page = await context.newPage();

    await page.goto(`${stack.gateway.url}/dashboard`);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect.poll(() => page.title()).toContain("Create your account");
    const email = `browser${Date.now()}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await shot(page, "sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/dashboard\/keys/);
    expect(await page.locator("#balance").textContent()).toBe("100 credits");
    expect(await page.getByRole("link", { name: "API reference" }).getAttribute("href")).toBe("/docs");

    // Keyboard only: the key name field and the create button are reachable and operable without a mouse.
    await page.getByLabel("Key name").focus();
    await page.keyboard.type("browser test");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: /Your new key/ }).waitFor();
    const secret = await page.locator("#new-key").inputValue();
    expect(secret).toMatch(/^sda_live_/);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("The key was copied to the clipboard.").waitFor();
    // A string expression: the test is compiled without the DOM library.
    const copied = String(await page.evaluate("navigator.clipboard.readText()"));
    expect(copied).toBe(secret);
    await shot(page, "keys");

    const call = await stack.get("/v1/videosite/video-details", copied, { url: VIDEO });
    expect(call.status).toBe(200);
    const credits = Number(call.headers.get("x-service-credits"));
    expect(credits).toBeGreaterThan(0);
    const requestId = call.headers.get("x-service-request-id") ?? "";

    await page.getByRole("link", { name: "Usage" }).click();
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("#request-log").textContent();
      })
      .toContain(requestId);
    const row = page.locator("#request-log tr", { hasText: requestId });
    expect(await row.textContent()).toContain("videosite.video-details");
    expect(await row.locator("td.num").first().textContent()).toBe(String(credits));
    expect(await page.locator("figure.chart svg rect").count()).toBeGreaterThan(0);
    await shot(page, "usage");

    await page.getByRole("link", { name: "Ledger" }).click();
    const entry = page.locator("#ledger tr", { hasText: requestId });
    expect(await entry.locator("td.num").first().textContent()).toBe(String(-credits));
    await shot(page, "ledger");

    await page.getByRole("link", { name: "API keys" }).click();
    // Revoking cannot be undone: the form asks first; dismissing the question sends nothing.
    const questions: string[] = [];
    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: /Revoke key browser test/ }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toMatch(/^Revoke the key browser test \(.+…\)\? Calls with it are refused at once/);
    expect((await stack.get("/v1/account", copied)).status).toBe(200);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: /Revoke key browser test/ }).click();
    await page.getByText("The key was revoked.").waitFor();
    const refused = await stack.get("/v1/videosite/video-details", copied, { url: VIDEO });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("revoked_api_key");

    // Readable on a phone: the keys page at 390 px wide.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await shot(page, "keys-phone");
    await context.close();
  }, 120_000); // a real browser, argon2 and the whole stack: ~10 s idle, 30+ s on a busy 2-core machine
});
