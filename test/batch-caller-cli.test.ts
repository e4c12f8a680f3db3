import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// Its batches on a database of its own, so it runs beside the other files (see StackOptions.ownDatabase).
const test = stackTest.extend("stackOptions", { scope: "file" }, { ownDatabase: "batch_caller_cli" });

// `sda batch submit-batch` as a user runs it in a terminal (script(1) gives it a pseudo-terminal): the batch is
// submitted, polled with a progress bar of done/total on stderr until it completes, and its final state printed;
// its results page through `sda batch get-batch-results`. Serial (vitest.config.ts): it submits a batch.

const SDA = path.resolve(import.meta.dirname, "../packages/caller-cli/src/main.ts");
const CALLS = [
  { path: "/v1/videosite/video-details", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
  { path: "/v1/forumsite/post-details", params: { url: "haucpf" } },
  { path: "/v1/forumsite/subreddit-details", params: { url: "golang" } },
];

function run(file: string, args: string[], cwd: string, env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(SDA_|npm_)/i.test(name)),
  );
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      file,
      args,
      {
        cwd,
        env: {
          ...clean,
          PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
          SDA_CONFIG: "/nonexistent/sda-config.json",
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("sda batch submit-batch", { timeout: 180_000 }, () => {
  test.runIf(existsSync("/usr/bin/script"))(
    "in a terminal: a progress bar of done/total while the batch runs, then its completed state; results page",
    async ({ stack, tempDir }) => {
      const { key } = await stack.account();
      const env = { SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key };
      await writeFile(path.join(tempDir, "calls.json"), JSON.stringify({ calls: CALLS, label: "cli" }));
      const command = `${SDA} batch submit-batch --body @calls.json`;
      const submitted = await run(
        "/usr/bin/script",
        ["--quiet", "--return", "--command", command, "/dev/null"],
        tempDir,
        env,
      );
      expect(submitted.code, submitted.stdout).toBe(0);
      expect(submitted.stdout).toMatch(/\[[#-]{20}\] [0-3]\/3 batch bat_\w+ (queued|running)/);
      const json = submitted.stdout.slice(submitted.stdout.indexOf("{"));
      const batch = JSON.parse(json.replaceAll("\r\n", "\n")) as { batchId: string };
      expect(batch).toMatchObject({ status: "completed", total: 3, done: 3, label: "cli" });

      const results = await run(
        SDA,
        ["batch", "get-batch-results", "--batch-id", batch.batchId, "-o", "jsonl"],
        tempDir,
        env,
      );
      expect(results.code, results.stderr).toBe(0);
      const rows = results.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { path: string });
      expect(rows.map((row) => row.path).sort()).toEqual(CALLS.map((call) => call.path).sort());
    },
  );
});
