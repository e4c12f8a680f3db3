import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, onTestFinished } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { callTool, mcpClient } from "./support/mcp.ts";
import type { Stack } from "./support/stack.ts";

// Its batches on a database of its own, so it runs beside the other files (see StackOptions.ownDatabase).
const test = stackTest.extend("stackOptions", { scope: "file" }, { ownDatabase: "mcp_idempotent" });

// Issue 34 #5: `Idempotency-Key` was ignored on /mcp, no tool took a key and batch_submit hard-coded none: an agent
// retrying after a network error paid twice or submitted a second batch. The tools now take REST's key, rules and
// store: as the `idempotencyKey` argument or the MCP request's `Idempotency-Key` header.

const VIDEO = "https://youtu.be/M4gD1WSo5mA";

/** An SDK client whose every HTTP request carries `Idempotency-Key: <idempotencyKey>`. */
async function clientWithKeyHeader(stack: Stack, key: string, idempotencyKey: string): Promise<Client> {
  const client = new Client({ name: "sda-test-retry", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", stack.gateway.url), {
    requestInit: { headers: { authorization: `Bearer ${key}`, "idempotency-key": idempotencyKey } },
  });
  await client.connect(transport);
  onTestFinished(() => client.close());
  return client;
}

describe("retry-safe tool calls", () => {
  test("a platform tool called twice with the same idempotencyKey is charged once and answers the same data", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const client = await mcpClient(stack, key);
    const first = await callTool(client, "videosite_video_details", {
      url: VIDEO,
      idempotencyKey: "retry-1",
    });
    expect(first.isError, JSON.stringify(first.structuredContent)).toBeFalsy();
    expect(first._meta.creditsCharged).toBe(1);
    const again = await callTool(client, "videosite_video_details", {
      url: VIDEO,
      idempotencyKey: "retry-1",
    });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta).toMatchObject({ creditsCharged: 0, replayed: true, status: 200 });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });

    // The same key with other arguments is refused, not billed.
    const other = await callTool(client, "videosite_video_details", {
      url: "https://www.youtube.com/watch?v=xaQJbozY_Is",
      idempotencyKey: "retry-1",
    });
    expect(other.isError).toBe(true);
    expect(other.structuredContent.code).toBe("idempotency_key_reused");
    // REST shares the store: the same key and request over REST replays the MCP call.
    const rest = await stack.get(
      "/v1/videosite/video-details",
      key,
      { url: VIDEO },
      { "idempotency-key": "retry-1" },
    );
    expect([rest.status, rest.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });

    // The header on the MCP request works as the argument.
    const headed = await clientWithKeyHeader(stack, key, "retry-header-1");
    const byHeader = await callTool(headed, "videosite_video_details", { url: VIDEO });
    const byHeaderAgain = await callTool(headed, "videosite_video_details", { url: VIDEO });
    expect([byHeader._meta.creditsCharged, byHeaderAgain._meta.creditsCharged]).toEqual([1, 0]);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });

    const bad = await callTool(client, "videosite_video_details", { url: VIDEO, idempotencyKey: 7 });
    expect(bad.structuredContent).toMatchObject({ code: "invalid_parameter", param: "idempotencyKey" });
  });

  test("batch_submit with the same idempotencyKey submits one batch", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const client = await mcpClient(stack, key);
    const args = {
      calls: [{ path: "/v1/videosite/video-details", params: { url: VIDEO } }],
      idempotencyKey: "batch-retry-1",
    };
    const first = await callTool(client, "batch_submit", args);
    expect(first.isError, JSON.stringify(first.structuredContent)).toBeFalsy();
    const again = await callTool(client, "batch_submit", args);
    expect(again.structuredContent.batchId).toBe(first.structuredContent.batchId);
    expect(await stack.prisma.batch.count({ where: { accountId } })).toBe(1);
    const status = async () =>
      (await callTool(client, "batch_status", { batchId: first.structuredContent.batchId }))
        .structuredContent;
    await expect
      .poll(async () => (await status()).status, { timeout: 30_000, interval: 200 })
      .toBe("completed");
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  });
});
