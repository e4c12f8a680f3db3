import type { UpstreamResponse } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { type GraphqlQuery, PAGE_HEADERS, WEB_HEADERS, WEB_ORIGIN } from "./config.ts";
import type { PhotositeContext } from "./context.ts";
import {
  checkGraphqlAnswer,
  classifyFailure,
  LOGIN_WALL_WAIT_SECONDS,
  loginRequired,
  PlatformNotFound,
  RATE_LIMIT_WAIT_SECONDS,
} from "./failures.ts";
import { docIdOf, type PhotositeIdentities, photositeIdentities } from "./identities.ts";
import { coolDown, pickSession, rememberCsrfToken, type WebSession } from "./sessions.ts";

/** One call of the platform's web client. */
export interface WebCall {
  /** Absolute URL on the live host (`https://www.instagram.com/api/v1/...`). */
  url: string;
  method?: "GET" | "POST";
  /** Form fields of a POST (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  /** `api` (JSON, the web API headers) or `page` (HTML, browser headers; redirects followed). */
  kind?: "api" | "page";
  /** Extra headers (e.g. `X-FB-Friendly-Name`). */
  headers?: Record<string, string>;
}

const LOGIN_PATH = /\/accounts\/login|\/challenge\//;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function headersFor(
  call: WebCall,
  session: WebSession,
  identities: PhotositeIdentities,
): Record<string, string> {
  const headers: Record<string, string> = {
    ...(call.kind === "page"
      ? PAGE_HEADERS
      : { ...WEB_HEADERS, "x-ig-app-id": identities.appId, "x-asbd-id": identities.asbdId }),
    "x-csrftoken": session.csrfToken,
    cookie: session.cookies ?? `csrftoken=${session.csrfToken}`,
    ...call.headers,
  };
  if (call.kind === "page") delete headers["x-csrftoken"];
  if (call.form) headers["content-type"] = "application/x-www-form-urlencoded";
  return headers;
}

/**
 * Sends one web call with the session pool's cookies and proxy and the web client's headers, and maps the platform's
 * refusals (see `failures.ts`). A session that hits a login wall or a rate limit cools down.
 *
 * @returns the 2xx answer (for `page` calls: after redirects, unless they end on the login page).
 * @throws PlatformNotFound when the platform says the resource does not exist (HTTP 404 or a 400 naming it);
 *   ServiceError 502 `upstream_login_required`, `upstream_rate_limited`, or another `upstream_*` code.
 */
export async function callWeb(ctx: PhotositeContext, call: WebCall): Promise<UpstreamResponse> {
  const session = await pickSession(ctx);
  const identities = await photositeIdentities(ctx);
  let response: UpstreamResponse;
  try {
    response = await ctx.http.request(
      {
        url: call.url,
        method: call.method ?? "GET",
        headers: headersFor(call, session, identities),
        ...(call.form ? { body: new URLSearchParams(call.form).toString() } : {}),
        ...(session.proxy ? { proxy: session.proxy } : {}),
        acceptStatus: [301, 302, 400, 401, 429],
        followRedirects: call.kind === "page",
      },
      ctx.signal,
    );
  } catch (error) {
    // The upstream client answers a real 404 as `upstream_error` with the status; the replay's no-match 404 keeps
    // `replay: "no_match"` and is never taken for a platform answer.
    if (
      error instanceof ServiceError &&
      error.details.upstreamStatus === 404 &&
      error.details.replay === undefined
    )
      throw new PlatformNotFound(`${new URL(call.url).pathname} answered 404`);
    throw error;
  }
  if (session.index < 0) await rememberCsrfToken(ctx, response.headers["set-cookie"]);
  const location = String(response.headers.location ?? "");
  const failure =
    response.status === 301 || response.status === 302
      ? LOGIN_PATH.test(location)
        ? loginRequired(`redirect to ${new URL(location, WEB_ORIGIN).pathname}`)
        : fail("upstream_error", `photosite redirected an API call to ${location}`, {
            details: { upstreamStatus: response.status },
          })
      : response.status >= 400
        ? classifyFailure(response.status, response.text(), headerValue(response.headers["retry-after"]))
        : call.kind === "page" && LOGIN_PATH.test(new URL(response.url).pathname)
          ? loginRequired("redirect to the login page")
          : null;
  if (failure) {
    if (failure instanceof ServiceError && failure.code === "upstream_login_required")
      await coolDown(ctx, session, LOGIN_WALL_WAIT_SECONDS * 10);
    if (failure instanceof ServiceError && failure.code === "upstream_rate_limited")
      await coolDown(ctx, session, failure.retryAfterSeconds ?? RATE_LIMIT_WAIT_SECONDS);
    throw failure;
  }
  return response;
}

/**
 * A web API call whose answer must be JSON.
 * @throws as {@link callWeb}; ServiceError `upstream_login_required` when HTML (the login page) comes back instead.
 */
export async function callJson(ctx: PhotositeContext, call: WebCall): Promise<unknown> {
  const response = await callWeb(ctx, { ...call, kind: "api" });
  const text = response.text();
  try {
    return JSON.parse(text);
  } catch {
    if (/<html/i.test(text.slice(0, 2048))) throw loginRequired("login page instead of JSON");
    throw fail("upstream_error", "photosite answered a body that is not JSON", {
      details: { url: new URL(call.url).pathname },
    });
  }
}

/**
 * `POST /api/graphql` with the web client's form body: `doc_id`, `fb_api_req_friendly_name`, `variables` (JSON text),
 * plus `X-FB-Friendly-Name` (corpus README §3: the recordings match on the name or the `doc_id`; both are sent). The
 * `doc_id` is the configured one when the identities document names this query (see `identities.ts`).
 * @returns the parsed answer `{data: {...}, extensions}`.
 * @throws as {@link callJson}; ServiceError for GraphQL errors answered with HTTP 200 (see `checkGraphqlAnswer`).
 */
export async function callGraphql(
  ctx: PhotositeContext,
  query: GraphqlQuery,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const docId = docIdOf(await photositeIdentities(ctx), query);
  const answer = await callJson(ctx, {
    url: `${WEB_ORIGIN}/api/graphql`,
    method: "POST",
    headers: { "x-fb-friendly-name": query.name },
    form: {
      fb_api_caller_class: "RelayModern",
      fb_api_req_friendly_name: query.name,
      variables: JSON.stringify(variables),
      server_timestamps: "true",
      doc_id: docId,
    },
  });
  checkGraphqlAnswer(answer, query.name);
  return answer;
}
