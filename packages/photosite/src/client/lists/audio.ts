import type { UpstreamPage } from "@sda/contract";
import { type AudioPageInfo, readAudioPage } from "../../readers/audio.ts";
import { readMediaRows, toUpstreamPage } from "../../readers/connection.ts";
import { view } from "../../readers/json-view.ts";
import type { Media } from "../../readers/model.ts";
import { WEB_ORIGIN } from "../config.ts";
import type { PhotositeContext } from "../context.ts";
import { callJson } from "../web.ts";

/**
 * Pages of an audio page: `POST /api/v1/clips/music/` form {audio_cluster_id, max_id}; items `items[].media`, next
 * page `paging_info.max_id` while `paging_info.more_available`. Every page repeats `metadata`; the first one read is
 * kept in `info.current`.
 */
export function audioPages(ctx: PhotositeContext, audioId: string, info: { current: AudioPageInfo | null }) {
  return async (after: string | null): Promise<UpstreamPage<Media>> => {
    const answer = view(
      await callJson(ctx, {
        url: `${WEB_ORIGIN}/api/v1/clips/music/`,
        method: "POST",
        form: { audio_cluster_id: audioId, ...(after === null ? {} : { max_id: after }) },
      }),
    );
    info.current ??= readAudioPage(answer);
    return toUpstreamPage({
      rows: readMediaRows(ctx, answer.list("items"), (item) => item.at("media"), "audio"),
      nextAfter: answer.text("paging_info", "max_id"),
      hasNext: answer.bool("paging_info", "more_available") ?? false,
    });
  };
}
