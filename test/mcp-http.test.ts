import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest as test } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { callTool, mcpClient } from "./support/mcp.ts";
import type { Stack } from "./support/stack.ts";

// The MCP endpoint against the recorded corpus, with the official SDK's own client (Streamable HTTP): the tools are
// the registry's operations, and a tool call is the REST call — same data, same billing, same request log.

const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
const COMMENTS_VIDEO = "https://www.youtube.com/watch?v=xaQJbozY_Is";

/** The request-log row of one call, once the gateway's buffer is written. */
async function logRow(stack: Stack, requestId: string) {
  await stack.gateway.deps.requestLog.flush();
  return stack.prisma.requestLog.findUnique({ where: { id: requestId } });
}

describe("MCP endpoint", () => {
  test("the tool list has one tool per registry operation, with input and output schemas", async ({
    stack,
  }) => {
    const { key } = await stack.account(1);
    const client = await mcpClient(stack, key);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const op of stack.gateway.deps.registry.operations) {
      const tool = byName.get(`${op.platform}_${op.name.replaceAll("-", "_")}`);
      expect(tool, op.id).toBeDefined();
      expect(tool?.description, op.id).toContain(op.price.describe);
      expect(tool?.inputSchema.type, op.id).toBe("object");
      expect(tool?.outputSchema?.type, op.id).toBe("object");
      expect(tool?.annotations, op.id).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    }
    expect(byName.get("videosite_transcript")?.inputSchema.required).toEqual(["url"]);
    expect(byName.has("get_job")).toBe(true);
  });

  test("a transcript and a list call return REST's data, charged once, logged as MCP", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const client = await mcpClient(stack, key);
    const rest = await stack.get("/v1/videosite/transcript", key, { url: VIDEO });
    expect(rest.status).toBe(200);
    const transcript = await callTool(client, "videosite_transcript", { url: VIDEO });
    expect(transcript.isError).toBeFalsy();
    expect(transcript.structuredContent).toEqual(rest.body.data);
    expect(JSON.parse((transcript.content[0] as { text: string }).text)).toEqual(rest.body.data);
    expect(transcript._meta).toMatchObject({ creditsCharged: 1, cache: "BYPASS", status: 200 });

    const restList = await stack.get("/v1/videosite/comments", key, { url: COMMENTS_VIDEO, limit: "20" });
    expect(restList.status).toBe(200);
    const list = await callTool(client, "videosite_comments", { url: COMMENTS_VIDEO, limit: 20 });
    expect(list.structuredContent).toEqual(restList.body.data);
    const listCredits = Number(restList.headers.get("x-service-credits"));
    expect(list._meta.creditsCharged).toBe(listCredits);

    const spent = 2 + 2 * listCredits;
    expect(await money(stack.ledger, accountId)).toEqual({
      balance: 100 - spent,
      sum: 100 - spent,
      reserved: 0,
    });
    const row = await logRow(stack, transcript._meta.requestId);
    expect(row).toMatchObject({
      operation: "videosite.transcript",
      channel: "mcp",
      status: 200,
      path: "/mcp",
      accountId,
    });
    expect((await logRow(stack, rest.headers.get("x-service-request-id") ?? ""))?.channel).toBe("rest");
    // The charge, the billing record, names the channel too (usage shows it even without the row).
    const channelOf = async (requestId: string) =>
      (await stack.ledger.chargesFor(requestId)).map((c) => c.channel);
    expect(await channelOf(transcript._meta.requestId as string)).toEqual(["mcp"]);
    expect(await channelOf(rest.headers.get("x-service-request-id") ?? "")).toEqual(["rest"]);
    // The caller sees it too: the usage list names each call's channel, and its credits from its charge.
    const usage = await stack.get("/v1/account/usage", key, { operation: "videosite.transcript" });
    const byId = new Map(
      (usage.body.data.requests as { requestId: string; channel: string; credits: number }[]).map((r) => [
        r.requestId,
        [r.channel, r.credits],
      ]),
    );
    expect(byId.get(transcript._meta.requestId as string)).toEqual(["mcp", 1]);
    expect(byId.get(rest.headers.get("x-service-request-id") ?? "")).toEqual(["rest", 1]);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });

  test("a cache hit through MCP is free", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const client = await mcpClient(stack, key);
    const first = await callTool(client, "videosite_video_details", { url: VIDEO, cache: true });
    expect(first._meta.creditsCharged).toBe(1);
    const hit = await callTool(client, "videosite_video_details", { url: VIDEO, cache: "true" });
    expect(hit._meta).toMatchObject({ cache: "HIT", creditsCharged: 0, cached: true });
    expect(hit.structuredContent).toEqual(first.structuredContent);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  });

  test("invalid input, 402 and a replayed upstream failure are isError results with REST's code, not billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(1);
    const client = await mcpClient(stack, key);
    const missing = await callTool(client, "videosite_transcript", {});
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ code: "missing_parameter", retryable: false });
    const rest = await stack.get("/v1/videosite/transcript", key, {});
    expect(missing.structuredContent).toMatchObject({
      code: rest.body.error.code,
      message: rest.body.error.message,
    });
    const foreign = await callTool(client, "videosite_transcript", {
      url: "https://www.instagram.com/p/C10MvewSSYl/",
    });
    expect(foreign.structuredContent).toMatchObject({ code: "unsupported_url" });

    // No recording of this video: the replay answers as a failing platform would.
    const upstream = await callTool(client, "videosite_video_details", {
      url: "https://www.youtube.com/watch?v=zzzzzzzzzzz",
    });
    expect(upstream.isError).toBe(true);
    expect(upstream.structuredContent).toMatchObject({ code: "upstream_error", retryable: true });
    expect(upstream._meta).toMatchObject({ creditsCharged: 0, status: 502 });
    expect((await logRow(stack, upstream._meta.requestId))?.errorCode).toBe("upstream_error");

    expect((await callTool(client, "videosite_video_details", { url: VIDEO }))._meta.creditsCharged).toBe(1);
    const broke = await callTool(client, "videosite_video_details", { url: VIDEO });
    expect(broke.isError).toBe(true);
    expect(broke.structuredContent).toMatchObject({ code: "insufficient_credits" });
    expect(broke._meta).toMatchObject({ creditsCharged: 0, status: 402 });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 0, sum: 0, reserved: 0 });
  });

  test("no key or a wrong key is HTTP 401 before any MCP message", async ({ stack }) => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer sk_wrong_key_123456" },
      { "x-api-key": "nope-nope" },
    ];
    for (const headers of refused) {
      const response = await fetch(new URL("/mcp", stack.gateway.url), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/_api_key$/);
    }
    // The SDK client fails to connect with the HTTP status.
    await expect(mcpClient(stack, "sk_wrong_key_123456")).rejects.toMatchObject({ code: 401 });
  });

  test("20 parallel tool calls on 5 credits charge exactly 5", async ({ stack }) => {
    const { key, accountId } = await stack.account(5);
    const client = await mcpClient(stack, key);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callTool(client, "videosite_video_details", { url: VIDEO })),
    );
    const served = results.filter((r) => !r.isError);
    expect(served).toHaveLength(5);
    expect(served.every((r) => r._meta.creditsCharged === 1)).toBe(true);
    for (const refused of results.filter((r) => r.isError))
      expect(refused.structuredContent.code).toBe("insufficient_credits");
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 0, sum: 0, reserved: 0 });
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });
});
