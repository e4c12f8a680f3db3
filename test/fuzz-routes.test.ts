import type { ErrorCodeTable } from "@sda/core";
import { errorCodes } from "@sda/services";
import { expectLedgerReconciled } from "@sda/testing";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { Browser } from "./support/browser.ts";
import { stackTest } from "./support/fixtures.ts";
import {
  deepBody,
  hostileJson,
  hostileString,
  type RouteDoc,
  validBody,
  validQuery,
  withOneHostilePart,
} from "./support/fuzz-inputs.ts";
import { ledgerSum } from "./support/ledger.ts";
import { createOwnDatabase } from "./support/own-database.ts";

// Issue 21 #4: property-based fuzzing of every route — the registry's operations and the group routes as
// /v1/openapi.json lists them (Account, Batch, History, Monitors, Jobs, Utilities, Status), and the dashboard — with
// hostile path ids, query strings and JSON bodies. No worker runs: nothing can be billed, and a valid call waits out a
// 50 ms deadline (202). Every answer must be below 500 (or 502/503/504 from an upstream or a store), in the envelope,
// and the account's balance must end where it started. Most requests are VALID ones with one hostile part (one field
// of a valid body, one parameter of a valid query), so the hostile part is what is tested, not a body refused for
// something else first. Seeded and bounded (~1,000 requests); FUZZ_SEED=<n> FUZZ_RUNS=<runs per route> reproduce a
// failure (fast-check prints the seed and path) or fuzz longer.
/** The composed code table, read by any code an answer carries: every error answers its code's status. */
const codeTable: ErrorCodeTable = errorCodes;
const SEED = envInt("FUZZ_SEED", 20_261_126);
const RUNS_PER_ROUTE = envInt("FUZZ_RUNS", 6);
const CREDITS = 1_000_000;

/** A whole number from the environment, or `fallback` when unset. @throws for a value that is not one. */
function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^-?\d+$/.test(raw)) throw new Error(`${name} must be a whole number, not ${raw}`);
  return Number(raw);
}

// The batches this file submits (accepted bodies with one hostile part) are never run here; on the run's shared
// database every other stack's batch sweeper would take their items over and bill them (batches carry no deployment
// prefix), during this file and after it. So its stack has a database of its own, dropped after the file.
const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("ownDatabase", { scope: "file" }, async ({}, { onCleanup }) => {
    const database = await createOwnDatabase("fuzz");
    onCleanup(() => database.drop());
    return database;
  })
  .extend("stackOptions", { scope: "file" }, ({ ownDatabase }) => ({
    workers: "none" as const,
    env: {
      DATABASE_URL: ownDatabase.url,
      REQUEST_DEADLINE_MS: "50",
      RATE_LIMIT_PER_SECOND: "100000",
      DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS: "100000",
      PLAN_MAX_MONITORS: "100000",
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    },
  }));

