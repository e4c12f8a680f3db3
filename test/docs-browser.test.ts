import { describe, expect } from "vitest";
import { shot, browserTest as test } from "./support/chromium.ts";

// GET /docs in a real browser: the API reference renders the service's own OpenAPI document, and every request the
// page makes goes to the service itself (self-hosters may be offline).

describe("the API reference at /docs", () => {
  test("renders every group from /v1/openapi.json with assets served by the service only", async ({
    stack,
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const origin = new URL(stack.gateway.url).origin;
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin && url.protocol !== "data:" && url.protocol !== "blob:")
        elsewhere.push(url.href);
    });
    const answer = await page.goto(`${stack.gateway.url}/docs`);
    expect(answer?.status()).toBe(200);
    await page.getByRole("heading", { name: "Public social data API" }).waitFor({ timeout: 30_000 });
    // The sidebar lists the groups of the registry's platforms and of the service, and the webhooks.
    for (const tag of ["videosite", "photosite", "forumsite", "newssite", "Batch", "Monitors", "Webhooks"])
      await page
        .getByRole("button", { name: tag, exact: true })
        .or(page.getByText(tag, { exact: true }))
        .first()
        .waitFor();
    await page.getByText("videosite", { exact: true }).first().click();
    await page
      .getByText(/Transcript of a video from its caption tracks/)
      .first()
      .waitFor();
    await shot(page, "api-reference", { fullPage: false });
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  test("serves the reference's script itself, cached", async ({ stack }) => {
    const response = await fetch(`${stack.gateway.url}/docs/assets/api-reference.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toContain("max-age=86400");
    expect((await response.text()).length).toBeGreaterThan(100_000);
  });
});
