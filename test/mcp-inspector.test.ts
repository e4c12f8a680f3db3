import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { stackTest as test } from "./support/fixtures.ts";

// The README's MCP Inspector command (issue 39: on Node 20 npx picked inspector 0.15.0, which has no --header), run as
// written through bash and npx against this file's stack: the README's address and key replaced by the stack's, and
// nothing else. npx fetches the inspector from the registry the first time (npm's cache after that).

const README = path.resolve(import.meta.dirname, "../README.md");

/** The README's inspector command: the `npx @modelcontextprotocol/inspector` line and its `\` continuations. */
function inspectorCommand(): string {
  const lines = readFileSync(README, "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith("npx @modelcontextprotocol/inspector "));
  if (start < 0) throw new Error("README.md has no `npx @modelcontextprotocol/inspector` command");
  const parts: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? "";
    parts.push(line);
    if (!line.trimEnd().endsWith("\\")) break;
  }
  return parts.join("\n");
}

test("the README's MCP Inspector command lists the tools of the gateway", async ({ stack }) => {
  const { key } = await stack.account(1);
  const command = inspectorCommand()
    .replace("http://localhost:3000/mcp", `${stack.gateway.url.replace(/\/$/, "")}/mcp`)
    .replace("sda_live_…", key);
  expect(command).toContain("--header");
  const { stdout } = await promisify(execFile)("bash", ["-c", `npx -y ${command.slice("npx ".length)}`], {
    env: { ...process.env, NO_UPDATE_NOTIFIER: "1" },
    maxBuffer: 32 * 1024 * 1024,
    timeout: 170_000,
  });
  const { tools } = JSON.parse(stdout) as { tools: { name: string }[] };
  expect(tools.map((tool) => tool.name)).toContain("videosite_transcript");
  expect(tools.length).toBeGreaterThan(stack.gateway.deps.registry.operations.length);
}, 180_000);
