-- Which interface a call came through: `rest` (the HTTP API, batch items and monitor runs) or `mcp` (a tool call on
-- the gateway's MCP endpoint). Existing rows are REST calls.
-- AlterTable
ALTER TABLE "request_logs" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'rest';
