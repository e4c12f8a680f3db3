import type { Readable } from "node:stream";

/**
 * Who a request is for: a catalog platform's name or a service-side provider (`asr`, `llm`,
 * `webhook`); used in logs and error details, and to route a platform's requests to `<NAME>_ORIGIN`.
 */
export type Platform = string;

/** One request to an upstream platform. The URL names the live host; the client rewrites it to a configured origin. */
export interface UpstreamRequest {
  platform: Platform;
  /** Absolute URL on the platform's live host (e.g. `https://api.example.com/v1/items`). */
  url: string;
  /** GET unless given; HEAD reads a redirect or a status without its body (a short link). */
  method?: "GET" | "POST" | "HEAD";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Per-request budget in ms (default UPSTREAM_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * Statuses the caller interprets itself. Others outside 2xx are mapped to `upstream_*` errors: 403 →
   * `upstream_blocked`, 429 → `upstream_rate_limited`, 5xx and the rest → `upstream_error`.
   */
  acceptStatus?: readonly number[];
  /** Follow 3xx redirects (default true). */
  followRedirects?: boolean;
  /**
   * An HTTP(S) proxy URL (`http://user:pass@host:port`) this request goes through, for platforms that rotate egress
   * addresses (a platform's proxy pool variable). Ignored when the platform's origin is configured (a replay).
   */
  proxy?: string;
}

/**
 * One request of a handler (`ctx.http`): an {@link UpstreamRequest} without `platform`. The context's client is bound
 * to the operation's platform ({@link bindHttpClient}), so platform code never names itself.
 */
export type PlatformRequest = Omit<UpstreamRequest, "platform">;

/**
 * The HTTP client of a handler's context (`ctx.http`), bound to the operation's platform: every request it sends is
 * the platform's (routed to `<NAME>_ORIGIN`, guarded, budgeted and named in errors as that platform's). It is also an
 * {@link HttpClient}, so a shared pipeline handed `ctx.http` (media's ASR tiers: `asr`, summaries: `llm`) still names
 * its own provider; a request naming none is the platform's.
 */
export interface PlatformHttpClient {
  // Properties, not methods: an unbound HttpClient (whose requests must name a platform) is not one.
  request: (request: PlatformRequest, signal?: AbortSignal) => Promise<UpstreamResponse>;
  stream: (request: PlatformRequest, signal?: AbortSignal) => Promise<UpstreamStream>;
}

/**
 * `http` bound to `platform` (the engine builds `ctx.http` with it from the operation it dispatches): a request naming
 * no platform is sent as `platform`'s; one naming a provider (a shared pipeline's `asr`, `llm`) keeps it.
 */
export function bindHttpClient(http: HttpClient, platform: Platform): PlatformHttpClient {
  return {
    request: (request, signal) => http.request({ platform, ...request }, signal),
    stream: (request, signal) => http.stream({ platform, ...request }, signal),
  };
}

/** A buffered upstream answer. */
export interface UpstreamResponse {
  status: number;
  /** Lower-cased header names; repeated headers joined with ", " except `set-cookie` (array). */
  headers: Record<string, string | string[] | undefined>;
  /** The URL finally answered (after redirects), on the live host. */
  url: string;
  body: Buffer;
  text(): string;
  /** @throws ServiceError `upstream_error` when the body is not JSON. */
  json<T = unknown>(): T;
  /** The response's `Date` header, or null; relative labels ("3 weeks ago") are resolved against it. */
  date: Date | null;
}

/** A streamed upstream answer (media downloads); the caller must consume or destroy `body`. */
export interface UpstreamStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** The HTTP client handlers use for every platform call (implemented with undici in `@sda/upstream`). */
export interface HttpClient {
  request(request: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse>;
  stream(request: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamStream>;
}

/** The job a recording belongs to (record mode, canaries). */
export interface RecordedJob {
  jobId: string;
  /** Operation id, e.g. `forumsite.subreddit-posts`; its platform names the case's folder. */
  operation: string;
  /** The call's parameters, described in the case's `log._case.covers`. */
  params?: Record<string, unknown>;
}

/**
 * Record mode (`UPSTREAM_RECORD_DIR`, implemented in `@sda/upstream`): runs `fn` with every upstream exchange it makes
 * collected, and writes them as one HAR case file (always, or only when `fn` throws).
 */
export interface JobRecorder {
  record<T>(
    job: RecordedJob,
    fn: () => Promise<T>,
    options?: {
      when?: "always" | "failure";
      /** Write into this directory instead of the recorder's own (canaries keep their cases apart). */
      dir?: string;
      /** Told the file written (null when the job made no upstream request). */
      onRecorded?: (file: string | null) => void;
    },
  ): Promise<T>;
}
