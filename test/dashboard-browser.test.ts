import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// The dashboard in a real browser: Debian's `chromium` (CHROMIUM_PATH, default /usr/bin/chromium; `.ci/run` installs
// it) driven by playwright-core, against a whole stack (gateway + workers + the replay of the recorded corpus).
// Screenshots go to docs/screenshots/ with UPDATE_SCREENSHOTS=1 (the README shows them), else to a temp dir.

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, "../docs/screenshots")
  : path.join(tmpdir(), "sda-dashboard-screenshots");
const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

const test = stackTest.extend(
  "browser",
  { scope: "file" },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  async ({}, { onCleanup }) => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(`no chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
    onCleanup(() => browser.close());
    return browser;
  },
);

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

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
