import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// @sda/client as a user gets it: `npm pack` of packages/client (its prepack builds dist/), the tarball installed into
// an empty folder outside the repository, then plain `node` (no TypeScript loader, no workspace) calls a running
// service with it, and `tsc` type-checks a caller against the installed declarations.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT = path.join(ROOT, "packages/client");
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc");
const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

/** The environment without npm's `npm_*` variables (set when vitest runs under `npm test`: workspace, prefix…). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, ...extra };
}

const CALLER = `import { ApiError, createClient } from "@sda/client";
const client = createClient({ baseUrl: process.env.SDA_BASE_URL, apiKey: process.env.SDA_API_KEY });
const { data, meta } = await client.call("/v1/videosite/transcript", { url: process.argv[2] });
const refused = await createClient({ baseUrl: process.env.SDA_BASE_URL, apiKey: "sda_live_not-a-key" })
  .get("/v1/account", undefined)
  .catch((error) => error);
console.log(JSON.stringify({
  videoId: data.videoId,
  segments: data.segments.length,
  credits: meta.credits,
  refused: { apiError: refused instanceof ApiError, status: refused.status, code: refused.code },
}));
`;

// Typed without narrowing: `get` resolves with the 200 answer's data; the document's 202 is its own response.
const TYPED = `import { createClient, type JobHandle, type paths } from "@sda/client";
const client = createClient({ baseUrl: "http://localhost:3000", apiKey: "sda_live_x" });
export async function videoId(url: string): Promise<string> {
  const data = await client.get("/v1/videosite/transcript", { url });
  const first: string | undefined = data.segments[0]?.text;
  return data.videoId + (first ?? "");
}
type Responses = paths["/v1/videosite/transcript"]["get"]["responses"];
export const handle: Responses[202]["content"]["application/json"]["data"] = {} as JobHandle;
export const ok: Responses[200]["content"]["application/json"]["data"]["videoId"] = "M4gD1WSo5mA";
`;

describe("the packed client, installed outside the repository", () => {
  stackTest(
    "npm pack holds only dist/; the tarball installs into an empty folder; plain node calls the service",
    { timeout: 300_000 },
    async ({ stack, tempDir }) => {
      const packed = await run("npm", ["pack", "--json", "--pack-destination", tempDir], {
        cwd: CLIENT,
        env: cleanEnv(),
        maxBuffer: 16 * 1024 * 1024,
      });
      // npm prints the JSON after the prepack script's output.
      const [pack] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[\n"))) as {
        filename: string;
        files: { path: string }[];
      }[];
      const files = (pack?.files ?? []).map((file) => file.path).sort();
      expect(files).toEqual([
        "README.md",
        "dist/index.d.ts",
        "dist/index.js",
        "dist/openapi.json",
        "package.json",
      ]);

      const consumer = path.join(tempDir, "consumer");
      await mkdir(consumer);
      await writeFile(
        path.join(consumer, "package.json"),
        JSON.stringify({ name: "consumer", private: true, type: "module" }),
      );
      await run(
        "npm",
        ["install", path.join(tempDir, pack?.filename ?? ""), "--prefer-offline", "--no-audit", "--no-fund"],
        { cwd: consumer, env: cleanEnv() },
      );

      const { key, accountId } = await stack.account();
      await writeFile(path.join(consumer, "call.mjs"), CALLER);
      const called = await run(process.execPath, ["call.mjs", VIDEO], {
        cwd: consumer,
        env: cleanEnv({ SDA_BASE_URL: stack.gateway.url, SDA_API_KEY: key }),
      });
      expect(JSON.parse(called.stdout)).toEqual({
        videoId: "M4gD1WSo5mA",
        segments: expect.any(Number),
        credits: 1,
        refused: { apiError: true, status: 401, code: expect.any(String) },
      });
      expect(JSON.parse(called.stdout).segments).toBeGreaterThan(10);
      expect(await stack.ledger.balance(accountId)).toBe(99);

      await writeFile(path.join(consumer, "typed.ts"), TYPED);
      await run(
        process.execPath,
        [
          TSC,
          "--noEmit",
          "--strict",
          "--target",
          "es2022",
          "--module",
          "nodenext",
          "--lib",
          "es2023,dom",
          // A Node project's types (standardwebhooks' declarations name Buffer), from the repository's @types/node.
          "--typeRoots",
          path.join(ROOT, "node_modules/@types"),
          "--types",
          "node",
          "typed.ts",
        ],
        { cwd: consumer, env: cleanEnv() },
      ).catch((error: { stdout?: string }) => {
        throw new Error(`the installed declarations do not type-check a caller:\n${error.stdout}`);
      });
    },
  );
});
