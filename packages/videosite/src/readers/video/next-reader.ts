import { collapseWhitespace, parseCount, parseIntegerString } from "@sda/text";
import { ORIGIN } from "../../inputs/site.ts";
import { arrayAt, at, isObject, type JsonObject, objectAt, stringAt, textOf } from "../innertube/json.ts";

/** A count read from the watch-next data, with how it was read. */
export interface EngagementCount {
  /** The count; null when not shown. */
  count: number | null;
  /** True when it came from a compact label ("5.4m", "21k"). Always false when `count` is null. */
  approximate: boolean;
  /** The label as shown ("5.4m", "72", "501k"), or null. */
  text: string | null;
  /**
   * - `read`: the count was found;
   * - `hidden`: the platform shows the control without a number (likes hidden by the owner) or says comments are
   *   turned off;
   * - `missing`: nothing recognisable was found (a layout this reader does not know).
   */
  state: "read" | "hidden" | "missing";
}

/** A link of the description (SPEC §2.6 `descriptionLinks`). */
export interface DescriptionLink {
  /** Absolute URL; `/redirect?q=` wrappers are unwrapped to their target. */
  url: string;
  /** The linked text as shown (whitespace collapsed), or null when empty. */
  text: string | null;
}

/** Everything this package reads from a `/next` answer (or a watch page's `ytInitialData`). */
export interface NextInfo {
  /** True when the primary and secondary info renderers were both found. */
  found: boolean;
  likes: EngagementCount;
  comments: EngagementCount;
  /** Links of the description; null when no description renderer was found. */
  descriptionLinks: DescriptionLink[] | null;
  /** The description text of the secondary renderer, or null. */
  description: string | null;
  /** Verified or official-artist badge on the owner; null when the owner block was not found. */
  channelVerified: boolean | null;
  /** Channel handle path (`/@BKCHarvard`) of the owner, or null. */
  channelPath: string | null;
  /** True when the title block carries the "Unlisted" badge; null when the title block was not found. */
  isUnlisted: boolean | null;
}

const VERIFIED_STYLES = new Set(["BADGE_STYLE_TYPE_VERIFIED", "BADGE_STYLE_TYPE_VERIFIED_ARTIST"]);
const MISSING: EngagementCount = { count: null, approximate: false, text: null, state: "missing" };
const HIDDEN: EngagementCount = { count: null, approximate: false, text: null, state: "hidden" };

function watchContents(next: unknown): unknown[] {
  return arrayAt(next, "contents", "twoColumnWatchNextResults", "results", "results", "contents");
}

function findRenderer(next: unknown, key: string): JsonObject | undefined {
  for (const item of watchContents(next)) {
    const renderer = objectAt(item, key);
    if (renderer) return renderer;
  }
  return undefined;
}

/** A count from an exact integer and/or labels: exact integer, then an exact label, then a compact label. */
function countFromLabels(exact: number | null, title: string | undefined, labels: (string | undefined)[]) {
  // The shown label is kept only when it shows a number ("5.4m"); a bare "Like" is no count label.
  const text = title && parseCount(title) ? title.trim() : null;
  if (exact !== null)
    return { count: exact, approximate: false, text: text ?? String(exact), state: "read" } as const;
  for (const label of labels) {
    const parsed = parseCount(label);
    if (parsed && !parsed.approximate)
      return { count: parsed.value, approximate: false, text, state: "read" } as const;
  }
  const parsed = parseCount(title);
  if (parsed) return { count: parsed.value, approximate: parsed.approximate, text, state: "read" } as const;
  return HIDDEN;
}

/**
 * The like count of the title block. Source: `videoPrimaryInfoRenderer.videoActions.menuRenderer.topLevelButtons[]`:
 * - `segmentedLikeDislikeButtonViewModel` (2024+): `likeCountEntity.likeCountIfIndifferentNumber` when present, else
 *   the like button view model's `accessibilityText` ("like this video along with 5,471,574 other people", exact) and
 *   `title` ("5.4m", compact);
 * - `segmentedLikeDislikeButtonRenderer` (2023): `likeCount` (exact), the toggle button's accessibility label and
 *   `defaultText`;
 * - a bare `toggleButtonRenderer` with the LIKE icon (older layouts).
 * A like button without any number means the owner hid the count (`hidden`).
 */
