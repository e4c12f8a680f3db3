import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { platforms } from "@sda/catalog";
import { createPrismaClient, Ledger } from "@sda/ledger";
import { loadServiceEnv } from "@sda/services/env";
import { deleteKeysWithPrefix, startReplay, testEnv } from "@sda/testing";
import { generateWebhookSecret, WebhookClient, webhookConfigFromEnv } from "@sda/webhooks";
import { Redis } from "ioredis";
import { test as base, describe, expect } from "vitest";
import { REFUSED_EXAMPLES, REFUSED_NAMES } from "../packages/netguard/test/examples.ts";
import { startReceiver } from "../packages/webhooks/test/receiver.ts";
import { ledgerSum } from "./support/ledger.ts";

// Issue 21 #1: the security suites ran from the sources while the built service loaded other library versions
// (apps/*/dist resolved Express's ipaddr.js 1.9.1, which let 198.18.0.1 through). This file builds the gateway and
// worker as they ship (`npm run build`, into a folder of this run's own), starts the dist processes, and runs the SSRF, auth and signing checks
// against them over HTTP and through the queue.
const ROOT = path.resolve(import.meta.dirname, "..");
const APPS = ["gateway", "worker"] as const;
const RECEIVER_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const AUTH_BUDGET = 5;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/**
 * The build's folder of this run, beside each app's `dist` (`apps/<app>/dist-test-<pid>`): the same depth, so the
 * bundle resolves node_modules exactly as `dist` does, while a build elsewhere in the run (the demo's) rewrites
 * `dist` without touching the processes started here — the file runs beside the others.
 */
const OUT_DIR = `dist-test-${process.pid}`;
const built = (app: string, ...rest: string[]) => path.join(ROOT, `apps/${app}`, OUT_DIR, ...rest);

// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
const test = base.extend("dist", { scope: "file" }, async ({}, { onCleanup }) => {
  const removeBuilds = () => {
    for (const app of APPS) rmSync(built(app), { recursive: true, force: true });
  };
  try {
    execFileSync(
      "npm",
      ["run", "build", ...APPS.flatMap((app) => ["--workspace", `@sda/${app}`]), "--", "--out-dir", OUT_DIR],
      { cwd: ROOT, stdio: "pipe" },
    );
  } catch (error) {
    removeBuilds();
    throw error;
  }
  const replay = await startReplay(platforms);
  const receiver = await startReceiver(RECEIVER_SECRET);
  const port = await freePort();
  const env = testEnv(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      // The receiver is on 127.0.0.1: that one literal is allowlisted, every other special address stays refused.
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      AUTH_RATE_LIMIT_PER_SECOND: "1",
      AUTH_RATE_LIMIT_WINDOW_SECONDS: String(AUTH_BUDGET),
    },
    replay,
  );
  const children = APPS.map((app) =>
    spawn(process.execPath, [built(app, "main.js")], {
      cwd: path.join(ROOT, `apps/${app}`),
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const prisma = createPrismaClient(env.DATABASE_URL ?? "", 2);
  const redis = new Redis(env.REDIS_URL ?? "", { maxRetriesPerRequest: null });
  onCleanup(async () => {
    for (const child of children) await stop(child);
    removeBuilds();
    await replay.close();
    await receiver.close();
    redis.disconnect();
    await prisma.$disconnect();
    await deleteKeysWithPrefix(env.REDIS_URL ?? "", env.QUEUE_PREFIX ?? "");
  });
  await expect
    .poll(
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000, interval: 100 },
    )
    .toBe(200);
  const ledger = new Ledger(prisma);
  return {
    url,
    env,
    replay,
    ledger,
    prisma,
    redis,
    receiver,
    async account(credits = 100) {
      const account = await ledger.createAccount({ name: "dist", grant: credits });
      const key = await ledger.createApiKey(account.id);
      return { accountId: account.id, key: key.secret };
    },
    async call(method: string, p: string, headers: Record<string, string>, body?: unknown) {
      const response = await fetch(`${url}${p}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
      return { status: response.status, body: (await response.json()) as any };
    },
  };
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const ONE_CALL = [{ path: "/v1/videosite/video-details", params: { url: "https://youtu.be/M4gD1WSo5mA" } }];

describe("the built processes (apps/*/dist) hold the security rules their sources are tested for", () => {
  test("the bundles load no third-party package that a workspace library gets in a version of its own", async ({
    dist,
  }) => {
    expect(dist.url).toMatch(/^http/);
    const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, unknown>;
    };
    const nested = Object.keys(lock.packages)
      .map(
        (location) => /^(?:packages|tooling)\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(location)?.[1],
      )
      .filter((name): name is string => name !== undefined);
    expect(nested).toEqual(expect.arrayContaining(["ipaddr.js"]));
    for (const app of APPS)
      for (const file of readdirSync(built(app)).filter((f) => f.endsWith(".js"))) {
        const source = readFileSync(built(app, file), "utf8");
        for (const name of nested)
          expect(source, `apps/${app}/dist/${file} imports ${name} from the root`).not.toMatch(
            new RegExp(`from ["']${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(/[^"']*)?["']`),
          );
      }
  });

  test("SSRF table: the dist gateway refuses a webhook URL in every special-purpose block, nothing stored or charged", async ({
    dist,
  }) => {
    const { key, accountId } = await dist.account();
    const literals = REFUSED_EXAMPLES.filter(
      ([address]) => address !== "127.0.0.1" && address !== "not-an-ip" && !address.includes("%"),
    );
    for (const [address, what] of literals) {
      const host = address.includes(":") ? `[${address}]` : address;
      const r = await dist.call("POST", "/v1/batch", bearer(key), {
        webhookUrl: `https://${host}/h`,
        calls: ONE_CALL,
      });
      expect([address, r.status, r.body.error?.code]).toEqual([address, 400, "invalid_webhook_url"]);
      expect(r.body.error.reason, address).toContain(what);
    }
    // The probe's case on the monitor routes too.
    const monitor = await dist.call("POST", "/v1/monitors", bearer(key), {
      path: "/v1/forumsite/subreddit-posts",
      params: { url: "popular" },
      schedule: { every: "1d" },
      webhookUrl: "https://198.18.0.1/h",
    });
    expect([monitor.status, monitor.body.error?.reason]).toEqual([
      400,
      "198.18.0.1 is benchmarking (198.18.0.0/15)",
    ]);
    expect(await dist.prisma.batch.count({ where: { accountId } })).toBe(0);
    expect(await dist.ledger.balance(accountId)).toBe(100);
    expect(await ledgerSum(dist.ledger, accountId)).toBe(100);
  });

  test("one host policy: the dist gateway refuses the probe's host names (trailing dot, ideographic dot) as Mastodon instances and as webhook hosts, nothing charged or fetched", async ({
    dist,
  }) => {
    // Issue 34 #3: `metadata.google.internal.`, `printer.local.`, `x.onion.`, `a.test.`, `foo.local。` were billed.
    const { key, accountId } = await dist.account();
    const hits = dist.replay.hits.length;
    const names = REFUSED_NAMES.filter(([name]) => URL.canParse(`https://${name}/`));
    for (const probe of [
      "metadata.google.internal.",
      "printer.local.",
      "x.onion.",
      "a.test.",
      "foo.local\u3002",
    ])
      expect(names.map(([name]) => name)).toContain(probe);
    for (const [name, reason] of names) {
      const instance = await dist.call(
        "GET",
        `/v1/fedisite/profile?url=${encodeURIComponent(`https://${name}/@admin`)}`,
        bearer(key),
      );
      expect([name, instance.status, instance.body.error?.code, instance.body.error?.reason]).toEqual([
        name,
        422,
        "instance_not_allowed",
        reason,
      ]);
      const webhook = await dist.call("POST", "/v1/batch", bearer(key), {
        webhookUrl: `https://${name}/h`,
        calls: ONE_CALL,
      });
      expect([name, webhook.status, webhook.body.error?.code, webhook.body.error?.reason]).toEqual([
        name,
        400,
        "invalid_webhook_url",
        reason,
      ]);
    }
    expect(dist.replay.hits.length).toBe(hits);
    expect(await dist.prisma.batch.count({ where: { accountId } })).toBe(0);
    expect(await dist.ledger.balance(accountId)).toBe(100);
    expect(await ledgerSum(dist.ledger, accountId)).toBe(100);
  });

  test("the dist worker refuses, at connect time, a delivery whose host resolves to loopback; nothing reaches it", async ({
    dist,
  }) => {
    const { accountId } = await dist.account();
    // Enqueued from the sources with `localhost` allowlisted, as a row accepted before a rule changed would be; the
    // dist worker has no such allowlist entry.
    const client = new WebhookClient({
      connection: dist.redis,
      prefix: dist.env.QUEUE_PREFIX ?? "",
      prisma: dist.prisma,
      config: webhookConfigFromEnv(loadServiceEnv(dist.env), { allowedHosts: ["localhost"] }),
    });
    const id = await client.enqueueDelivery({
      owner: { kind: "batch", id: "batch_dist_refused" },
      accountId,
      url: dist.receiver.url("/hooks/rebound").replace("127.0.0.1", "localhost"),
      secret: generateWebhookSecret(),
      eventType: "batch.completed",
      payload: { type: "batch.completed" },
    });
    await client.close();
    await expect
      .poll(async () => (await client.getDelivery(id))?.attempts[0]?.error, {
        timeout: 30_000,
        interval: 100,
      })
      .toMatch(
        /^refused: localhost resolves to (127\.0\.0\.1|::1), which is loopback \((127\.0\.0\.0\/8|::1\/128)\)$/,
      );
    expect(dist.receiver.requests.filter((r) => r.path === "/hooks/rebound")).toEqual([]);
  });

  test("the dist worker signs a batch.completed webhook that standardwebhooks verifies", async ({ dist }) => {
    const { key } = await dist.account();
    const submitted = await dist.call("POST", "/v1/batch", bearer(key), {
      webhookUrl: dist.receiver.url("/hooks/dist-signed"),
      calls: ONE_CALL,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    dist.receiver.state.secret = submitted.body.data.webhookSecret;
    await expect
      .poll(() => dist.receiver.requests.filter((r) => r.path === "/hooks/dist-signed").length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(1);
    const [delivered] = dist.receiver.requests.filter((r) => r.path === "/hooks/dist-signed");
    expect(delivered?.verified).toBe(true);
    expect(JSON.parse(delivered?.body ?? "{}")).toMatchObject({
      type: "batch.completed",
      batchId: submitted.body.data.batchId,
    });
  });

  test("auth on the dist gateway: missing, malformed and bad keys refused; a valid key under a flood from its address is always served", async ({
    dist,
  }) => {
    const { key } = await dist.account();
    const from = { "x-forwarded-for": "203.0.113.30" };
    expect((await dist.call("GET", "/v1/account", from)).body.error.code).toBe("missing_api_key");
    const malformed = await dist.call("GET", "/v1/account", {
      ...from,
      "x-api-key": key,
      authorization: "Basic Zm9vOmJhcg==",
    });
    expect([malformed.status, malformed.body.error.code]).toEqual([401, "invalid_api_key"]);
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        dist.call("GET", "/v1/account", { ...from, ...bearer(i % 2 ? `sda_live_flood${i}` : key) }),
      ),
    );
    expect(flood.filter((_, i) => i % 2 === 0).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(flood.filter((_, i) => i % 2 === 1).every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });
});
