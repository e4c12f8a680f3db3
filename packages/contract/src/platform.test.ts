import { CORE_ERROR_CODES, composeErrorCodes, errorsOf, ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { itemsAt } from "./monitor-rule.ts";
import { defineOperationSpec, type OperationContext } from "./operation.ts";
import { withHandler } from "./operation-entry.ts";
import {
  createCatalog,
  definePlatform,
  matchesHost,
  type PlatformSpec,
  platformErrorCodes,
} from "./platform.ts";
import { fixed } from "./price.ts";

const itemSpec = defineOperationSpec({
  name: "item-details",
  summary: "One item.",
  params: z.object({ id: z.string() }),
  output: z.object({ id: z.string(), token: z.string().nullable() }),
  price: fixed(1),
  cache: { mode: "optIn" },
});
const mediaSpec = defineOperationSpec({
  name: "media",
  summary: "Media of an item.",
  params: z.object({ id: z.string(), limit: z.coerce.number().default(5) }),
  output: z.object({ limit: z.int() }),
  errors: ["duration_too_long"],
  price: fixed(2),
  cache: { mode: "none" },
  queue: "audio",
});
/** An operation's line whose handler these tests never run. */
const unrun = async () => {
  throw new Error("not run in this test");
};
const item = withHandler(itemSpec, unrun);
const media = withHandler(mediaSpec, unrun);
const exampleSite = definePlatform({
  name: "examplesite",
  hosts: ["www.example.com", "*.cdn.example.com"],
  env: z.object({ EXAMPLESITE_TOKEN: z.string().default("t") }),
  errorCodes: { item_gone: { status: 404, retryable: false } },
  queues: ["audio"],
  operations: [item, media],
});

describe("definePlatform", () => {
  it("derives id, path, tag and queue from the platform and the operation name", () => {
    expect(exampleSite.operations[0]).toMatchObject({
      id: "examplesite.item-details",
      method: "GET",
      path: "/v1/examplesite/item-details",
      tag: "examplesite",
      queue: "examplesite",
    });
    expect(exampleSite.operations[1]).toMatchObject({ id: "examplesite.media", queue: "audio" });
    expect(exampleSite.queues).toEqual(["examplesite", "audio"]);
    expect(exampleSite.originVariable).toBe("EXAMPLESITE_ORIGIN");
  });

  it("closes each operation's error codes: the call codes, the platform's own, the operation's declared ones", () => {
    const [itemOp, mediaOp] = exampleSite.operations;
    expect(itemOp.errorCodes).toEqual(
      expect.arrayContaining(["invalid_api_key", "upstream_error", "item_gone"]),
    );
    expect(itemOp.errorCodes).not.toContain("duration_too_long");
    expect(mediaOp.errorCodes).toContain("duration_too_long");
    expect(new Set(mediaOp.errorCodes).size).toBe(mediaOp.errorCodes.length);
  });

  it("keeps its error codes as given; the wiring composes them with core's, one status per code", () => {
    expect(exampleSite.errorCodes).toEqual({ item_gone: { status: 404, retryable: false } });
    // What the wiring (`@sda/services`) does with a catalog's platforms, besides the features' tables.
    const compose = (platforms: readonly PlatformSpec[]) => composeErrorCodes(platformErrorCodes(platforms));
    const composed = compose([exampleSite]);
    expect(composed.item_gone).toEqual({ status: 404, retryable: false });
    expect(composed.invalid_api_key).toEqual(CORE_ERROR_CODES.invalid_api_key);
    const same = definePlatform({
      name: "samesite",
      hosts: [],
      errorCodes: { item_gone: { status: 404, retryable: false } },
      operations: [],
    });
    expect(compose([exampleSite, same]).item_gone).toEqual({
      status: 404,
      retryable: false,
    });
    const other = definePlatform({
      name: "othersite",
      hosts: [],
      errorCodes: { item_gone: { status: 410, retryable: false } },
      operations: [],
    });
    expect(() => compose([exampleSite, other])).toThrow(/already declared by examplesite as 404/);
    const againstCore = definePlatform({
      name: "coresite",
      hosts: [],
      errorCodes: { invalid_api_key: { status: 400, retryable: false } },
      operations: [],
    });
    expect(() => compose([againstCore])).toThrow(/"invalid_api_key" is already declared by core as 401/);
    const badName = definePlatform({
      name: "casesite",
      hosts: [],
      errorCodes: { ItemGone: { status: 404, retryable: false } },
      operations: [],
    });
    expect(() => compose([badName])).toThrow(/"ItemGone" is not snake_case/);
  });

  it("makes errors of its codes carrying their status (no lookup at construction), read back from a job as given", () => {
    const fail = errorsOf(exampleSite.errorCodes as { item_gone: { status: 404; retryable: false } });
    const error = fail("item_gone", "no such item");
    expect(error).toMatchObject({ code: "item_gone", status: 404, retryable: false });
    expect(error.toJSON()).toMatchObject({ code: "item_gone", status: 404 });
    expect(ServiceError.fromJSON(error.toJSON())).toMatchObject({ code: "item_gone", status: 404 });
    // A result written before errors carried their status: its code's in the given table, core's, else 500.
    const { status: _, ...old } = error.toJSON();
    expect(ServiceError.fromJSON(old, composeErrorCodes(platformErrorCodes([exampleSite]))).status).toBe(404);
    expect(ServiceError.fromJSON({ ...old, code: "post_not_found" }).status).toBe(404);
    const unknown: string[] = [];
    expect(ServiceError.fromJSON(old, undefined, (code) => unknown.push(code)).status).toBe(500);
    expect(unknown).toEqual(["item_gone"]);
    // @ts-expect-error core's constructor takes only core's codes (a platform's goes through errorsOf)
    expect(() => new ServiceError("item_gone", "x")).toThrow(/not one of core's error codes/);
  });

  it("refuses an operation's declared error that neither its platform nor core declares", () => {
    const typo = withHandler(defineOperationSpec({ ...mediaSpec, errors: ["duration_too_lng"] }), unrun);
    expect(() =>
      definePlatform({ name: "typosite", hosts: [], queues: ["audio"], operations: [typo] }),
    ).toThrow(/error "duration_too_lng" is neither one of its platform's codes nor core's/);
  });

  it("takes a shared pipeline's codes as its table, in the table's order, and refuses one that contradicts core's", () => {
    const pipeline = { clip_failed: { status: 502, retryable: true } } as const;
    const clip = withHandler(defineOperationSpec({ ...mediaSpec, errors: pipeline }), unrun);
    const [op] = definePlatform({
      name: "clipsite",
      hosts: [],
      queues: ["audio"],
      operations: [clip],
    }).operations;
    expect(op.errorCodes.slice(-1)).toEqual(["clip_failed"]);
    const wrong = { duration_too_long: { status: 422, retryable: false } } as const;
    const contradicting = withHandler(defineOperationSpec({ ...mediaSpec, errors: wrong }), unrun);
    expect(() =>
      definePlatform({ name: "wrongsite", hosts: [], queues: ["audio"], operations: [contradicting] }),
    ).toThrow(
      /error "duration_too_long" is declared as 400 \(retryable false\); its errors table cannot make it 422/,
    );
  });

  it("refuses env variables outside its prefix and queues it did not list", () => {
    expect(() =>
      definePlatform({ name: "badsite", hosts: [], env: z.object({ TOKEN: z.string() }), operations: [] }),
    ).toThrow(/must be named BADSITE_/);
    expect(() => definePlatform({ name: "badsite", hosts: [], operations: [media] })).toThrow(
      /queue "audio" is not one of the platform's queues/,
    );
  });

  it("declares hosts its callers choose with a refusal code of its own (callerHosts)", () => {
    const open = definePlatform({
      name: "opensite",
      hosts: [],
      errorCodes: { host_refused: { status: 422, retryable: false } },
      callerHosts: { refusedCode: "host_refused" },
      operations: [],
    });
    expect(open.callerHosts).toEqual({
      refusedCode: "host_refused",
      refused: { status: 422, retryable: false },
    });
    expect(
      definePlatform({ name: "fixedsite", hosts: ["a.example"], operations: [] }).callerHosts,
    ).toBeNull();
    expect(() =>
      definePlatform({ name: "badsite", hosts: [], callerHosts: { refusedCode: "nope" }, operations: [] }),
    ).toThrow(/refusedCode "nope" is not one of its error codes/);
  });
});

describe("a platform's own declarations: recording rule, monitor rules, canaries", () => {
  const declared = definePlatform({
    name: "declaredsite",
    hosts: ["api.declared.example"],
    recording: { path: { stripTrailingSlash: true }, volatileQuery: ["ts"] },
    monitors: { media: itemsAt("items") },
    canaries: [{ operation: "item-details", params: { id: "1" } }],
    operations: [item, { ...media, queue: undefined }],
  });

  it("keeps the recording rule as declared, and keys monitor rules and canaries by operation id", () => {
    expect(declared.recording).toEqual({ path: { stripTrailingSlash: true }, volatileQuery: ["ts"] });
    expect(Object.keys(declared.monitors)).toEqual(["declaredsite.media"]);
    expect(declared.canaries).toEqual([{ operation: "declaredsite.item-details", params: { id: "1" } }]);
    expect(exampleSite).toMatchObject({ recording: {}, monitors: {}, canaries: [] });
  });

  it("refuses a monitor rule or a canary naming no operation of the platform", () => {
    expect(() =>
      definePlatform({
        name: "wrongsite",
        hosts: [],
        monitors: { nope: itemsAt("items") } as never,
        operations: [item],
      }),
    ).toThrow(/a monitor rule names no operation "nope"/);
    expect(() =>
      definePlatform({
        name: "wrongsite",
        hosts: [],
        canaries: [{ operation: "nope" as never, params: {} }],
        operations: [item],
      }),
    ).toThrow(/a canary names no operation "nope"/);
  });
});

describe("a platform's host budgets (politeness)", () => {
  it("names each budget after its first host unless named, and none declared is an empty list", () => {
    const polite = definePlatform({
      name: "politesite",
      hosts: ["api.polite.example", "*.polite.example"],
      politeness: [
        { hosts: ["api.polite.example"], rate: { requests: 3000, perSeconds: 300 } },
        { name: "instances", hosts: ["*"], perHost: true, concurrency: 4 },
      ],
      operations: [item],
    });
    expect(polite.politeness.map((b) => b.name)).toEqual(["api.polite.example", "instances"]);
    expect(exampleSite.politeness).toEqual([]);
  });

  it("refuses a budget without hosts, without a rate or concurrency, with figures that are not whole and positive, or named twice", () => {
    const declare = (politeness: never) =>
      definePlatform({ name: "rudesite", hosts: [], politeness, operations: [item] });
    expect(() => declare([{ name: "x", hosts: [], concurrency: 1 }] as never)).toThrow(/names no hosts/);
    expect(() => declare([{ hosts: ["a.example"] }] as never)).toThrow(/neither a rate nor a concurrency/);
    expect(() =>
      declare([{ hosts: ["a.example"], rate: { requests: 0.5, perSeconds: 1 } }] as never),
    ).toThrow(/positive whole requests/);
    expect(() => declare([{ hosts: ["a.example"], concurrency: 0 }] as never)).toThrow(
      /positive whole concurrency/,
    );
    expect(() =>
      declare([
        { hosts: ["a.example"], concurrency: 1 },
        { hosts: ["a.example"], concurrency: 2 },
      ] as never),
    ).toThrow(/declared twice/);
  });
});

describe("catalog", () => {
  it("refuses a platform twice, and an operation without a handler loader", () => {
    expect(() => createCatalog([exampleSite, exampleSite])).toThrow(
      /platform examplesite is in the catalog twice/,
    );
    expect(() => definePlatform({ name: "baresite", hosts: [], operations: [itemSpec as never] })).toThrow(
      /baresite: no handler for operation "item-details"/,
    );
  });

  it("answers an operation's handler through the registry, unknown ids loudly", async () => {
    const catalog = createCatalog([exampleSite]);
    expect(catalog.byRoute("get", "/v1/examplesite/media")?.id).toBe("examplesite.media");
    expect(catalog.queues()).toEqual(["examplesite", "audio"]);
    await expect(catalog.handler("examplesite.media")).rejects.toThrow(/not run in this test/);
    await expect(catalog.handler("examplesite.nope")).rejects.toThrow(/unknown operation/);
  });
});

describe("operations carrying their lazy handlers (withHandler)", () => {
  const loads: string[] = [];
  const lazySite = definePlatform({
    name: "lazysite",
    hosts: [],
    env: z.object({ LAZYSITE_TOKEN: z.string().default("t") }),
    operations: [
      withHandler(itemSpec, async () => {
        loads.push("item-details");
        return async (params, ctx: OperationContext<{ LAZYSITE_TOKEN: string }>) => ({
          data: { id: params.id, token: ctx.env.LAZYSITE_TOKEN },
          source: "t",
        });
      }),
      withHandler(
        { ...mediaSpec, name: "priced", queue: undefined },
        async () => {
          loads.push("priced");
          return async (params) => ({ data: { limit: params.limit }, source: "t", count: 1 });
        },
        async () => {
          loads.push("priced estimate");
          return async (params) => ({ source: `t:${params.id}`, credits: params.limit });
        },
      ),
    ],
  });

  it("loads each operation's handler on its first use only, and keeps it", async () => {
    const catalog = createCatalog([lazySite]);
    expect(catalog.byRoute("get", "/v1/lazysite/priced")?.id).toBe("lazysite.priced");
    expect(loads).toEqual([]);
    const first = await catalog.handler("lazysite.item-details");
    expect(await catalog.handler("lazysite.item-details")).toBe(first);
    expect(loads).toEqual(["item-details"]);
    const ctx = { env: { LAZYSITE_TOKEN: "k" } } as never;
    expect(await first({ id: "1" }, ctx)).toEqual({ data: { id: "1", token: "k" }, source: "t" });
    await catalog.handler("lazysite.priced");
    expect(loads).toEqual(["item-details", "priced"]);
    await expect(catalog.handler("lazysite.nope")).rejects.toThrow(/unknown operation/);
  });

  it("marks an operation with an estimate function estimate: true and loads that function like a handler", async () => {
    expect(lazySite.operations[1]).toMatchObject({ estimate: true });
    expect(lazySite.operations[0]).not.toHaveProperty("estimate");
    const catalog = createCatalog([lazySite]);
    const estimate = await catalog.estimator?.("lazysite.priced");
    expect(await estimate?.({ id: "x", limit: 4 }, {} as never)).toEqual({ source: "t:x", credits: 4 });
    await expect(catalog.estimator?.("lazysite.item-details")).rejects.toThrow(/no estimate function/);
  });

  it("retries a handler whose import failed, instead of keeping the failure", async () => {
    let attempts = 0;
    const flaky = definePlatform({
      name: "flakysite",
      hosts: [],
      operations: [
        withHandler(itemSpec, async () => {
          attempts++;
          if (attempts === 1) throw new Error("import failed");
          return async (params) => ({ data: { id: params.id, token: null }, source: "t" });
        }),
      ],
    });
    const catalog = createCatalog([flaky]);
    await expect(catalog.handler("flakysite.item-details")).rejects.toThrow(/import failed/);
    expect(typeof (await catalog.handler("flakysite.item-details"))).toBe("function");
    expect(attempts).toBe(2);
  });

  it("types the handler by its spec: wrong params, data or env do not compile", () => {
    // @ts-expect-error `data` must be the spec's output (`limit` is a number).
    withHandler(mediaSpec, async () => async () => ({ data: { limit: "5" }, source: "t" }));
    // @ts-expect-error the params are the spec's (`id`, `limit`), not `url`.
    withHandler(mediaSpec, async () => async (params: { url: string }) => ({
      data: { limit: 1 },
      source: params.url,
    }));
    definePlatform({
      name: "envsite",
      hosts: [],
      operations: [
        // @ts-expect-error the handler reads ENVSITE_KEY, which the platform's env does not declare.
        withHandler(itemSpec, async () => async (params, ctx: OperationContext<{ ENVSITE_KEY: string }>) => ({
          data: { id: params.id, token: ctx.env.ENVSITE_KEY },
          source: "t",
        })),
      ],
    });
  });
});

describe("matchesHost", () => {
  it("matches exact hosts and subdomain patterns, case-insensitively, not the apex of a pattern", () => {
    const hosts = ["www.example.com", "*.cdn.example.com"];
    expect(matchesHost(hosts, "WWW.example.com.")).toBe(true);
    expect(matchesHost(hosts, "a.b.cdn.example.com")).toBe(true);
    expect(matchesHost(hosts, "cdn.example.com")).toBe(false);
    expect(matchesHost(hosts, "evilcdn.example.com")).toBe(false);
  });
});
