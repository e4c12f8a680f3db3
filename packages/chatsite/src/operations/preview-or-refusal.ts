import type { ServiceError } from "@sda/core";
import type { PreviewQuery, TmeClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import type { LandingCard } from "../readers/landing.ts";
import type { PreviewPage } from "../readers/preview-page.ts";

/**
 * Why a name's landing card gives no chat to read: 404 `channel_not_found` when it names nothing (or a user or bot,
 * which are no chats), else 422 `preview_unavailable` with `details.type` (`group`, or `channel` for a channel whose
 * preview is off).
 */
export function refusalOf(card: LandingCard, name: string): ServiceError {
  if (card.kind === "none" || card.kind === "other")
    return fail(
      "channel_not_found",
      card.kind === "none"
        ? `t.me/${name} names no channel or group`
        : `t.me/${name} is a user or bot, not a channel or group`,
      { details: { username: name } },
    );
  return fail(
    "preview_unavailable",
    `t.me/${name} is a ${card.kind} without a public web preview (t.me/s/${name})`,
    { details: { type: card.kind, username: name } },
  );
}

/**
 * The preview page of `name` (with `query`), or the refusal its landing card gives.
 * @throws ServiceError 404 `channel_not_found`, 422 `preview_unavailable`, 502 `upstream_error` when the landing card
 *   says a preview exists that `/s/` did not serve, other `upstream_*` errors.
 */
export async function previewOrRefusal(
  client: TmeClient,
  name: string,
  query: PreviewQuery = {},
): Promise<PreviewPage> {
  const answer = await client.preview(name, query);
  if (answer.kind === "preview") return answer.page;
  const card = answer.kind === "landing" ? answer.card : await client.landing(name);
  if (card.kind === "channel" && card.previewAvailable)
    throw fail("upstream_error", `chatsite: t.me/s/${name} did not serve the preview its card links`, {
      details: { reason: "preview_missing" },
      retryAfterSeconds: 30,
    });
  throw refusalOf(card, name);
}
