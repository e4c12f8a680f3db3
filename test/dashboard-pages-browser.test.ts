import { readFile } from "node:fs/promises";
import { platforms } from "@sda/catalog";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { waitForBatch } from "./support/batch.ts";
import { browserTest, DESKTOP, PHONE, shot } from "./support/chromium.ts";
import { LOCAL_WEBHOOKS_ENV } from "./support/fixtures.ts";
import { type Stack, send } from "./support/stack.ts";

// The dashboard for monitor owners and batch submitters, in chromium (test/support/chromium.ts): a monitor's runs and
// deliveries with their HTTP statuses, test / replay / pause / resume / secret rotation; batches with progress,
// counts, credits and their downloads; the sign-in page saying what the service is; every page at desktop and phone
// width, with an email long enough to have pushed "Sign out" off a phone's screen.

// Its batches on a database of its own, so it runs beside the other files (see StackOptions.ownDatabase).
const test = browserTest.extend(
  "stackOptions",
  { scope: "file" },
  { ownDatabase: "dashboard_pages", env: { ...LOCAL_WEBHOOKS_ENV } },
);

const LONG_EMAIL = () =>
  `a.rather.long.name.for.the.phone.layout.${Date.now()}@monitoring-and-batches.example.com`;
const PASSWORD = "a long enough password";

/** Signs up in `context` through the pages and creates an API key there; returns the page and the key. */
async function signUpWithKey(stack: Stack, context: BrowserContext, email: string) {
  const page = await context.newPage();
  await page.goto(`${stack.gateway.url}/dashboard/sign-up`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/dashboard\/keys/);
  await page.getByLabel("Key name").fill("monitors and batches");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.locator("#new-key").inputValue();
  return { page, key };
}

/** Reloads `page` until `locator` text contains `text` (runs and deliveries arrive while the page is open). */
async function reloadUntil(page: Page, selector: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.locator(selector).textContent()) ?? "";
      },
      { timeout: 30_000, interval: 500 },
    )
    .toContain(text);
}

