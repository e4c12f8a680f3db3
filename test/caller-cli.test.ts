import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { holdReplies } from "./support/stack.ts";

// `sda`, the callers' CLI (packages/caller-cli), run as a user runs it: its executable in a child process, against a
// whole stack (gateway, workers, replay of the recorded corpus), the key and address from the environment or a
// config file. Caption bodies are held 1.5 s past a 300 ms deadline, so a transcript is answered 202 and waited for.

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { REQUEST_DEADLINE_MS: "300" }, replayFaults: [holdReplies("/api/timedtext", 1500)] },
);

const SDA = path.resolve(import.meta.dirname, "../packages/caller-cli/src/main.ts");
const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
const COMMENTED = "https://www.youtube.com/watch?v=xaQJbozY_Is";

/** A port nothing listens on: one the system just gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A clean environment: no SDA_* or npm_* variables, this Node first on PATH, no user config (SDA_CONFIG). */
function cliEnv(): Record<string, string | undefined> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(SDA_|npm_)/i.test(name)),
  );
  return {
    ...base,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    SDA_CONFIG: "/nonexistent/sda-config.json",
  };
}

/** `sda …args` with `env` over {@link cliEnv}. */
function sda(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const childEnv = { ...cliEnv(), ...env };
  return new Promise((resolve) => {
    execFile(SDA, args, { env: childEnv, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

// Each run is a Node process that loads the service's OpenAPI document: a few seconds on a busy machine.
describe("sda, the callers' command line", { timeout: 180_000 }, () => {
  test("--help lists the document's platforms and operations, and an operation's parameters", async ({
    stack,
  }) => {
    const env = { SDA_BASE_URL: stack.gateway.url };
    // Independent runs side by side (each is a Node process that loads the document), here and below.
    const [main, platform, operation] = await Promise.all([
      sda(["--help"], env),
      sda(["videosite", "--help"], env),
      sda(["videosite", "comments", "--help"], env),
    ]);
    expect(main.code).toBe(0);
    expect(main.stdout).toContain(`from the OpenAPI document of ${stack.gateway.url}`);
    expect(main.stdout).toMatch(/^ {2}videosite +transcript, video-details, comments/m);
    expect(main.stdout).toMatch(/^ {2}6 +upstream or retryable/m);
    expect(platform.code).toBe(0);
    expect(platform.stdout).toContain("comments  GET /v1/videosite/comments");
    expect(platform.stdout).toContain("--url <string> [--limit] [--cursor]");
    expect(operation.code).toBe(0);
    expect(operation.stdout).toContain("Usage: sda videosite comments --url <string> [options]");
    expect(operation.stdout).toMatch(/--limit +integer, optional/);
    expect(operation.stdout).toContain("**Price:** 2 credits per call");
  });

  test("a call answered 202 is waited for and printed as JSON, billed once", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const run = await sda(["videosite", "transcript", "--url", VIDEO], {
      SDA_BASE_URL: stack.gateway.url,
      SDA_API_KEY: key,
    });
    expect(run.code, run.stderr).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data.videoId).toBe("M4gD1WSo5mA");
    expect(data.segments.length).toBeGreaterThan(10);
    expect(run.stderr).toBe("");
    expect(await stack.ledger.balance(accountId)).toBe(99);
  });

  test("--all follows nextCursor until hasMore is false: 20 + 11 posts as JSON lines, each once", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const env = { SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key };
    const run = await sda(
      ["forumsite", "search", "--q", "praw oauth search", "--limit", "20", "--all", "--output", "jsonl"],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const posts = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string });
    expect(posts).toHaveLength(31);
    expect(new Set(posts.map((p) => p.id)).size).toBe(31);
    const spent = 100 - ((await stack.ledger.balance(accountId)) ?? 100);
    // --max-pages stops early: the first page only, at the same price per page.
    const one = await sda(
      [
        "forumsite",
        "search",
        "--q",
        "praw oauth search",
        "--limit",
        "20",
        "--all",
        "--max-pages",
        "1",
        "-o",
        "jsonl",
      ],
      env,
    );
    expect(one.stdout.trim().split("\n")).toHaveLength(20);
    expect(spent).toBeGreaterThan(0);
    expect(await stack.ledger.balance(accountId)).toBe(100 - spent - spent / 2);
  });

  test("csv and table output: the page's items as rows, --columns picks them", async ({ stack }) => {
    const { key } = await stack.account();
    const env = { SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key };
    const args = ["videosite", "comments", "--url", COMMENTED, "--limit", "5"];
    const json = await sda([...args, "--output", "jsonl"], env);
    const ids = json.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toHaveLength(5);

    const [csv, all, table] = await Promise.all([
      sda([...args, "--output", "csv", "--columns", "id,text"], env),
      sda([...args, "--output", "csv"], env),
      sda([...args, "--output", "table", "--columns", "id"], env),
    ]);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = parse(csv.stdout) as string[][];
    expect(rows[0]).toEqual(["id", "text"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(ids);

    const header = (parse(all.stdout) as string[][])[0] ?? [];
    expect(header).toContain("id");
    expect(header.length).toBeGreaterThan(3);

    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines[1]).toMatch(/^│ id +│$/);
    for (const id of ids) expect(table.stdout).toContain(`│ ${id}`);
  });

  test("exit codes by error class: usage 2, auth 3, credits 4, not found 5, upstream 6; nothing billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const env = { SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key };
    const expectExit = async (args: string[], code: number, message: RegExp, over = {}) => {
      const started = Date.now();
      const run = await sda(args, { ...env, ...over });
      console.log(Date.now() - started, args.join(" "));
      expect(run.code, run.stderr).toBe(code);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe("");
    };
    // Independent runs side by side (each is a Node process that loads the document); the balance after all.
    await Promise.all([
      expectExit(
        ["videosite", "comments", "--url", COMMENTED, "--bogus", "1"],
        2,
        /Unknown option '--bogus'/,
      ),
      expectExit(["videosite", "comments"], 2, /missing --url/),
      expectExit(["videosite"], 2, /^Usage: sda videosite <operation>/),
      expectExit(["videosite", "nothing"], 2, /unknown operation "videosite nothing"/),
      expectExit(["nosuchsite", "x"], 2, /unknown platform or service "nosuchsite"/),
      expectExit(["videosite", "comments", "--url", COMMENTED, "--output", "xml"], 2, /--output xml/),
      expectExit(["videosite", "video-details", "--all", "--url", VIDEO], 2, /has no cursor/),
      expectExit(
        ["videosite", "video-details", "--url", "https://www.tiktok.com/@x/video/1"],
        2,
        /^sda: unsupported_url \(HTTP 422\): .+ \[request req_/,
      ),
      expectExit(["account", "get-account"], 3, /no API key: set SDA_API_KEY/, {
        SDA_API_KEY: undefined,
      }),
      expectExit(["account", "get-account"], 3, /\(HTTP 401\)/, { SDA_API_KEY: "sda_live_not-a-key" }),
      expectExit(["jobs", "get-job", "--job-id", "job_00000000000000000000"], 5, /\(HTTP 404\)/),
      // A video the corpus never recorded: the replay's "no recording" is an upstream failure worth retrying.
      expectExit(
        ["videosite", "video-details", "--url", "https://www.youtube.com/watch?v=unrecorded0"],
        6,
        /^sda: \w+ \(HTTP 5\d\d\): /,
      ),
      expectExit(["videosite", "video-details", "--url", VIDEO], 6, /cannot reach the service/, {
        SDA_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      }),
    ]);
    expect(await stack.ledger.balance(accountId)).toBe(100);
    const broke = await stack.account(0);
    await expectExit(["videosite", "video-details", "--url", VIDEO], 4, /insufficient_credits \(HTTP 402\)/, {
      SDA_API_KEY: broke.key,
    });
  });

  test("the key and address from the config file ($SDA_CONFIG) when the environment has none", async ({
    stack,
    tempDir,
  }) => {
    const { key } = await stack.account(42);
    const config = path.join(tempDir, "config.json");
    await writeFile(config, JSON.stringify({ apiKey: key, baseUrl: stack.gateway.url }));
    const run = await sda(["account", "get-account", "--output", "json"], { SDA_CONFIG: config });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ balance: 42 });
    await writeFile(config, "{ not json");
    const broken = await sda(["account", "get-account"], { SDA_CONFIG: config });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("is not a JSON object");
  });

  test("sda mcp config <client> prints the agent's snippet for the configured address", async ({ stack }) => {
    const env = { SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: "sda_live_example" };
    const url = `${stack.gateway.url}/mcp`;
    const [cursor, withKeyRun, vscodeRun, code, unknown] = await Promise.all([
      sda(["mcp", "config", "cursor"], env),
      sda(["mcp", "config", "claude-desktop", "--with-key"], env),
      sda(["mcp", "config", "vscode"], env),
      sda(["mcp", "config", "claude-code"], env),
      sda(["mcp", "config", "notepad"], env),
    ]);
    expect(cursor.code).toBe(0);
    expect(JSON.parse(cursor.stdout)).toEqual({
      mcpServers: { "social-data": { url, headers: { Authorization: "Bearer sda_live_…" } } },
    });
    const withKey = JSON.parse(withKeyRun.stdout);
    expect(withKey.mcpServers["social-data"]).toEqual({
      command: "npx",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's literal ${SDA_AUTH}
      args: ["-y", "mcp-remote", url, "--header", "Authorization:${SDA_AUTH}"],
      env: { SDA_AUTH: "Bearer sda_live_example" },
    });
    const vscode = JSON.parse(vscodeRun.stdout);
    expect(vscode.servers["social-data"]).toMatchObject({ type: "http", url });
    expect(code.stdout).toBe(
      `claude mcp add --transport http social-data ${url} --header "Authorization: Bearer sda_live_…"\n`,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("one of claude-desktop, claude-code, cursor, vscode, generic");
  });

  test("the README's examples run as written (batches aside: they run in the serial batch files)", async ({
    stack,
    tempDir,
  }) => {
    const readme = await readFile(
      path.resolve(import.meta.dirname, "../packages/caller-cli/README.md"),
      "utf8",
    );
    const block = /## Examples\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const examples = block
      .split("\n")
      .filter((line) => line.startsWith("sda ") && !line.startsWith("sda batch "));
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const { key } = await stack.account();
    // The examples side by side: none reads what another writes.
    const runExample = async (example: string) => {
      const run = await new Promise<Run>((resolve) => {
        execFile(
          "bash",
          ["-c", `sda() { "${SDA}" "$@"; }\n${example}`],
          { cwd: tempDir, env: { ...cliEnv(), SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key } },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(run.code, `${example}\n${run.stderr}`).toBe(0);
    };
    await Promise.all(examples.map(runExample));
    expect(await readFile(path.join(tempDir, "comments.csv"), "utf8")).toMatch(/^id,/);
  });

  test.runIf(existsSync("/usr/bin/script"))(
    "in a terminal, a progress line shows on stderr while the 202 job waits, then clears",
    async ({ stack }) => {
      const { key } = await stack.account();
      const command = `${SDA} videosite transcript --url ${VIDEO} --output json`;
      const run = await new Promise<Run>((resolve) => {
        execFile(
          "/usr/bin/script",
          ["--quiet", "--return", "--command", command, "/dev/null"],
          {
            env: { ...cliEnv(), SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] job job_\w+ (queued|running): waiting for the answer/);
      expect(run.stdout).toContain("\r\x1b[2K");
      expect(run.stdout).toContain('"videoId": "M4gD1WSo5mA"');
    },
  );
});
