import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { stackTest } from "./fixtures.ts";

// The dashboard in a real browser: Debian's `chromium` (CHROMIUM_PATH, default /usr/bin/chromium; `.ci/run` installs
// it) driven by playwright-core. Screenshots go to docs/screenshots/ with UPDATE_SCREENSHOTS=1 (the README shows
// them), else to a temp dir.

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, "../../docs/screenshots")
  : path.join(tmpdir(), "sda-dashboard-screenshots");

/** A phone's viewport (the width the dashboard must fit, a long email included) and a desktop one. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1100, height: 760 } as const;

/** `stackTest` plus `browser`: one headless chromium per test file, closed after it. */
export const browserTest = stackTest.extend(
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

/** A screenshot `<name>.png`, the whole page unless `fullPage: false` (docs/screenshots/ with UPDATE_SCREENSHOTS=1). */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage ?? true });
}