/** The page fits the viewport: nothing wider than it (no sideways scrolling) and "Sign out" fully on screen. */
async function expectFitsPhone(page: Page, signedIn: boolean) {
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(
    PHONE.width,
  );
  if (!signedIn) return;
  const box = await page.getByRole("button", { name: "Sign out" }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
}

describe("the Monitors and Batches pages in a browser", () => {
  test("a monitor owner and a batch submitter see, act and download; every page fits a phone", async ({
    stack,
    browser,
    receiver,
  }) => {
    // Signed out: the sign-in page says what the service is, links the API reference, has a favicon.
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const landing = await visitor.newPage();
    await landing.goto(`${stack.gateway.url}/dashboard`);
    await landing.waitForURL(/\/dashboard\/sign-in/);
    // It names what the service reads from the catalog's platforms (Bluesky and Mastodon were left out of a fixed list).
    await landing.getByText("public data of YouTube, Instagram").waitFor();
    for (const { title } of platforms)
      expect(await landing.locator(".landing").textContent()).toContain(title);
    expect(await landing.getByRole("link", { name: "API reference" }).first().getAttribute("href")).toBe(
      "/docs",
    );
    const icon = await landing.locator('link[rel="icon"]').getAttribute("href");
    const favicon = await fetch(new URL(icon ?? "", stack.gateway.url));
    expect([favicon.status, favicon.headers.get("content-type")]).toEqual([
      200,
      "image/svg+xml; charset=utf-8",
    ]);
    await shot(landing, "sign-in");
    await landing.setViewportSize(PHONE);
    await expectFitsPhone(landing, false);
    await shot(landing, "sign-in-phone");
    await visitor.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.gateway.url });
    const { page, key } = await signUpWithKey(stack, context, LONG_EMAIL());

    // The API side, as a caller does it: a monitor delivering to a local receiver, two batches.
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: "/v1/videosite/comments",
      params: { url: "https://www.youtube.com/watch?v=xaQJbozY_Is", limit: 20 },
      schedule: { every: "15m" },
      webhookUrl: receiver.url("/hooks/dashboard"),
      deliverInitial: true,
      description: "new comments on our launch video",
    });
    expect(created.status).toBe(201);
    const monitorId: string = created.body.data.id;
    const calls = [
      { path: "/v1/videosite/video-details", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
      { path: "/v1/videosite/video-details", params: { url: "https://www.youtube.com/watch?v=Unknown0000" } },
      { path: "/v1/forumsite/post-details", params: { url: "haucpf" } },
    ];
    const done = await send(stack, "POST", "/v1/batch", key, { label: "nightly details", calls });
    await waitForBatch(stack, key, done.body.data.batchId);
    const big = await send(stack, "POST", "/v1/batch", key, {
      label: "a cancelled run of 40",
      calls: Array.from({ length: 40 }, () => calls[0]),
    });
    await send(stack, "DELETE", `/v1/batch/${big.body.data.batchId}`, key);

    // Monitors: the first run and its delivery (the receiver's 200), then the owner's actions.
    await page.getByRole("link", { name: "Monitors" }).click();
    const card = `#${monitorId}`;
    await page.locator(card).getByText("every 15m").waitFor();
    await reloadUntil(page, card, "200 in");
    expect(await page.locator(card).textContent()).toContain("monitor.items");
    await page.locator(card).getByRole("button", { name: "Send test event" }).click();
    // The notice is inside the card the redirect scrolls to, so it is in view (it was at the top, off screen).
    await page.locator(card).getByText("A signed monitor.test event is on its way").waitFor();
    expect(await page.locator(card).getByRole("status").isVisible()).toBe(true);
    await reloadUntil(page, card, "monitor.test");
    await expect
      .poll(() => receiver.hits("/hooks/dashboard").length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    // Both deliveries finished: each has its Replay button (a pending one shows its next attempt instead).
    const replays = page.locator(card).getByRole("button", { name: /^Replay delivery/ });
    const replaysAfterReload = async () => {
      await page.reload();
      return replays.count();
    };
    await expect.poll(replaysAfterReload, { timeout: 30_000, interval: 500 }).toBe(2);
    await page
      .locator(card)
      .getByRole("button", { name: /^Replay delivery/ })
      .first()
      .click();
    await page.getByText("The delivery is sent once more").waitFor();
    await expect
      .poll(() => receiver.hits("/hooks/dashboard").length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(replaysAfterReload, { timeout: 30_000, interval: 500 }).toBe(2);
    await shot(page, "monitors");
    await page.locator(card).getByRole("button", { name: "Pause" }).click();
    await page.getByText("The monitor is paused").waitFor();
    expect(await page.locator(`${card} h2 .badge`).textContent()).toBe("paused");
    await page.locator(card).getByRole("button", { name: "Resume" }).click();
    await page.getByText("The monitor is active again").waitFor();
    // Rotation cannot be undone: the form asks first.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.locator(card).getByRole("button", { name: "Rotate signing secret" }).click();
    await page.locator("#new-secret").waitFor();
    expect(asked).toEqual([expect.stringContaining(`Rotate the signing secret of ${monitorId}?`)]);
    const secret = await page.locator("#new-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.body.data.secret);

    // Batches: progress, counts, credits, and the downloads (the API's own JSON lines and CSV).
    await page.getByRole("link", { name: "Batches" }).click();
    const first = page.locator(`#${done.body.data.batchId}`);
    expect(await first.textContent()).toContain("3 of 3 items done (100 %)");
    expect(await first.textContent()).toContain("2 succeeded · 1 failed");
    expect(await first.getByRole("img").getAttribute("aria-label")).toBe(
      "2 succeeded, 1 failed, 0 cancelled, 0 not finished, of 3",
    );
    const cancelled = page.locator(`#${big.body.data.batchId}`);
    expect(await cancelled.textContent()).toContain("cancelled");
    const [jsonl] = await Promise.all([
      page.waitForEvent("download"),
      first.getByRole("link", { name: /JSON lines/ }).click(),
    ]);
    expect(jsonl.suggestedFilename()).toBe(`${done.body.data.batchId}.jsonl`);
    const lines = (await readFile((await jsonl.path()) ?? "", "utf8")).trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).status)).toEqual(["succeeded", "failed", "succeeded"]);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      first.getByRole("link", { name: /CSV/ }).click(),
    ]);
    expect((await readFile((await csv.path()) ?? "", "utf8")).split("\r\n")[0]).toMatch(
      /^index,path,params,status/,
    );
    await shot(page, "batches");

    // Every signed-in page at a phone's width, the long email included.
    await page.setViewportSize(PHONE);
    for (const name of ["keys", "usage", "ledger", "monitors", "batches"]) {
      await page.goto(`${stack.gateway.url}/dashboard/${name}`);
      await expectFitsPhone(page, true);
      if (name === "monitors" || name === "batches") await shot(page, `${name}-phone`);
    }

    // Another account sees none of it: the download is a 404 page, a posted action on the monitor a 404 too.
    const other = await browser.newContext({ viewport: DESKTOP });
    const stranger = (await signUpWithKey(stack, other, `other${Date.now()}@example.com`)).page;
    const foreign = await stranger.goto(
      `${stack.gateway.url}/dashboard/batches/${done.body.data.batchId}/results.csv`,
    );
    expect(foreign?.status()).toBe(404);
    await stranger.goto(`${stack.gateway.url}/dashboard/monitors`);
    // The page's own sign-out form carries this session's CSRF token; aimed at the other account's monitor.
    const [answer] = await Promise.all([
      stranger.waitForResponse((r) => r.url().endsWith(`/dashboard/monitors/${monitorId}/pause`)),
      stranger.evaluate(
        `(() => { const f = document.querySelector('form[action="/dashboard/sign-out"]'); f.action = "/dashboard/monitors/${monitorId}/pause"; f.submit(); })()`,
      ),
    ]);
    expect(answer.status()).toBe(404);
    const still = await send(stack, "GET", `/v1/monitors/${monitorId}`, key);
    expect(still.body.data.status).toBe("active");
    await other.close();
    await context.close();
  }, 240_000); // a real browser, argon2, a monitor run and two batches on a busy 2-core machine
});
