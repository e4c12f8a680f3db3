import type {
  CallerHosts,
  HttpClient,
  Platform,
  UpstreamRequest,
  UpstreamResponse,
  UpstreamStream,
} from "@sda/contract";
import { type Logger, linkSignals, ServiceError } from "@sda/core";
import {
  createGuardedAgent,
  ForbiddenAddressError,
  isAllowedHost,
  type NetGuardOptions,
} from "@sda/netguard";
import { Agent, type Dispatcher, ProxyAgent } from "undici";
import { decodeBody, decodeStream } from "./encoding.ts";
import { callerHostsOf, type OriginRoute, originFor, routeUrl } from "./origins.ts";
import { NO_LEASE, type Politeness } from "./politeness.ts";
import type { Exchange } from "./record/har-entry.ts";
import type { Recorder } from "./record/recorder.ts";

interface HttpClientOptions {
  /** Configured origins by platform hosts (see `originsFromConfig`). */
  origins: readonly OriginRoute[];
  /**
   * Whether a request no origin routes may go to its live host (default true). Tests set false: a platform missing
   * from the replay then fails loudly instead of reaching the internet. Loopback hosts are always allowed.
   */
  liveHosts?: boolean;
  /** Default budget of one request, in ms. */
  timeoutMs: number;
  userAgent: string;
  log: Logger;
  /** Connections kept per origin and per egress proxy (default 32; the worker passes {@link upstreamPoolSize}). */
  connections?: number;
  /** Record mode: every exchange made inside a recorded job is handed to it (see `record/recorder.ts`). */
  recorder?: Recorder;
  /**
   * The SSRF guard of the live requests of platforms whose hosts callers choose (a route with `callerHosts`): hosts
   * exempt from it and the resolver. Default: none exempt, the system's DNS. Tests inject a resolver and allowlist
   * their local server.
   */
  guard?: NetGuardOptions;
  /**
   * The platforms' host budgets (see `politeness.ts`): each hop waits for its host's budget at most the request's
   * `timeoutMs` (then `rate_limited_upstream`), and then gets its full `timeoutMs`; the platform's 429s feed it.
   */
  politeness?: Politeness;
}

const MAX_REDIRECTS = 5;

/**
 * Connections per upstream origin of a worker process: `UPSTREAM_CONNECTIONS`, else `WORKER_CONCURRENCY`, so every
 * job slot of a queue can have its request in flight (a smaller pool queues requests inside the process: at 250 ms
 * per request a pool of 32 capped a worker at ~33 calls/s whatever its concurrency, issue 26).
 */
export function upstreamPoolSize(config: {
  UPSTREAM_CONNECTIONS?: number | undefined;
  WORKER_CONCURRENCY: number;
}): number {
  return config.UPSTREAM_CONNECTIONS ?? config.WORKER_CONCURRENCY;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The {@link ForbiddenAddressError} in an error's `cause` chain (undici wraps the connector's), or undefined. */
function forbiddenAddressIn(error: unknown): ForbiddenAddressError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof ForbiddenAddressError) return e;
  return undefined;
}

type RawHeaders = Record<string, string | string[] | undefined>;

