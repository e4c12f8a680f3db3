import { describe, expect, onTestFinished } from "vitest";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { callTool, mcpClient } from "./support/mcp.ts";
import { holdReplies, send, startStackGateway } from "./support/stack.ts";

// The MCP endpoint's own tools beside the platform ones (get_job, account, estimate, batch, monitors), each the REST
// route's logic, and the operator's switches (MCP_TOOLS, MCP_ENABLED), with the official SDK's client.

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { ownDatabase: "mcp_tools", env: { ...LOCAL_WEBHOOKS_ENV } },
);

const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
const DETAILS = "/v1/videosite/video-details";

describe("MCP service tools", () => {
  test("account_balance is GET /v1/account; estimate_cost prices a tool call as GET /v1/utilities/estimate", async ({
    stack,
  }) => {
    const { key } = await stack.account(20);
    const client = await mcpClient(stack, key);
    await callTool(client, "videosite_video_details", { url: VIDEO });
    const account = await callTool(client, "account_balance", {});
    const rest = await stack.get("/v1/account", key);
    expect(account.structuredContent).toMatchObject({
      balance: 19,
      available: 19,
      plan: rest.body.data.plan,
    });
    // The detail call; this call's own row is written once it has answered (as for REST).
    expect(account.structuredContent.usage24h).toEqual({ calls: 1, credits: 1 });
    expect(account._meta.creditsCharged).toBe(0);

    const estimate = await callTool(client, "estimate_cost", {
      tool: "videosite_comments",
      arguments: { url: VIDEO, limit: 40 },
    });
    const restEstimate = await stack.get("/v1/utilities/estimate", key, {
      path: "/v1/videosite/comments",
      url: VIDEO,
      limit: "40",
    });
    expect(estimate.structuredContent).toEqual(restEstimate.body.data);
    const unknown = await callTool(client, "estimate_cost", { tool: "nosite_nothing" });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent.code).toBe("invalid_parameter");
    const invalid = await callTool(client, "estimate_cost", { tool: "videosite_comments", arguments: {} });
    expect(invalid.structuredContent.code).toBe("missing_parameter");
    expect(
      await money(stack.ledger, (await stack.get("/v1/account", key)).body.data.accountId),
    ).toMatchObject({
      balance: 19,
      sum: 19,
    });
  });

  test("batch_submit and batch_status run a batch billed as REST's; a bad batch is refused as REST refuses it", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const client = await mcpClient(stack, key);
    const calls = [
      { path: DETAILS, params: { url: VIDEO } },
      { path: "/v1/newssite/item-details", params: { url: "34116085" } },
    ];
    const submitted = await callTool(client, "batch_submit", { calls, label: "mcp" });
    expect(submitted.isError, JSON.stringify(submitted.structuredContent)).toBeFalsy();
    expect(submitted.structuredContent).toMatchObject({ total: 2, status: "queued" });
    expect(submitted._meta.status).toBe(202);
    const { batchId } = submitted.structuredContent;
    await expect
      .poll(async () => (await callTool(client, "batch_status", { batchId })).structuredContent.status)
      .toBe("completed");
    const status = await callTool(client, "batch_status", { batchId });
    expect(status.structuredContent).toMatchObject({ succeeded: 2, failed: 0, creditsCharged: 2 });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });

    const empty = await callTool(client, "batch_submit", { calls: [] });
    const rest = await send(stack, "POST", "/v1/batch", key, { calls: [] });
    expect(empty.isError).toBe(true);
    expect(empty.structuredContent).toMatchObject({ code: rest.body.error.code, param: "calls" });
    const missing = await callTool(client, "batch_status", { batchId: "bat_0000000000000000" });
    expect(missing.structuredContent.code).toBe("batch_not_found");
  });

  test("monitor_create and monitor_list are POST and GET /v1/monitors", async ({ stack, receiver }) => {
    const { key } = await stack.account(10);
    const client = await mcpClient(stack, key);
    const created = await callTool(client, "monitor_create", {
      path: "/v1/forumsite/subreddit-posts",
      params: { url: "popular", limit: 5 },
      schedule: { every: "1h" },
      webhookUrl: receiver.url("/mcp-monitor"),
    });
    expect(created.isError).toBeFalsy();
    expect(created._meta.status).toBe(201);
    expect(created.structuredContent.id).toMatch(/^mon_/);
    expect(created.structuredContent.secret).toMatch(/^whsec_/);
    const listed = await callTool(client, "monitor_list", {});
    expect(listed.structuredContent.monitors.map((m: { id: string }) => m.id)).toEqual([
      created.structuredContent.id,
    ]);
    const refused = await callTool(client, "monitor_create", {
      path: "/v1/videosite/transcript",
      params: { url: VIDEO },
      schedule: { every: "1h" },
      webhookUrl: receiver.url("/mcp-monitor"),
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.code).toBe("operation_not_monitorable");
  });

  test("a call past the deadline returns the job handle; get_job returns its data, charged once", async ({
    stack,
  }) => {
    // MCP_DEADLINE_MS alone: the REST deadline stays 110 s.
    const slow = await startStackGateway(stack, { MCP_DEADLINE_MS: "300" });
    onTestFinished(() => slow.close());
    const remove = stack.replay.addFault(holdReplies("/api/timedtext", 1500));
    onTestFinished(remove);
    const { key, accountId } = await stack.account(10);
    const client = await mcpClient(stack, key, slow.url);
    const first = await callTool(client, "videosite_transcript", { url: VIDEO });
    expect(first.isError).toBeFalsy();
    expect(first._meta).toMatchObject({ status: 202, creditsCharged: 0 });
    const { jobId, retryAfterSeconds } = first.structuredContent;
    expect(jobId).toMatch(/^job_/);
    expect(retryAfterSeconds).toBeGreaterThan(0);
    let final = await callTool(client, "get_job", { jobId });
    while (final._meta.status === 202) final = await callTool(client, "get_job", { jobId });
    expect(final.structuredContent.videoId).toBe("M4gD1WSo5mA");
    expect(final._meta).toMatchObject({ status: 200, creditsCharged: 0, callCreditsCharged: 1 });
    const stranger = await mcpClient(stack, (await stack.account(1)).key, slow.url);
    expect((await callTool(stranger, "get_job", { jobId })).structuredContent.code).toBe("job_not_found");
    expect(await stack.ledger.chargesFor(first._meta.requestId)).toHaveLength(1);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  });
});

describe("MCP switches", () => {
  test("MCP_TOOLS keeps the named tools and prefixes; a name matching no tool stops the gateway", async ({
    stack,
  }) => {
    const short = await startStackGateway(stack, { MCP_TOOLS: "newssite, account_balance" });
    onTestFinished(() => short.close());
    const { key } = await stack.account(1);
    const client = await mcpClient(stack, key, short.url);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("account_balance");
    expect(names.every((name) => name === "account_balance" || name.startsWith("newssite_"))).toBe(true);
    const offList = await client
      .callTool({ name: "videosite_transcript", arguments: { url: VIDEO } })
      .catch((e) => e);
    expect(String(offList)).toMatch(/no tool named videosite_transcript/);
    await expect(startStackGateway(stack, { MCP_TOOLS: "videosit" })).rejects.toThrow(/MCP_TOOLS/);
  });

  test("MCP_ENABLED=false: /mcp is no route", async ({ stack }) => {
    const off = await startStackGateway(stack, { MCP_ENABLED: "false" });
    onTestFinished(() => off.close());
    const { key } = await stack.account(1);
    const response = await fetch(new URL("/mcp", off.url), {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
  });
});
