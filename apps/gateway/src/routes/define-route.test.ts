import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { GatewayDeps } from "../deps.ts";
import { errorHandler } from "../middleware/errors.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";
import { locals } from "../respond.ts";
import { defineRoute, expressPath, mountRoutes, routeMethods, type ServiceRoute } from "./define-route.ts";
import { SERVICE_ROUTES } from "./service-routes.ts";

describe("the service route list", () => {
  it("declares each method and path, OpenAPI id and request-log operation once", () => {
    const keys = SERVICE_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = SERVICE_ROUTES.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const operations = SERVICE_ROUTES.map((route) => route.operation);
    expect(new Set(operations).size).toBe(operations.length);
  });

  it("groups the 405 table by Express path from the list", () => {
    expect(expressPath("/v1/monitors/{monitorId}/deliveries/{deliveryId}/replay")).toBe(
      "/v1/monitors/:monitorId/deliveries/:deliveryId/replay",
    );
    const table = new Map(routeMethods(SERVICE_ROUTES));
    expect(table.get("/v1/batch/:batchId")).toEqual(["GET", "DELETE"]);
    expect(table.get("/v1/batch")).toEqual(["POST"]);
    expect(table.get("/v1/monitors/:monitorId")).toEqual(["GET", "PATCH", "DELETE"]);
    expect(table.get("/v1/account")).toEqual(["GET"]);
    expect([...table.keys()].every((path) => !path.includes("{"))).toBe(true);
  });
});

/** Guards that record what ran: the key check sets a principal, the limit counts its two forms. */
function guards() {
  const ran: string[] = [];
  const authenticated: RequestHandler = (_req, res, next) => {
    ran.push("auth");
    res.locals.principal = { accountId: "acct_1", keyId: "key_1" };
    next();
  };
  const limit = {
    middleware: ((_req, _res, next) => {
      ran.push("limit");
      next();
    }) as RequestHandler,
    admit: async () => {
      ran.push("admit");
      return {};
    },
    admitKey: async () => ({}),
  } as RateLimit;
  return { ran, authenticated, limit };
}

async function serve(routes: readonly ServiceRoute[], g: ReturnType<typeof guards>) {
  const app = express();
  const seen: (string | undefined)[] = [];
  app.use((_req, res, next) => {
    res.on("finish", () => seen.push(locals(res).operationId));
    next();
  });
  app.use(mountRoutes(routes, {} as GatewayDeps, g));
  app.use(errorHandler({ error: () => undefined } as never));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => server.close() };
}

describe("mountRoutes", () => {
  const created = defineRoute({
    method: "post",
    path: "/v1/things/{thingId}",
    tag: "Things",
    operationId: "createThing",
    operation: "things.create",
    summary: "A thing.",
    query: z.object({ size: z.coerce.number().int().min(1) }),
    responses: { "201": "the thing" },
    handler: () => async (call) => ({
      status: 201,
      data: { id: call.param("thingId"), size: call.query().size, key: call.principal().keyId },
      source: "things",
      headers: { Location: `/v1/things/${call.param("thingId")}` },
    }),
  });
  const read = defineRoute({
    method: "get",
    path: "/v1/things",
    tag: "Things",
    operationId: "listThings",
    operation: "things.list",
    summary: "Things.",
    responses: { "200": "things" },
    admitAlongside: true,
    handler: () => async () => ({ data: { things: [] }, source: "things" }),
  });
  const open = defineRoute({
    method: "get",
    path: "/v1/open",
    tag: "Things",
    operationId: "getOpen",
    operation: "open.get",
    summary: "No key.",
    responses: { "200": "ok" },
    authenticated: false,
    handler: () => async (call) => {
      call.res.status(200).type("text/plain").send("written by the handler");
      return undefined;
    },
  });

  it("serves each route at its Express path behind the key, named, in the envelope with X-Service-*", async () => {
    const g = guards();
    const app = await serve([created, read, open], g);
    try {
      const answer = await fetch(`${app.base}/v1/things/th_1?size=3`, { method: "POST" });
      expect(answer.status).toBe(201);
      expect(answer.headers.get("location")).toBe("/v1/things/th_1");
      expect(answer.headers.get("x-service-credits")).toBe("0");
      expect(answer.headers.get("x-service-cache")).toBe("BYPASS");
      expect(answer.headers.get("x-service-source")).toBe("things");
      expect(await answer.json()).toEqual({ success: true, data: { id: "th_1", size: 3, key: "key_1" } });
      expect(g.ran).toEqual(["auth", "limit"]);

      const bad = await fetch(`${app.base}/v1/things/th_1?size=0`, { method: "POST" });
      expect(bad.status).toBe(400);

      g.ran.length = 0;
      const listed = await fetch(`${app.base}/v1/things`);
      expect(await listed.json()).toEqual({ success: true, data: { things: [] } });
      expect(g.ran).toEqual(["auth", "admit"]);

      g.ran.length = 0;
      const plain = await fetch(`${app.base}/v1/open`);
      expect(await plain.text()).toBe("written by the handler");
      expect(g.ran).toEqual([]);
      expect(app.seen).toEqual(["things.create", "things.create", "things.list", "open.get"]);
    } finally {
      app.close();
    }
  });
});