function retryAfterSeconds(headers: RawHeaders): number | undefined {
  const value = headers["retry-after"];
  if (typeof value !== "string") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * True for the replay upstream's own "no recording" answer (404 `{"replay":"no_match",…}`), which is never a
 * platform's answer: it is thrown even where the caller accepts a 404 as the platform's "not found".
 */
function isReplayNoMatch(status: number, body: string): boolean {
  return status === 404 && body.includes('"replay":"no_match"');
}

/**
 * Maps an upstream status the caller did not accept to a retryable 502 error (SPEC §7.3: upstream failure).
 * A 404 from the replay's no-match answer is named as such, so a test can never take it for a platform answer.
 */
function statusError(platform: Platform, status: number, headers: RawHeaders, body: string): ServiceError {
  const details = { platform, upstreamStatus: status };
  if (isReplayNoMatch(status, body))
    return new ServiceError(
      "upstream_error",
      `${platform}: the replay upstream has no recording for this request`,
      {
        details: { ...details, replay: "no_match" },
      },
    );
  if (status === 403)
    return new ServiceError("upstream_blocked", `${platform} refused the request (403)`, {
      details,
      retryAfterSeconds: 60,
    });
  if (status === 429)
    return new ServiceError("upstream_rate_limited", `${platform} is rate limiting (429)`, {
      details,
      retryAfterSeconds: retryAfterSeconds(headers) ?? 60,
    });
  return new ServiceError("upstream_error", `${platform} answered ${status}`, {
    details,
    retryAfterSeconds: 5,
  });
}

/** The exchange handed to the recorder: the request as sent on this hop (live URL), the answer as decoded. */
function exchangeOf(
  request: UpstreamRequest,
  sent: {
    url: string;
    method: string;
    headers: Record<string, string>;
    body: string | Uint8Array | undefined;
  },
  response: Dispatcher.ResponseData,
  body: Buffer | null,
  startedAt: Date,
): Exchange {
  return {
    platform: request.platform,
    method: sent.method,
    url: sent.url,
    requestHeaders: sent.headers,
    requestBody: sent.body === undefined ? undefined : Buffer.from(sent.body).toString("utf8"),
    status: response.statusCode,
    responseHeaders: response.headers as RawHeaders,
    responseBody: body,
    startedAt,
    timeMs: Date.now() - startedAt.getTime(),
  };
}

/**
 * The headers of a hop routed to an origin: the live URL's host kept as `Host` (as an HTTP proxy keeps it), so the
 * origin sees which host was asked for (the replay compares it where the host names the resource: corpus README §2
 * rule 2). A `Host` the caller set is kept. The recorded exchange keeps the headers without it.
 */
function withLiveHost(headers: Record<string, string>, liveUrl: string): Record<string, string> {
  if (Object.keys(headers).some((name) => name.toLowerCase() === "host")) return headers;
  return { ...headers, host: new URL(liveUrl).host };
}

/**
 * The refusal of a caller-chosen host: the platform's code with its spec (`callerHosts`: e.g. 422
 * `instance_not_allowed`), the reason as message.
 */
function refused(platform: Platform, hosts: CallerHosts, reason: string, host?: string): ServiceError {
  return new ServiceError({ code: hosts.refusedCode, ...hosts.refused }, `${platform}: refused: ${reason}`, {
    details: { platform, reason, ...(host ? { host } : {}) },
  });
}

/**
 * Creates the undici-based {@link HttpClient}: keep-alive connection pools, gzip/deflate/br decoding, a per-request
 * budget combined with the caller's abort signal, manual redirects (each hop routed through the configured origin),
 * and the upstream error mapping of {@link statusError}.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient & { close(): Promise<void> } {
  const dispatcher = new Agent({
    connections: options.connections ?? 32,
    keepAliveTimeout: 10_000,
    connect: { timeout: Math.min(options.timeoutMs, 10_000) },
  });

  /** The origin of a hop, or undefined for its live host. @throws Error for a live host when `liveHosts` is false. */
  function routedOrigin(liveUrl: string, platform: Platform): string | undefined {
    const origin = originFor(options.origins, liveUrl, platform);
    if (origin || options.liveHosts !== false) return origin;
    const host = new URL(liveUrl).hostname;
    if (LOOPBACK.has(host)) return undefined;
    throw new Error(
      `${platform}: no origin routes ${host} and live hosts are off (is the platform in the catalog, and the host in its hosts?)`,
    );
  }

  const guard: NetGuardOptions = options.guard ?? { allowedHosts: [] };
  let guarded: Agent | undefined;
  /**
   * A live hop of a platform whose hosts callers choose: only `https` on port 443 (hosts the guard exempts aside),
   * through the guarded agent (created on first use) that judges every address connected to.
   * @throws ServiceError the platform's refused code for another scheme or port.
   */
  function guardedDispatcher(liveUrl: string, platform: Platform, callerHosts: CallerHosts): Dispatcher {
    const url = new URL(liveUrl);
    if (!isAllowedHost(guard, url.hostname) && (url.protocol !== "https:" || url.port !== ""))
      throw refused(platform, callerHosts, `${url.host}: only https on port 443 is fetched`, url.hostname);
    guarded ??= createGuardedAgent({
      ...guard,
      connections: options.connections ?? 32,
      keepAliveTimeout: 10_000,
      connectTimeoutMs: Math.min(options.timeoutMs, 10_000),
    });
    return guarded;
  }

  const proxies = new Map<string, ProxyAgent>();
  /**
   * The dispatcher of a hop: the guarded agent for a live hop of a platform whose hosts callers choose (never a
   * proxy: the guard must see the address connected to), else its proxy's (one pool per proxy URL), unless the
   * platform goes to an origin.
   */
  function dispatcherFor(request: UpstreamRequest, liveUrl: string): Dispatcher {
    const origin = originFor(options.origins, liveUrl, request.platform);
    const callerHosts = callerHostsOf(options.origins, request.platform);
    if (callerHosts && !origin) return guardedDispatcher(liveUrl, request.platform, callerHosts);
    if (!request.proxy || origin) return dispatcher;
    let agent = proxies.get(request.proxy);
    if (!agent) {
      agent = new ProxyAgent({ uri: request.proxy, connections: options.connections ?? 32 });
      proxies.set(request.proxy, agent);
    }
    return agent;
  }

  const politeness = options.politeness?.empty === false ? options.politeness : undefined;
  /** Waits for the budget of `liveUrl`'s host (a lease to release once the answer is read). */
  const acquire = (request: UpstreamRequest, liveUrl: string, startBy: number, signal?: AbortSignal) =>
    politeness ? politeness.acquire(request.platform, liveUrl, startBy, signal) : NO_LEASE;

  async function send(request: UpstreamRequest, signal: AbortSignal | undefined) {
    const timeoutMs = request.timeoutMs ?? options.timeoutMs;
    const startBy = Date.now() + timeoutMs;
    let lease = await acquire(request, request.url, startBy, signal);
    const budget = AbortSignal.timeout(timeoutMs);
    // Not AbortSignal.any: `signal` is the worker's long-lived shutdown signal (see linkSignals); unlinked by `done`.
    const linked = linkSignals(signal, budget);
    const combined = linked.signal;
    let liveUrl = request.url;
    let method = request.method ?? "GET";
    let body = request.body;
    try {
      for (let hop = 0; ; hop++) {
        // Parsed, so the origin and path agree for hosts the URL parser normalises (`https://2130706433/` is 127.0.0.1).
        const origin = routedOrigin(liveUrl, request.platform);
        const target = new URL(routeUrl(liveUrl, origin));
        const headers: Record<string, string> = {
          "user-agent": options.userAgent,
          "accept-encoding": "gzip, deflate, br",
          ...request.headers,
        };
        let response: Dispatcher.ResponseData;
        if (hop > 0) lease = await acquire(request, liveUrl, startBy, signal);
        const startedAt = new Date();
        try {
          response = await dispatcherFor(request, liveUrl).request({
            origin: target.origin,
            path: `${target.pathname}${target.search}`,
            method,
            headers: origin ? withLiveHost(headers, liveUrl) : headers,
            body: body ?? null,
            signal: combined,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
        } catch (error) {
          lease.release();
          throw mapTransportError(error, request.platform, budget, signal, timeoutMs);
        }
        const status = response.statusCode;
        await politeness?.observe(request.platform, liveUrl, status, response.headers as RawHeaders);
        if (
          status >= 300 &&
          status < 400 &&
          status !== 304 &&
          request.followRedirects !== false &&
          hop < MAX_REDIRECTS
        ) {
          const location = response.headers.location;
          await response.body.dump().finally(() => lease.release());
          options.recorder?.capture(
            exchangeOf(
              request,
              { url: liveUrl, method, headers, body },
              response,
              Buffer.alloc(0),
              startedAt,
            ),
          );
          if (typeof location !== "string")
            throw new ServiceError("upstream_error", `${request.platform}: redirect without Location`);
          liveUrl = new URL(location, liveUrl).toString();
          if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
            method = "GET";
            body = undefined;
          }
          continue;
        }
        return {
          response,
          lease,
          liveUrl,
          /** Unlinks the request's signal from the caller's: once the body is read, or the stream has ended. */
          done: linked.dispose,
          budget,
          sent: { url: liveUrl, method, headers, body },
          startedAt,
        };
      }
    } catch (error) {
      linked.dispose();
      throw error;
    }
  }

  function mapTransportError(
    error: unknown,
    platform: Platform,
    budget: AbortSignal,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): unknown {
    if (signal?.aborted) return signal.reason ?? error;
    if (error instanceof ServiceError) return error;
    const forbidden = forbiddenAddressIn(error);
    const callerHosts = callerHostsOf(options.origins, platform);
    if (forbidden && callerHosts) return refused(platform, callerHosts, forbidden.message);
    const code = (error as { code?: string }).code ?? "";
    if (budget.aborted || code.includes("TIMEOUT"))
      return new ServiceError("upstream_timeout", `${platform} did not answer within ${timeoutMs} ms`, {
        details: { platform },
        retryAfterSeconds: 5,
        cause: error,
      });
    // An unreachable platform is an expected failure (answered 502 upstream_unavailable): its code, not a stack.
    options.log.warn(
      { platform, code: code || undefined, reason: (error as Error).message },
      "upstream transport error",
    );
    return new ServiceError("upstream_unavailable", `${platform} could not be reached`, {
      details: { platform },
      retryAfterSeconds: 10,
      cause: error,
    });
  }

  function accepted(request: UpstreamRequest, status: number): boolean {
    return (status >= 200 && status < 300) || (request.acceptStatus?.includes(status) ?? false);
  }

  return {
    async request(request, signal): Promise<UpstreamResponse> {
      const { response, lease, liveUrl, done, budget, sent, startedAt } = await send(request, signal);
      let buffer: Buffer;
      try {
        const raw = await response.body.arrayBuffer().finally(() => {
          lease.release();
          done();
        });
        buffer = decodeBody(Buffer.from(raw), response.headers["content-encoding"]);
      } catch (error) {
        throw mapTransportError(
          error,
          request.platform,
          budget,
          signal,
          request.timeoutMs ?? options.timeoutMs,
        );
      }
      const headers = response.headers as RawHeaders;
      options.recorder?.capture(exchangeOf(request, sent, response, buffer, startedAt));
      const head = buffer.toString("utf8", 0, 2048);
      // The replay's "no recording" is never read as the platform's 404, even by a caller that accepts 404s.
      if (!accepted(request, response.statusCode) || isReplayNoMatch(response.statusCode, head))
        throw statusError(request.platform, response.statusCode, headers, head);
      const dateHeader = typeof headers.date === "string" ? new Date(headers.date) : null;
      return {
        status: response.statusCode,
        headers,
        url: liveUrl,
        body: buffer,
        date: dateHeader && !Number.isNaN(dateHeader.getTime()) ? dateHeader : null,
        text: () => buffer.toString("utf8"),
        json<T>() {
          try {
            return JSON.parse(buffer.toString("utf8")) as T;
          } catch (error) {
            throw new ServiceError("upstream_error", `${request.platform} answered a body that is not JSON`, {
              details: { platform: request.platform, upstreamStatus: response.statusCode },
              cause: error,
            });
          }
        },
      };
    },

    async stream(request, signal): Promise<UpstreamStream> {
      const { response, lease, done, sent, startedAt } = await send(request, signal);
      // A stream (a media download) holds its host's concurrency slot until its headers only.
      lease.release();
      response.body.once("close", done);
      const headers = response.headers as RawHeaders;
      if (!accepted(request, response.statusCode)) {
        const text = await response.body.text().catch(() => "");
        options.recorder?.capture(exchangeOf(request, sent, response, Buffer.from(text), startedAt));
        throw statusError(request.platform, response.statusCode, headers, text.slice(0, 2048));
      }
      options.recorder?.capture(exchangeOf(request, sent, response, null, startedAt));
      return {
        status: response.statusCode,
        headers,
        body: decodeStream(response.body, headers["content-encoding"]),
      };
    },

    close: async () => {
      await Promise.all([
        dispatcher.close(),
        guarded?.close(),
        ...[...proxies.values()].map((agent) => agent.close()),
      ]);
    },
  };
}
