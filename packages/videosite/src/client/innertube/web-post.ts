import type { UpstreamResponse } from "@sda/contract";
import type { UpstreamContext } from "../context.ts";
import { type InnertubeEndpoint, innertubeUrl, webContext, webHeaders } from "./config.ts";

/** Options of one WEB innertube POST. */
export interface WebPostOptions {
  /** Statuses the caller reads itself (e.g. 400/404 of `browse` and `resolve_url` for unknown channels). */
  acceptStatus?: readonly number[];
  /** Extra query string, starting with `&` (e.g. `&$fields=sidebar,header`). */
  query?: string;
  /** Region asked of the platform (`context.client.gl`, ISO-3166 alpha-2); default the service's LOCALE. */
  region?: string;
}

/**
 * POSTs a WEB-client innertube request: `{ context, ...body }` to `/youtubei/v1/<endpoint>` with the WEB headers.
 * Used for `browse` (channel tabs, playlists, continuations), `search`, `navigation/resolve_url` and the comment
 * continuations of `next`.
 * @returns the buffered answer; its `date` (the `Date` header) is the reference of every relative label inside.
 * @throws ServiceError `upstream_*` for statuses outside 2xx and `acceptStatus`, timeouts and transport failures.
 */
export async function postWeb(
  ctx: UpstreamContext,
  endpoint: InnertubeEndpoint,
  body: Record<string, unknown>,
  options: WebPostOptions = {},
): Promise<UpstreamResponse> {
  const base = webContext();
  const context = options.region ? { ...base, client: { ...base.client, gl: options.region } } : base;
  return ctx.http.request(
    {
      url: innertubeUrl(endpoint, options.query ?? ""),
      method: "POST",
      headers: webHeaders(),
      body: JSON.stringify({ context, ...body }),
      ...(options.acceptStatus ? { acceptStatus: options.acceptStatus } : {}),
    },
    ctx.signal,
  );
}
