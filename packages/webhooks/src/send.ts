import { createGuardedAgent, ForbiddenAddressError } from "@sda/netguard";
import { type Agent, request } from "undici";
import { RESPONSE_EXCERPT_BYTES, type WebhookConfig } from "./config.ts";

/**
 * The undici dispatcher of webhook attempts: `@sda/netguard`'s guarded agent, so the SSRF rule is applied to the
 * address each socket really connects to (names after resolution, IP literals too). undici follows no redirects unless
 * told to, and this agent is never told to: a 30x is an answer, recorded as a failed attempt.
 */
export function createWebhookAgent(
  config: Pick<WebhookConfig, "allowedHosts" | "lookup" | "timeoutMs">,
): Agent {
  return createGuardedAgent({
    allowedHosts: config.allowedHosts,
    ...(config.lookup ? { lookup: config.lookup } : {}),
    connectTimeoutMs: config.timeoutMs,
    // One connection per receiver is plenty; idle sockets are closed quickly, receivers are many and rarely reused.
    connections: 4,
    keepAliveTimeout: 4_000,
  });
}

/** What one HTTP attempt produced. `statusCode` is absent when no response arrived (`error` says why). */
export interface AttemptResult {
  startedAt: Date;
  /** From sending to the end of the excerpt read, in ms. */
  durationMs: number;
  statusCode?: number;
  /** Network or timeout error, e.g. `timeout after 15000 ms`, `connect ECONNREFUSED 127.0.0.1:9`. */
  error?: string;
  /** The first {@link RESPONSE_EXCERPT_BYTES} bytes of the response body as UTF-8 (NUL characters removed). */
  responseBody?: string;
  /** The receiver's `Retry-After`, in ms, when present and parseable (seconds or an HTTP date). */
  retryAfterMs?: number;
}

/**
 * Parses `Retry-After`: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * @returns ms from `now`, at least 0; undefined when absent or unparseable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP dates start with a day name; without this test Date.parse would read "-5" as a year.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return `timeout after ${timeoutMs} ms`;
    const cause = error.cause instanceof Error ? error.cause : undefined;
    if (cause instanceof ForbiddenAddressError || error instanceof ForbiddenAddressError)
      return `refused: ${(cause ?? error).message}`;
    const code = (error as { code?: unknown }).code;
    return cause ? `${cause.message}` : `${typeof code === "string" ? `${code}: ` : ""}${error.message}`;
  }
  return String(error);
}

/**
 * POSTs one signed body and reads at most {@link RESPONSE_EXCERPT_BYTES} of the answer. Never throws: every outcome,
 * network errors included, is an {@link AttemptResult} for the attempt log.
 * @param headers the Standard Webhooks headers of this attempt.
 */
export async function sendAttempt(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  agent: Agent;
  timeoutMs: number;
}): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const signal = AbortSignal.timeout(input.timeoutMs);
  const result: AttemptResult = { startedAt, durationMs: 0 };
  try {
    const response = await request(input.url, {
      method: "POST",
      dispatcher: input.agent,
      signal,
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
      headers: {
        "content-type": "application/json",
        "user-agent": "social-data-api-webhooks/0.1",
        ...input.headers,
      },
      body: input.body,
    });
    result.statusCode = response.statusCode;
    result.retryAfterMs = parseRetryAfter(response.headers["retry-after"], startedAt);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= RESPONSE_EXCERPT_BYTES) break; // leaving the loop destroys the rest of the body
      }
    } catch (error) {
      // The status already decides the attempt; a body cut short is only noted.
      result.error = `response body: ${describeError(error, input.timeoutMs)}`;
    }
    result.responseBody = Buffer.concat(chunks)
      .subarray(0, RESPONSE_EXCERPT_BYTES)
      .toString("utf8")
      .replaceAll("\u0000", "");
  } catch (error) {
    result.error = describeError(error, input.timeoutMs);
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}
