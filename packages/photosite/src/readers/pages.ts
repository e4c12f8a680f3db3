import { parseCount, toUtcIso } from "@sda/text";
import { exactMediaId } from "../inputs/shortcode.ts";
import { readMetaTags } from "./meta-tags.ts";
import type { Media } from "./model.ts";
import { captionHashtags, captionMentions, mediaUrl } from "./parts.ts";
import type { Count, Profile } from "./profile.ts";

/**
 * Readers of the logged-out HTML pages, which carry meta tags only (corpus: `html-profile-pluto__travel-loggedout`,
 * `html-post-COn3M4TnRi1-loggedout`). Their counts are labels ("2,362 Followers", "534K likes"): compact labels are
 * expanded and flagged approximate (SPEC §2.2), the label is kept.
 */

function count(label: string | undefined): Count {
  const parsed = parseCount(label ?? null);
  return parsed
    ? { value: parsed.value, approximate: parsed.approximate, text: label ?? null }
    : { value: null, approximate: false, text: null };
}

const PROFILE_COUNTS =
  /([\d.,]+\s?[KMB]?)\s+Followers?,\s*([\d.,]+\s?[KMB]?)\s+Following,\s*([\d.,]+\s?[KMB]?)\s+Posts?/i;
const TITLE = /^(.*?)\s*\(@([A-Za-z0-9._]+)\)/;

/**
 * Reads a profile page (`GET /<username>/`): `og:description` "2,362 Followers, 136 Following, 224 Posts - …",
 * `og:title` "Name (@username) • …", the bio quoted in `description`, `og:image` (a small avatar).
 * @returns null when the page has no profile counts (a login page or an error page).
 */
export function readProfilePage(html: string): Profile | null {
  const tags = readMetaTags(html);
  const description = tags.get("og:description") ?? tags.get("description") ?? "";
  const counts = PROFILE_COUNTS.exec(description);
  if (!counts) return null;
  const title = TITLE.exec(tags.get("og:title") ?? "");
  const bio = /on Instagram: "([\s\S]*)"\s*$/.exec(tags.get("description") ?? "");
  const username =
    title?.[2] ??
    /instagram:\/\/user\?username=([A-Za-z0-9._]+)/.exec(tags.get("al:ios:url") ?? "")?.[1] ??
    null;
  return {
    id: null,
    username: username?.toLowerCase() ?? null,
    fullName: title?.[1] ?? null,
    bio: bio?.[1] ?? null,
    avatar: tags.get("og:image") ?? null,
    followers: count(counts[1]),
    following: count(counts[2]),
    postCount: count(counts[3]),
    verified: null,
    isPrivate: null,
    externalUrl: null,
    bioLinks: [],
    fbid: null,
    isBusinessAccount: null,
    isProfessionalAccount: null,
    businessCategory: null,
    category: null,
    businessAddress: null,
    businessEmail: null,
    businessPhone: null,
    businessContactMethod: null,
    highlightCount: null,
    hasClips: null,
    pronouns: [],
    isEmbedsDisabled: null,
  };
}

/** What a post page adds to the media it describes: the labels its counts and date were read from. */
export interface PostPageLabels {
  likes: Count;
  comments: Count;
  /** "May 8, 2021": the day only, so `takenAt` is approximate (midnight UTC of that day). */
  takenAtText: string | null;
}

const POST_DESCRIPTION =
  /^([\d.,]+\s?[KMB]?)\s+likes?,\s*([\d.,]+\s?[KMB]?)\s+comments?\s+-\s+([A-Za-z0-9._]+)\s+on\s+([A-Z][a-z]+ \d{1,2}, \d{4})(?::\s*"([\s\S]*)")?/;
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

function dayIso(label: string): string | null {
  const match = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(label);
  const month = MONTHS.indexOf((match?.[1] ?? "").toLowerCase());
  if (!match || month < 0) return null;
  return toUtcIso(`${match[3]}-${String(month + 1).padStart(2, "0")}-${(match[2] ?? "").padStart(2, "0")}`);
}

/**
 * Reads a post page (`GET /p/<shortcode>/`): `description` "534K likes, 5,064 comments - willyrex on May 8, 2021:
 * "caption"", `og:image`, `instapp:owner_user_id`, `al:ios:url` (`instagram://media?id=<pk>`).
 * @returns null when the page does not describe a post.
 */
export function readPostPage(
  html: string,
  shortcode: string,
): { media: Media; labels: PostPageLabels } | null {
  const tags = readMetaTags(html);
  const description = POST_DESCRIPTION.exec(tags.get("description") ?? tags.get("og:description") ?? "");
  if (!description) return null;
  const caption = description[5] ?? null;
  const mediaPk = /media\?id=(\d+)/.exec(tags.get("al:ios:url") ?? "")?.[1];
  const likes = count(description[1]);
  const comments = count(description[2]);
  const takenAtText = description[4] ?? null;
  const media: Media = {
    id: exactMediaId(mediaPk, undefined, shortcode),
    shortcode,
    url: mediaUrl(shortcode, false),
    type: null,
    productType: null,
    isReel: false,
    caption,
    hashtags: captionHashtags(caption),
    mentions: captionMentions(caption),
    takenAt: takenAtText ? dayIso(takenAtText) : null,
    likeCount: likes.value,
    commentCount: comments.value,
    viewCount: null,
    playCount: null,
    likeAndViewCountsDisabled: null,
    durationSeconds: null,
    width: null,
    height: null,
    imageUrl: tags.get("og:image") ?? null,
    videoUrl: tags.get("og:video") ?? tags.get("og:video:secure_url") ?? null,
    mediaCount: null,
    children: [],
    author: {
      id: tags.get("instapp:owner_user_id") ?? null,
      username: description[3]?.toLowerCase() ?? null,
      fullName: TITLE.exec(tags.get("twitter:title") ?? "")?.[1] ?? null,
      verified: null,
      avatar: null,
      isPrivate: null,
    },
    location: null,
    music: null,
    isPaidPartnership: null,
    sponsors: [],
    commercialityStatus: null,
    isPinned: false,
    accessibilityCaption: null,
  };
  return { media, labels: { likes, comments, takenAtText } };
}
