import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { platforms } from "@sda/catalog";
import { expect } from "vitest";
import { ensureDemoKey } from "../apps/demo/src/account.ts";
import { type Inbox, startInbox } from "../apps/demo/src/inbox.ts";
import { demoWebhookEnv } from "../apps/demo/src/settings.ts";
import { stackTest } from "./support/fixtures.ts";
import { type CurlExample, readmeExamples, unmetExpectations, valueAt } from "./support/readme-examples.ts";

// The README's promise to a newcomer — every curl in it works against `npm run demo` — checked by running them: the
// README itself is read, each `curl` runs in order through bash and the real curl against the demo's stack (the
// same gateway, workers and replay; the demo's webhook settings and its inbox; a demo key with the demo's credits),
// and each answer is compared with what the README says (test/support/readme-examples.ts: its conventions).

const README = path.resolve(import.meta.dirname, "../README.md");
/** Addresses the README writes, and what they are on this test's stack. */
const README_GATEWAY = "http://localhost:3000";
const README_INBOX = "http://127.0.0.1:3001";
/** How long a `(repeat until …)` example is polled (a batch, a monitor run, a webhook delivery). */
const REPEAT_FOR_MS = 30_000;

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
/** Package READMEs with an `## Examples` section (each platform's curls), run after the root README's, by name. */
const PACKAGE_READMES = readdirSync(path.join(ROOT, "packages"))
  .sort()
  .map((name) => path.join(ROOT, "packages", name, "README.md"))
  .filter((file) => existsSync(file));
/** Every example with the file it stands in (relative to the repo). */
const steps = [
  ...readmeExamples(README).map((step) => ({ file: "README.md", ...step })),
  ...PACKAGE_READMES.flatMap((file) =>
    readmeExamples(file, "Examples").map((step) => ({ file: path.relative(ROOT, file), ...step })),
  ),
];

// Its batches and monitors on a database of its own, so it runs beside the other files (see StackOptions.ownDatabase).
const test = stackTest
  .extend("stackOptions", { scope: "file" }, { ownDatabase: "readme", env: demoWebhookEnv({}) })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("inbox", { scope: "file" }, async ({}, { onCleanup }): Promise<Inbox> => {
    const inbox = await startInbox(0);
    onCleanup(() => inbox.close());
    return inbox;
  })
  .extend(
    "demoKey",
    { scope: "file" },
    async ({ stack }) => (await ensureDemoKey(stack.ledger, undefined)).secret,
  );

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** Variables of the examples: `$KEY`, and each `NAME=…` capture once its answer arrived. */
const variables: Record<string, string> = {};
let previous: Answer | null = null;

/** Runs one example through bash with `curl` writing the status, headers and body where this test reads them. */
async function runCurl(example: CurlExample, addresses: { gateway: string; inbox: string }): Promise<Answer> {
  const dir = await mkdtemp(path.join(tmpdir(), "sda-readme-"));
  try {
    const command = example.command
      .replaceAll(README_GATEWAY, addresses.gateway)
      .replaceAll(README_INBOX, addresses.inbox);
    const wrapper = `curl() { command curl -sS --max-time 60 -D "$SDA_HEADERS" -o "$SDA_BODY" -w '%{http_code}' "$@"; }\n`;
    const { stdout } = await run("bash", ["-c", wrapper + command], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        ...variables,
        SDA_HEADERS: path.join(dir, "headers"),
        SDA_BODY: path.join(dir, "body"),
      },
    });
    const headers = await readFile(path.join(dir, "headers"), "utf8");
    const text = await readFile(path.join(dir, "body"), "utf8").catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (CSV, JSON lines): compared as text
    }
    const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "";
    return { status: Number(stdout.trim()), contentType, body };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const label = (example: CurlExample & { file: string }) =>
  `${example.file}:${example.line}: ${example.command.split("\n")[0]?.slice(0, 110)}`;

test("the README has curl examples, every one of them runs or says what it needs", () => {
  const examples = steps.filter((s): s is CurlExample & { file: string } => s.kind === "curl");
  expect(examples.length).toBeGreaterThan(60);
  // Every platform of the catalog shows its examples in its package README.
  for (const platform of platforms)
    expect(
      examples.some((e) => e.file === `packages/${platform.name}/README.md`),
      `packages/${platform.name}/README.md has no ## Examples`,
    ).toBe(true);
  for (const example of examples.filter((e) => e.needs))
    expect(example.needs, label(example)).toMatch(/^needs .{20,}/);
});

test.for(
  steps.map(
    (step) =>
      [step.kind === "curl" ? label(step) : `${step.file}:${step.line}: $${step.name}`, step] as const,
  ),
)("%s", async ([, step], { stack, inbox, demoKey }) => {
  variables.KEY = demoKey;
  if (step.kind === "capture") {
    const value = previous ? valueAt(previous.body, step.path) : undefined;
    expect(value, `the ${step.path} of the answer before line ${step.line}`).toBeDefined();
    variables[step.name] = value === null ? "" : String(value);
    return;
  }
  if (step.needs) return;
  const addresses = { gateway: stack.gateway.url.replace(/\/$/, ""), inbox: inbox.url };
  const deadline = Date.now() + (step.expected.repeatUntil ? REPEAT_FOR_MS : 0);
  let answer = await runCurl(step, addresses);
  while (unmetExpectations(step.expected, answer).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await runCurl(step, addresses);
  }
  previous = answer;
  expect(unmetExpectations(step.expected, answer), JSON.stringify(answer.body).slice(0, 2000)).toEqual([]);
});
