import createFetchClient from "openapi-fetch";
import { ApiError } from "./errors.ts";
import type { components, paths } from "./generated/schema.ts";

/** Paths answering GET (every data operation and the service's reads). */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

type GetOperation<P extends GetPath> = paths[P] extends { get: infer O } ? O : never;

/** The query parameters of a GET path. */
export type QueryOf<P extends GetPath> =
  GetOperation<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The `data` object of a GET path's 200 answer. */
export type DataOf<P extends GetPath> =
  GetOperation<P> extends {
    responses: { 200: { content: { "application/json": { data: infer D } } } };
  }
    ? D
    : never;

/** The 202 answer's job handle. */
export type JobHandle = components["schemas"]["JobHandle"]["data"];

/** How to reach the service. */
export interface ClientOptions {
  /** Scheme, host and port, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** The API key (`sda_live_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Longest wait for a call answered 202, in ms (default 10 minutes). */
  jobTimeoutMs?: number;
}

/** What a call answered besides its data: the `X-Service-*` headers. */
export interface CallMeta {
  requestId: string | null;
  /** Credits charged (`X-Service-Credits`). */
  credits: number;
  /** `HIT`, `MISS` or `BYPASS`. */
  cache: string | null;
  source: string | null;
  /** The balance after the call, in credits, when the service said. */
  balance: number | null;
}

function metaOf(response: Response): CallMeta {
  const number = (name: string) => {
    const value = response.headers.get(name);
    return value === null ? null : Number(value);
  };
  return {
    requestId: response.headers.get("x-service-request-id"),
    credits: number("x-service-credits") ?? 0,
    cache: response.headers.get("x-service-cache"),
    source: response.headers.get("x-service-source"),
    balance: number("x-service-balance"),
  };
}

/**
 * A typed client of the service. `get(path, query)` calls an operation and resolves with its `data` (typed from
 * the OpenAPI document); a call still running after the service's deadline (202) is polled until it finishes
 * (`waitForJob`); a non-2xx answer throws {@link ApiError}. `http` is the underlying openapi-fetch client for
 * everything else (POST /v1/batch, /v1/monitors…), typed by path and method.
 */
export function createClient(options: ClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const http = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: (request: Request) => fetchImpl(request),
  });
  const jobTimeoutMs = options.jobTimeoutMs ?? 600_000;

  /**
   * Polls `GET /v1/jobs/{jobId}` (waiting `retryAfterSeconds` between polls) until the call finished.
   * @returns the final answer's body and headers.
   * @throws ApiError for the call's own error, or `job_timeout` (retryable) after `jobTimeoutMs`.
   */
  async function waitForJob(handle: JobHandle): Promise<{ body: unknown; response: Response }> {
    const deadline = Date.now() + jobTimeoutMs;
    let wait = handle.retryAfterSeconds;
    for (;;) {
      if (Date.now() + wait * 1000 > deadline)
        throw new ApiError(
          504,
          {
            code: "job_timeout",
            message: `job ${handle.jobId} still running`,
            retryable: true,
            requestId: "",
          },
          null,
        );
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      const { data, error, response } = await http.GET("/v1/jobs/{jobId}", {
        params: { path: { jobId: handle.jobId } },
      });
      if (error !== undefined || !response.ok) throw ApiError.from(response, error);
      if (response.status !== 202) return { body: data, response };
      wait = (data as { data: JobHandle }).data.retryAfterSeconds;
    }
  }

  /**
   * `GET path?query` with its `data` and `X-Service-*` headers; a 202 is waited for.
   * @throws ApiError for any non-2xx answer (of the call or of its job).
   */
  async function call<P extends GetPath>(
    path: P,
    query: QueryOf<P>,
  ): Promise<{ data: DataOf<P>; meta: CallMeta }> {
    const get = http.GET as unknown as (
      path: string,
      init: { params: { query: unknown } },
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, { params: { query } });
    if (error !== undefined || !response.ok) throw ApiError.from(response, error);
    if (response.status === 202) {
      const final = await waitForJob((data as { data: JobHandle }).data);
      return { data: (final.body as { data: DataOf<P> }).data, meta: metaOf(final.response) };
    }
    return { data: (data as { data: DataOf<P> }).data, meta: metaOf(response) };
  }

  return {
    http,
    call,
    /** `call` resolving with the `data` alone. */
    get: async <P extends GetPath>(path: P, query: QueryOf<P>): Promise<DataOf<P>> =>
      (await call(path, query)).data,
    waitForJob,
  };
}

/** A client made by {@link createClient}. */
export type Client = ReturnType<typeof createClient>;
