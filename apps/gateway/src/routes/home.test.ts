import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTRY_POINTS, homeRouter } from "./home.ts";

describe("GET / and the favicon", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express().use(homeRouter());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers an API client with the entry points in the success envelope", async () => {
    const res = await fetch(`${base}/`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: ENTRY_POINTS });
  });

  it("answers a browser with a page linking the reference and the dashboard", async () => {
    const res = await fetch(`${base}/`, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('href="/docs"');
    expect(page).toContain('href="/dashboard"');
  });

  it("redirects /favicon.ico to the dashboard's SVG mark", async () => {
    const res = await fetch(`${base}/favicon.ico`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([301, "/dashboard/assets/favicon.svg"]);
  });
});
