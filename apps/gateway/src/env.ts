import { defineFeatureEnv, envVar, type ServiceConfig } from "@sda/core";
import { z } from "zod";

const { bool, int, optionalString } = envVar;

/**
 * The gateway's own variables (listening, the request deadline, rate limits, the API key cache, the request-log
 * buffer, answer validation, MCP, metrics), declared here as a slice and parsed once at start with the composed env
 * (`loadServiceEnv(source, [gatewayEnv])`, `@sda/services/env`). Values a package needs (the engine's deadline, the
 * key cache's TTL) are handed to it by the gateway, never read from this slice by the package.
 */
export const gatewayEnv = defineFeatureEnv(
  "gateway",
  z.object({
    PORT: int(3000).describe("gateway listen port"),
    HOST: z.string().default("0.0.0.0").describe("gateway listen address"),
    REQUEST_DEADLINE_MS: int(110_000, 1).describe(
      "how long the gateway waits for a job before answering 202 (SPEC §8: 110 s)",
    ),
    RATE_LIMIT_PER_SECOND: int(100, 1).describe(
      "calls per second per API key (429 beyond, SPEC §4.1), shared by all gateways",
    ),
    STATUS_REFRESH_MS: int(5000, 100).describe(
      "how often `GET /v1/status` rebuilds its document (callers in between share the last one)",
    ),
    AUTH_RATE_LIMIT_PER_SECOND: int(10, 1).describe(
      "failed authentications per second per client address (missing, malformed, unknown, revoked key); past it 429, not 401",
    ),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: int(10, 1).describe(
      "window of that budget: an address may fail rate × window lookups per window (Redis, all gateways)",
    ),
    TRUST_PROXY: z
      .string()
      .min(1)
      .default("loopback")
      .describe("Express `trust proxy`: peers allowed to set the client address by `X-Forwarded-For`"),
    KEY_CACHE_TTL_MS: int(30_000, 0).describe(
      "freshness of the in-process API key cache (0: off); revocation reaches every gateway at once",
    ),
    REQUEST_LOG_FLUSH_MS: int(250, 10).describe("longest wait of a request-log row in the gateway's buffer"),
    REQUEST_LOG_BATCH_SIZE: int(500, 1).describe("request-log rows written at once by one multi-row insert"),
    REQUEST_LOG_MAX_BUFFER: int(50_000, 1).describe(
      "rows buffered while PostgreSQL is away; beyond it rows are dropped and counted (log line)",
    ),
    // The answer itself is never changed; off by default because it parses every answer again.
    VALIDATE_RESPONSES: bool.default(false).meta({
      description: "check each answer against its OpenAPI schema; log mismatches (operation, field path)",
      shownDefault: "`false` (tests and demo: `true`)",
    }),
    MCP_ENABLED: bool
      .default(true)
      .describe(
        "serve the MCP endpoint `/mcp` (every operation as a tool for AI agents, same key and credits)",
      ),
    MCP_TOOLS: optionalString.meta({
      description:
        "comma-separated MCP tools offered: tool names (`videosite_transcript`) or prefixes (`videosite_`, `account_`)",
      shownDefault: "every tool",
    }),
    MCP_DEADLINE_MS: int(50_000, 1).describe(
      "an MCP tool call's wait before it answers its job handle (at most `REQUEST_DEADLINE_MS`; MCP clients time out at 60 s)",
    ),
    EXPOSE_METRICS: bool
      .default(true)
      .describe("serve Prometheus metrics at `GET /metrics` (with `METRICS_TOKEN`)"),
  }),
);

/** The gateway's configuration: the composed service configuration plus its own slice ({@link gatewayEnv}). */
export type GatewayConfig = ServiceConfig & z.output<typeof gatewayEnv.env>;