export function readLikes(primary: unknown): EngagementCount {
  for (const button of arrayAt(primary, "videoActions", "menuRenderer", "topLevelButtons")) {
    const viewModel = objectAt(button, "segmentedLikeDislikeButtonViewModel");
    if (viewModel) {
      const entity = objectAt(viewModel, "likeCountEntity");
      const model = objectAt(
        viewModel,
        "likeButtonViewModel",
        "likeButtonViewModel",
        "toggleButtonViewModel",
        "toggleButtonViewModel",
        "defaultButtonViewModel",
        "buttonViewModel",
      );
      return countFromLabels(
        parseIntegerString(entity?.likeCountIfIndifferentNumber),
        stringAt(model, "title") ?? textOf(entity?.likeCountIfIndifferent),
        [stringAt(model, "accessibilityText"), textOf(entity?.expandedLikeCountIfIndifferent)],
      );
    }
    const segmented = objectAt(button, "segmentedLikeDislikeButtonRenderer");
    const toggle =
      objectAt(segmented, "likeButton", "toggleButtonRenderer") ??
      (stringAt(button, "toggleButtonRenderer", "defaultIcon", "iconType") === "LIKE"
        ? objectAt(button, "toggleButtonRenderer")
        : undefined);
    if (segmented || toggle) {
      return countFromLabels(parseIntegerString(segmented?.likeCount), textOf(toggle?.defaultText), [
        stringAt(toggle, "accessibilityData", "accessibilityData", "label"),
        stringAt(toggle, "accessibility", "label"),
        stringAt(toggle, "defaultText", "accessibility", "accessibilityData", "label"),
      ]);
    }
  }
  return MISSING;
}

/**
 * The comment count. Sources, first found wins: the comments engagement panel's header `contextualInfo` ("501k");
 * the comments entry point's `commentCount` (`itemSectionRenderer` → `commentsEntryPointHeaderRenderer`); a
 * `commentsHeaderRenderer.countText` with a number. A `messageRenderer` in the comment section ("Comments are turned
 * off") gives `hidden`.
 */
export function readCommentCount(next: unknown): EngagementCount {
  const fromText = (text: string | undefined): EngagementCount | null => {
    const parsed = parseCount(text);
    return parsed && text
      ? { count: parsed.value, approximate: parsed.approximate, text: text.trim(), state: "read" }
      : null;
  };
  for (const panel of arrayAt(next, "engagementPanels")) {
    const renderer = objectAt(panel, "engagementPanelSectionListRenderer");
    const id = stringAt(renderer, "panelIdentifier") ?? stringAt(renderer, "targetId") ?? "";
    if (!id.includes("comment")) continue;
    const found = fromText(
      textOf(at(renderer, "header", "engagementPanelTitleHeaderRenderer", "contextualInfo")),
    );
    if (found) return found;
  }
  let disabled = false;
  for (const item of watchContents(next)) {
    const section = objectAt(item, "itemSectionRenderer");
    if (!section) continue;
    const header = fromText(textOf(at(section, "header", "commentsHeaderRenderer", "countText")));
    if (header) return header;
    for (const content of arrayAt(section, "contents")) {
      const entry = fromText(textOf(at(content, "commentsEntryPointHeaderRenderer", "commentCount")));
      if (entry) return entry;
      if (
        stringAt(section, "sectionIdentifier") === "comment-item-section" &&
        objectAt(content, "messageRenderer")
      )
        disabled = true;
    }
  }
  return disabled ? HIDDEN : MISSING;
}

/** Unwraps `https://www.youtube.com/redirect?…&q=<target>` and makes relative platform paths absolute. */
export function unwrapLink(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, ORIGIN);
  } catch {
    return null;
  }
  const isPlatform = /(^|\.)youtube\.com$/i.test(parsed.hostname);
  if (isPlatform && parsed.pathname === "/redirect") {
    const target = parsed.searchParams.get("q");
    if (target) return unwrapLink(/^[a-z][a-z0-9+.-]*:/i.test(target) ? target : `https://${target}`);
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
}

/**
 * The target of a description command, or null for commands that are not links: timestamps (a `watchEndpoint` to
 * this same video) and hashtags.
 */
