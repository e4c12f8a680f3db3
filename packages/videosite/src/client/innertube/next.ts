import { fail } from "../../errors.ts";
import { isObject } from "../../readers/innertube/json.ts";
import type { UpstreamContext } from "../context.ts";
import { innertubeUrl, webContext, webHeaders } from "./config.ts";

/**
 * The WEB watch-next answer of a video (what the watch page renders below the player: title block, like button,
 * owner with badges, description with links, engagement panels with the comment count).
 * Source: `POST /youtubei/v1/next` with the WEB context and `{ videoId }` (no `continuation`).
 * @returns the raw answer (read it with `readNext`).
 * @throws ServiceError `upstream_*` when the request fails or the answer has no `contents`.
 */
export async function fetchNext(ctx: UpstreamContext, videoId: string): Promise<unknown> {
  const response = await ctx.http.request(
    {
      url: innertubeUrl("next"),
      method: "POST",
      headers: webHeaders(),
      body: JSON.stringify({ context: webContext(), videoId, contentCheckOk: true, racyCheckOk: true }),
    },
    ctx.signal,
  );
  const raw = response.json<unknown>();
  if (!isObject(raw) || !isObject(raw.contents))
    throw fail("upstream_error", "videosite: the /next answer has no contents", {});
  return raw;
}