/** Every route of /v1/openapi.json with its parameter and body property names. */
async function documentedRoutes(baseUrl: string): Promise<RouteDoc[]> {
  const doc = (await (await fetch(`${baseUrl}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const routes: RouteDoc[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (!["get", "post", "patch", "delete"].includes(method)) continue;
      const parameters = (op.parameters ?? []) as { name: string; in: string }[];
      const schema = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
        ?.content?.["application/json"]?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((p) => p.in === "query").map((p) => p.name),
        body: op.requestBody ? Object.keys(schema?.properties ?? {}) : null,
      });
    }
  return routes;
}

/** Percent-encodes the UTF-8 bytes of `text` (an unpaired surrogate becomes U+FFFD, as any client sends it). */
const encodeSegment = (text: string) =>
  [...new TextEncoder().encode(text)]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** A path id: encoded, or sent with its `%` raw so malformed escapes reach the router's decoding. */
const pathId = fc
  .tuple(hostileString, fc.boolean())
  .map(([id, raw]) => (raw ? id.replace(/[^A-Za-z0-9%_.-]/g, "") || "%" : encodeSegment(id)));

function bodyFor(route: RouteDoc) {
  const shaped = fc.record(
    Object.fromEntries(
      (route.body ?? []).map((name) => [
        name,
        fc.option(
          name === "calls"
            ? fc.array(
                fc.record({
                  path: fc.oneof(
                    hostileString,
                    fc.constantFrom("/v1/photosite/post-details", "/v1/videosite/transcript"),
                  ),
                  params: fc.dictionary(
                    fc.oneof(hostileString, fc.constantFrom("url", "limit")),
                    hostileJson,
                    {
                      maxKeys: 3,
                    },
                  ),
                  extra: fc.option(hostileString, { nil: undefined }),
                }),
                { maxLength: 3 },
              )
            : name === "schedule"
              ? fc.record({ every: hostileString })
              : hostileJson,
          { nil: undefined, freq: 4 },
        ),
      ]),
    ),
  );
  const valid = validBody(route);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: withOneHostilePart(
        valid,
        fc.oneof({ weight: 3, arbitrary: hostileString }, hostileJson),
      ).map((b) => JSON.stringify(b)),
    },
    { weight: 2, arbitrary: shaped.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: hostileJson.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: deepBody },
    { weight: 1, arbitrary: hostileString },
  );
}

function expectEnvelope(where: string, response: Response, text: string) {
  expect(response.status === 500 || response.status > 504, where).toBe(false);
  expect(response.headers.get("content-type"), where).toContain("application/json");
  const body = JSON.parse(text);
  if (response.status >= 400) {
    expect(body.success, where).toBe(false);
    expect(codeTable[body.error.code]?.status, where).toBe(response.status);
    expect(typeof body.error.retryable, where).toBe("boolean");
    expect(body.error.requestId, where).toBe(response.headers.get("x-service-request-id"));
  } else expect(body.success, where).toBe(true);
  expect(response.headers.get("x-service-credits") ?? "0", where).toBe("0");
}

describe("fuzzing every route: registry, groups and the dashboard", () => {
  test("hostile ids, queries and bodies: no 5xx but 502/503/504, every error in the envelope, nothing billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(CREDITS);
    const routes = await documentedRoutes(stack.gateway.url);
    // Jobs is a fixed route outside the document's groups when it is not listed there.
    if (!routes.some((r) => r.path === "/v1/jobs/{jobId}"))
      routes.push({ method: "GET", path: "/v1/jobs/{jobId}", query: [], body: null });
    expect(routes.length).toBeGreaterThan(40);
    for (const group of [
      "/v1/account",
      "/v1/batch",
      "/v1/history",
      "/v1/monitors",
      "/v1/utilities",
      "/v1/status",
    ])
      expect(
        routes.some((r) => r.path.startsWith(group)),
        group,
      ).toBe(true);

    // Real ids beside hostile ones, so a hostile body or query of a sub-route reaches a resource that exists.
    const created = await Promise.all(
      ["POST /v1/monitors", "POST /v1/batch"].map(async (route) => {
        const [method, path] = route.split(" ") as [string, string];
        const response = await fetch(`${stack.gateway.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(validBody({ method, path, query: [], body: [] })),
        });
        const body = (await response.json()) as { data?: { id?: string; batchId?: string } };
        expect(response.status, `${route}: ${JSON.stringify(body)}`).toBeLessThan(300);
        return body.data?.id ?? body.data?.batchId ?? "";
      }),
    );
    const anyId = fc.oneof({ weight: 2, arbitrary: pathId }, fc.constantFrom(...created));

    for (const route of routes) {
      const ids = (route.path.match(/\{\w+\}/g) ?? []).length;
      const run = fc.record({
        ids: fc.array(anyId, { minLength: ids, maxLength: ids }),
        query: fc.oneof(
          { weight: 3, arbitrary: withOneHostilePart(validQuery(route), hostileString) },
          fc.dictionary(
            fc.oneof(fc.constantFrom(...(route.query.length ? route.query : ["foo"])), hostileString),
            hostileString,
            { maxKeys: 3 },
          ),
        ),
        body: route.body ? fc.option(bodyFor(route), { nil: undefined, freq: 8 }) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(run, async ({ ids: values, query, body }) => {
          let i = 0;
          const path = route.path.replace(/\{\w+\}/g, () => values[i++] ?? "x");
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const response = await fetch(`${stack.gateway.url}${path}${qs ? `?${qs}` : ""}`, {
            method: route.method,
            headers: {
              authorization: `Bearer ${key}`,
              ...(body === undefined ? {} : { "content-type": "application/json" }),
            },
            ...(body === undefined ? {} : { body }),
          });
          const text = await response.text();
          expectEnvelope(
            `${route.method} ${path}?${qs.slice(0, 200)} ${String(body).slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`,
            response,
            text,
          );
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }

    // The dashboard, signed in: its pages and forms with hostile fields (every form carries the session's token).
    const browser = new Browser(stack.gateway.url, { "x-forwarded-for": "198.51.100.77" });
    await browser.request("/dashboard/sign-up");
    const email = `fuzz${Date.now()}@example.com`;
    expect(
      (await browser.post("/dashboard/sign-up", { email, password: "correct horse battery" })).status,
    ).toBe(303);
    await browser.request("/dashboard/keys");
    const pages = [
      "/dashboard/keys",
      "/dashboard/usage",
      "/dashboard/ledger",
      "/dashboard/sign-in",
      "/dashboard/",
    ];
    const form = fc.record({
      page: fc.constantFrom(...pages),
      query: fc.dictionary(
        fc.oneof(fc.constantFrom("from", "to", "status", "operation", "cursor", "days"), hostileString),
        hostileString,
        { maxKeys: 3 },
      ),
      target: fc.constantFrom("keys", "revoke", "sign-in", "sign-up"),
      id: pathId,
      value: hostileString,
    });
    await fc.assert(
      fc.asyncProperty(form, async ({ page, query, target, id, value }) => {
        const qs = new URLSearchParams(query).toString();
        const got = await browser.request(`${page}?${qs}`);
        expect([500, 505].includes(got.status) || got.status > 504, `GET ${page}?${qs} → ${got.status}`).toBe(
          false,
        );
        const posted =
          target === "keys"
            ? await browser.post("/dashboard/keys", { name: value })
            : target === "revoke"
              ? await browser.post(`/dashboard/keys/${id}/revoke`, {})
              : await browser.post(`/dashboard/${target}`, { email: value, password: value });
        expect(
          posted.status === 500 || posted.status > 504,
          `POST ${target} ${JSON.stringify(value).slice(0, 100)} ${id.slice(0, 100)} → ${posted.status}`,
        ).toBe(false);
        // A sign-in post may replace the session (a new CSRF token): read the next page's token.
        if (target.startsWith("sign")) await browser.request("/dashboard/sign-in");
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE * 10, endOnFailure: true },
    );

    await stack.gateway.deps.requestLog.flush();
    expect(await stack.ledger.balance(accountId)).toBe(CREDITS);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(CREDITS);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  }, 240_000);
});
