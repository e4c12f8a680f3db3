import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createCatalog, definePlatform, fixed, withHandler } from "@sda/contract";
import type { Logger } from "@sda/core";
import express from "express";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateAnswers } from "./validate-answers.ts";

const checked = definePlatform({
  name: "checkedsite",
  hosts: [],
  operations: [
    withHandler(
      {
        name: "item",
        summary: "An item.",
        params: z.object({}),
        output: z.object({ id: z.string(), title: z.string().nullable() }),
        price: fixed(1),
        cache: { mode: "none" },
      },
      // The check reads answers only; the handler is never run here.
      async () => {
        throw new Error("not run in this test");
      },
    ),
  ],
});

/** An app answering `body` on the operation's path behind the check, and the warnings it logged. */
async function answering(status: number, body: unknown) {
  const warnings: Record<string, unknown>[] = [];
  const log = { warn: (fields: Record<string, unknown>) => warnings.push(fields) } as unknown as Logger;
  const app = express();
  app.use(validateAnswers(createCatalog([checked]), [], log));
  app.get("/v1/checkedsite/item", (_req, res) => {
    res.status(status).json(body);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/v1/checkedsite/item`);
  const text = await response.text();
  server.close();
  return { status: response.status, text, warnings };
}

describe("VALIDATE_RESPONSES", () => {
  it("logs each field that departs from the output schema with the operation and its path, answer unchanged", async () => {
    const body = { success: true, data: { id: 7, title: "t" } };
    const { status, text, warnings } = await answering(200, body);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual(body);
    expect(warnings).toEqual([
      expect.objectContaining({ operation: "checkedsite.item", status: 200, field: "data.id" }),
    ]);
  });

  it("checks error answers against the operation's closed set of codes", async () => {
    const error = { code: "no_such_code", message: "m", retryable: false, requestId: "req_1" };
    const { status, warnings } = await answering(404, { success: false, error });
    expect(status).toBe(404);
    expect(warnings).toEqual([expect.objectContaining({ field: "error.code" })]);
  });

  it("logs nothing for an answer that matches", async () => {
    const { warnings } = await answering(200, { success: true, data: { id: "7", title: null, extra: 1 } });
    expect(warnings).toEqual([]);
  });
});
