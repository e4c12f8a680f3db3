import { execFile, spawn } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { databaseExists as databaseOnServer } from "@sda/ledger";
import { randomPrefix } from "@sda/testing";
import { Redis } from "ioredis";
import { describe, expect, inject, it } from "vitest";

/** Keys under `prefix:` in the machine's Redis. */
async function keysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
    maxRetriesPerRequest: 1,
  });
  try {
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== "0");
    return keys;
  } finally {
    redis.disconnect();
  }
}

/** Whether this machine's PostgreSQL server (the default DATABASE_URL's) holds a database named `name`. */
function databaseExists(name: string): Promise<boolean> {
  return databaseOnServer(`postgresql://postgres@127.0.0.1:5432/${name}`);
}

/** The demo's entry run from its TypeScript source (no build needed): `node` arguments. */
const DEMO_MAIN = ["--import", "tsx", path.resolve(import.meta.dirname, "../apps/demo/src/main.ts")];

/** Spawns a process whose stdout and stderr are collected together (`output()`); `exited` resolves to its exit code. */
function spawnCollecting(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, output: () => output, exited };
}

// `npm run demo` as a user runs it (from its TypeScript source here, so no build is needed): it migrates, starts the
// replay, a gateway and a worker, prints the demo key, serves calls, and stops cleanly on SIGTERM.
describe("npm run demo", () => {
  it("serves a transcript with the key it was given, honours QUEUE_PREFIX, and on SIGTERM stops everything and deletes its Redis keys", async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const key = `demo_test_${Date.now()}`;
    const prefix = randomPrefix("demo");
    const { child, output, exited } = spawnCollecting(process.execPath, DEMO_MAIN, {
      env: {
        ...process.env,
        PORT: String(port),
        DEMO_API_KEY: key,
        DATABASE_URL: inject("databaseUrl"),
        LOG_LEVEL: "warn",
        QUEUE_PREFIX: prefix,
        DEMO_INBOX_PORT: "0",
      },
    });
    await expect.poll(output, { timeout: 60_000, interval: 200 }).toContain("Ctrl-C stops everything");
    expect(output()).toContain(key);
    const response = await fetch(
      `http://127.0.0.1:${port}/v1/videosite/transcript?url=https://www.youtube.com/watch?v=M4gD1WSo5mA`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-service-credits")).toBe("1");
    // issue 27: the banner's monitor example, run as printed, delivers the video's comments to the demo's inbox.
    const banner = output();
    const inbox = /Webhook inbox[^\n]*?(http:\/\/127\.0\.0\.1:\d+)\//.exec(banner)?.[1];
    const example = /^ {2}curl -X POST [^\n]*\/v1\/monitors"[^\n]*\\\n[^\n]*\n/m.exec(banner)?.[0];
    expect(inbox && example, banner).toBeTruthy();
    const created = await promisify(execFile)("bash", ["-c", example ?? ""], {
      env: { ...process.env, KEY: key },
    });
    expect(JSON.parse(created.stdout)).toMatchObject({
      success: true,
      data: { kind: "items", status: "active" },
    });
    await expect
      .poll(async () => ((await (await fetch(`${inbox}/`)).json()) as { deliveries: unknown[] }).deliveries, {
        timeout: 30_000,
        interval: 250,
      })
      .toContainEqual(
        expect.objectContaining({
          type: "monitor.items",
          path: "/hooks/demo",
          webhookId: expect.any(String),
        }),
      );
    // issue 9, fault 7: the demo ignored QUEUE_PREFIX and left 2,000+ keys without TTL behind.
    expect((await keysUnder(prefix)).length).toBeGreaterThan(0);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await keysUnder(prefix)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);

  it("names the server that is down and how to start it, without a stack trace", async () => {
    const { output, exited } = spawnCollecting(process.execPath, DEMO_MAIN, {
      env: {
        ...process.env,
        REDIS_URL: "redis://127.0.0.1:1",
        DATABASE_URL: inject("databaseUrl"),
        DEMO_INBOX_PORT: "0",
      },
    });
    expect(await exited).toBe(1);
    expect(output()).toContain("Redis is not answering at redis://127.0.0.1:1");
    expect(output()).toContain("bash scripts/services.sh start");
    expect(output()).not.toContain("PostgreSQL is not answering");
    expect(output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it("`npm run demo` refuses a busy port at once, before its build", async () => {
    const busy = createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => busy.once("listening", resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const { output, exited } = spawnCollecting("npm", ["run", "demo"], {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, PORT: "0", DEMO_INBOX_PORT: String(port) },
      });
      expect(await exited).toBe(1);
      expect(output()).toContain(`port ${port} (DEMO_INBOX_PORT) cannot be used: EADDRINUSE`);
      expect(output()).not.toContain("built the processes");
    } finally {
      busy.close();
    }
  }, 30_000);

  it("`npm run demo` itself (build included) runs on a database of its own, and stops every process and drops that database when npm gets SIGTERM", async () => {
    const port = 3800 + Math.floor(Math.random() * 90);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: "warn",
      DEMO_INBOX_PORT: "0",
    };
    // No DATABASE_URL: the demo makes its own database on the default server instead of the service's `sda`.
    delete env.DATABASE_URL;
    const { child, output, exited } = spawnCollecting("npm", ["run", "demo"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env,
    });
    await expect.poll(output, { timeout: 90_000, interval: 250 }).toContain("Ctrl-C stops everything");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const database = /Database: {2}(sda_demo_\w+) \(the demo's own, dropped on exit\)/.exec(output())?.[1];
    expect(database, output()).toBeTruthy();
    expect(await databaseExists(database ?? "")).toBe(true);
    child.kill("SIGTERM");
    await exited;
    await expect.poll(() => databaseExists(database ?? ""), { timeout: 20_000 }).toBe(false);
    // The gateway (a grandchild of npm) must be gone too, not orphaned.
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => "up",
            () => "down",
          ),
        { timeout: 20_000 },
      )
      .toBe("down");
  }, 150_000);
});