function linkTarget(command: unknown, videoId: string): string | null {
  if (!isObject(command)) return null;
  const metadataUrl = stringAt(command, "commandMetadata", "webCommandMetadata", "url");
  const url = stringAt(command, "urlEndpoint", "url");
  if (url) return unwrapLink(url);
  const watch = objectAt(command, "watchEndpoint");
  if (watch) {
    if (stringAt(watch, "videoId") === videoId && !stringAt(watch, "playlistId")) return null;
    const target = metadataUrl ?? `/watch?v=${stringAt(watch, "videoId") ?? ""}`;
    return unwrapLink(target);
  }
  const browse = objectAt(command, "browseEndpoint");
  if (browse) {
    const path = stringAt(browse, "canonicalBaseUrl") ?? metadataUrl;
    if (!path || path.startsWith("/hashtag/")) return null;
    return unwrapLink(path);
  }
  return metadataUrl ? unwrapLink(metadataUrl) : null;
}

/**
 * The description of the secondary info renderer and its links.
 * Sources: `videoSecondaryInfoRenderer.attributedDescription` (`content` + `commandRuns[]` with UTF-16
 * `startIndex`/`length` and `onTap.innertubeCommand`), or the older `description.runs[]` with `navigationEndpoint`.
 * Kept: URL links (unwrapped), channel mentions, links to other videos. Dropped: timestamps of this video, hashtags.
 */
export function readDescription(
  secondary: unknown,
  videoId: string,
): { text: string | null; links: DescriptionLink[] } | null {
  const links: DescriptionLink[] = [];
  const push = (url: string | null, text: string | undefined) => {
    if (!url) return;
    const label = text === undefined ? null : collapseWhitespace(text) || null;
    if (!links.some((link) => link.url === url && link.text === label)) links.push({ url, text: label });
  };
  const attributed = objectAt(secondary, "attributedDescription");
  if (attributed) {
    const content = stringAt(attributed, "content") ?? "";
    for (const run of arrayAt(attributed, "commandRuns")) {
      const start = at(run, "startIndex");
      const length = at(run, "length");
      const text =
        typeof start === "number" && typeof length === "number"
          ? content.slice(start, start + length)
          : undefined;
      push(linkTarget(at(run, "onTap", "innertubeCommand"), videoId), text);
    }
    return { text: content, links };
  }
  const description = objectAt(secondary, "description");
  if (description) {
    for (const run of arrayAt(description, "runs"))
      push(linkTarget(at(run, "navigationEndpoint"), videoId), stringAt(run, "text"));
    return { text: textOf(description) ?? null, links };
  }
  return null;
}

function readOwner(secondary: unknown): { verified: boolean | null; path: string | null } {
  const owner = objectAt(secondary, "owner", "videoOwnerRenderer");
  if (!owner) return { verified: null, path: null };
  const verified = arrayAt(owner, "badges").some((badge) => {
    const style = stringAt(badge, "metadataBadgeRenderer", "style");
    return style !== undefined && VERIFIED_STYLES.has(style);
  });
  return {
    verified,
    path: stringAt(owner, "navigationEndpoint", "browseEndpoint", "canonicalBaseUrl") ?? null,
  };
}

function readUnlisted(primary: JsonObject | undefined): boolean | null {
  if (!primary) return null;
  return arrayAt(primary, "badges").some((badge) => {
    const renderer = objectAt(badge, "metadataBadgeRenderer");
    return (
      stringAt(renderer, "icon", "iconType") === "PRIVACY_UNLISTED" ||
      stringAt(renderer, "label") === "Unlisted"
    );
  });
}

/**
 * Reads a `/next` answer (source: `POST /youtubei/v1/next`, or a watch page's `ytInitialData`, which has the same
 * shape). Never throws; parts that are missing read as null/`missing`; an answer whose `currentVideoEndpoint` names
 * another video reads as empty.
 * @param next the raw answer.
 * @param videoId the video the answer is about (to tell timestamps from links to other videos).
 */
export function readNext(next: unknown, videoId: string): NextInfo {
  // An answer about another video (a redirect, a wrong recording) must not fill this one's fields.
  const answeredId = stringAt(next, "currentVideoEndpoint", "watchEndpoint", "videoId");
  if (answeredId !== undefined && answeredId !== videoId) return readNext({}, videoId);
  const primary = findRenderer(next, "videoPrimaryInfoRenderer");
  const secondary = findRenderer(next, "videoSecondaryInfoRenderer");
  const description = secondary ? readDescription(secondary, videoId) : null;
  const owner = readOwner(secondary);
  return {
    found: primary !== undefined && secondary !== undefined,
    likes: primary ? readLikes(primary) : MISSING,
    comments: readCommentCount(next),
    descriptionLinks: description?.links ?? null,
    description: description?.text ?? null,
    channelVerified: owner.verified,
    channelPath: owner.path,
    isUnlisted: readUnlisted(primary),
  };
}
