import { arrayAt, isObject, type JsonObject, stringAt, textOf } from "../innertube/json.ts";
import { unwrapLink } from "../video/next-reader.ts";

/**
 * The About panel of a channel: `aboutChannelRenderer.metadata.aboutChannelViewModel`, answered to the continuation
 * that the channel header's description preview (or its "and N more links" suffix) carries, and also embedded in
 * the `/about` page. Fields: `description`, `country` (English name), `subscriberCountText`, `viewCountText`
 * ("1,234,567 views", exact), `videoCountText`, `joinedDateText.content` ("Joined Sep 22, 2008"),
 * `canonicalChannelUrl`, `channelId`, `links[].channelExternalLinkViewModel` (`title.content`, `link.content` and
 * `link.commandRuns[].onTap.innertubeCommand.urlEndpoint.url`, a `/redirect?q=` wrapper), `signInForBusinessEmail`
 * (the business e-mail is shown only to signed-in viewers, so it is never read from here).
 */
export interface ChannelAbout {
  channelId: string | null;
  description: string | null;
  /** Country as the platform names it (English with `hl=en`). */
  country: string | null;
  subscriberCountText: string | null;
  viewCountText: string | null;
  videoCountText: string | null;
  joinedDateText: string | null;
  canonicalChannelUrl: string | null;
  /** Links as absolute URLs (redirect wrappers removed). */
  links: { text: string | null; url: string }[];
}

/** Finds the first object under `key` below a value (depth-first, bounded). */
function findKey(value: unknown, key: string, depth = 0): JsonObject | undefined {
  if (depth > 30 || typeof value !== "object" || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findKey(entry, key, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const direct = (value as JsonObject)[key];
  if (isObject(direct)) return direct;
  for (const entry of Object.values(value)) {
    const found = findKey(entry, key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function readLink(entry: unknown): { text: string | null; url: string } | null {
  const model = isObject(entry) ? (entry.channelExternalLinkViewModel ?? entry) : undefined;
  const target =
    arrayAt(model, "link", "commandRuns")
      .map((run) => stringAt(run, "onTap", "innertubeCommand", "urlEndpoint", "url"))
      .find((url) => url !== undefined) ?? stringAt(model, "link", "content");
  if (!target) return null;
  const url = unwrapLink(
    /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/") ? target : `https://${target}`,
  );
  return url ? { text: stringAt(model, "title", "content") ?? null, url } : null;
}

/**
 * Reads the About panel out of a continuation answer or page data.
 * @returns the panel, or null when the answer holds none.
 */
export function readChannelAbout(answer: unknown): ChannelAbout | null {
  const model = findKey(answer, "aboutChannelViewModel");
  if (!model) return null;
  const text = (key: string) => {
    const value = model[key];
    return (typeof value === "string" ? value : textOf(value))?.trim() || null;
  };
  return {
    channelId: text("channelId"),
    description: text("description"),
    country: text("country"),
    subscriberCountText: text("subscriberCountText"),
    viewCountText: text("viewCountText"),
    videoCountText: text("videoCountText"),
    joinedDateText: text("joinedDateText"),
    canonicalChannelUrl: text("canonicalChannelUrl"),
    links: arrayAt(model, "links").flatMap((entry) => {
      const link = readLink(entry);
      return link ? [link] : [];
    }),
  };
}
