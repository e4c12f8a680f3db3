import { load } from "cheerio";
import { type ChatIdentity, descriptionOf } from "./identity.ts";
import { absoluteUrl, readExactCount, usernameOfLink } from "./values.ts";

/**
 * The landing card of a name, `GET /<name>` (`tgme_page`): a channel (`N subscribers`, a "Preview channel" link when
 * its web preview is on), a group (`N members, M online`), a user or bot (a title, no count), or nothing ("Telegram:
 * Contact @<name>", a user icon, no `tgme_page_title`). Counts here are exact, grouped with spaces.
 */

/** What the card says the name is. */
export type LandingKind = "channel" | "group" | "other" | "none";

/** A landing card read. */
export interface LandingCard extends ChatIdentity {
  kind: LandingKind;
  /** The exact subscriber or member count, and the number as shown (`11 110 268`). */
  followers: number | null;
  followersText: string | null;
  /** Members online (groups), else null. */
  online: number | null;
  /** True when the card links the web preview (`/s/<name>`, "Preview channel"). */
  previewAvailable: boolean;
}

/**
 * Reads a landing card.
 * @returns the card, or null when the body is no `tgme_page` card.
 */
export function readLandingCard(html: string): LandingCard | null {
  const $ = load(html);
  const page = $(".tgme_page").first();
  if (page.length === 0 || page.hasClass("tgme_page_post")) return null;
  const title = page.find(".tgme_page_title").first();
  const resolve = $('a[href^="tg://resolve"]').first().attr("href");
  const username = usernameOfLink(resolve);
  const description = page.find(".tgme_page_description").first();
  if (title.length === 0)
    return {
      kind: "none",
      username,
      displayName: null,
      verified: false,
      avatar: null,
      bio: null,
      bioHtml: null,
      followers: null,
      followersText: null,
      online: null,
      previewAvailable: false,
    };
  const extra = page.find(".tgme_page_extra").first().text().trim();
  const count = readExactCount(extra);
  const name = title.clone();
  name.find(".verified-icon").remove();
  return {
    kind: count === null ? "other" : count.kind === "members" ? "group" : "channel",
    username,
    displayName: name.text().trim() || null,
    verified: title.find(".verified-icon").length > 0,
    avatar: absoluteUrl(page.find("img.tgme_page_photo_image").first().attr("src")),
    ...descriptionOf(description),
    followers: count?.value ?? null,
    followersText: count?.label ?? null,
    online: count?.online ?? null,
    previewAvailable: page.find('a.tgme_page_context_link[href^="/s/"]').length > 0,
  };
}
