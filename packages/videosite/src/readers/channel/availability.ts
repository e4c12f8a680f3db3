import { fail } from "../../errors.ts";
import { arrayAt, objectAt, stringAt, textOf } from "../innertube/json.ts";
import { selectedTab } from "../listing/list-page.ts";

/** A channel tab as the platform answered it, with the answer's `Date` (reference of its relative labels). */
export interface ChannelPage {
  channelId: string;
  answer: unknown;
  date: Date | null;
}

/**
 * Refuses a channel page that shows no channel: a terminated channel (header without metadata plus an ERROR
 * `alertRenderer`), an age-gated one (`channelAgeGateRenderer`, shown to signed-out clients), or any other
 * error alert without content.
 * @throws ServiceError 404 `channel_unavailable` with `details.reason` `terminated` | `age_restricted` |
 *   `unavailable` and the platform's message.
 */
export function assertChannelAvailable(page: ChannelPage): void {
  const { answer, channelId } = page;
  const tabContent = objectAt(selectedTab(answer), "content");
  const ageGate = arrayAt(tabContent, "sectionListRenderer", "contents")
    .map((section) => objectAt(section, "channelAgeGateRenderer"))
    .find((gate) => gate !== undefined);
  if (ageGate)
    throw fail("channel_unavailable", "this channel is age-restricted and needs a signed-in viewer", {
      details: {
        channelId,
        reason: "age_restricted",
        title: textOf(ageGate.channelTitle) ?? null,
      },
    });
  if (objectAt(answer, "metadata", "channelMetadataRenderer") || objectAt(answer, "contents")) return;
  const alert = arrayAt(answer, "alerts")
    .map((entry) => objectAt(entry, "alertRenderer"))
    .find((renderer) => renderer && stringAt(renderer, "type") === "ERROR");
  const message = textOf(alert?.text) ?? "this channel is not available";
  const terminated = /terminated|removed|suspended|violat/i.test(message);
  throw fail("channel_unavailable", message, {
    details: { channelId, reason: terminated ? "terminated" : "unavailable" },
  });
}
