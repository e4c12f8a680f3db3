import { type JsonView, view } from "./json-view.ts";

/**
 * Profiles, from the platform's two profile answers:
 * - `GET /api/v1/users/web_profile_info/?username=` → `data.user` (Graph-style counts `edge_followed_by.count`,
 *   `edge_follow.count`, `edge_owner_to_timeline_media.count`, `business_address_json` as a JSON string);
 * - `GET /api/v1/users/<pk>/info/` → `user` (v1 counts `follower_count`, `following_count`, `media_count`, address
 *   as `address_street`, `city_name`, `zip`, `latitude`, `longitude`).
 */

/** A link of the profile's bio (`bio_links[]`). */
export interface BioLink {
  url: string;
  title: string | null;
  /** `external`, `linktree`… as the platform types it. */
  type: string | null;
}

/** The business address (`business_address_json` parsed, or the v1 address fields). */
export interface BusinessAddress {
  street: string | null;
  city: string | null;
  cityId: string | null;
  zipCode: string | null;
  lat: number | null;
  lng: number | null;
}

/** A count with its provenance: exact from the API, or read from a page label (SPEC §2.2). */
export interface Count {
  value: number | null;
  approximate: boolean;
  /** The label it was read from ("97.9M"), or null for API counts. */
  text: string | null;
}

/** Everything the profile operations read from a profile answer. */
export interface Profile {
  id: string | null;
  username: string | null;
  fullName: string | null;
  bio: string | null;
  /** HD profile picture when the answer has it. */
  avatar: string | null;
  followers: Count;
  following: Count;
  postCount: Count;
  verified: boolean | null;
  isPrivate: boolean | null;
  externalUrl: string | null;
  bioLinks: BioLink[];
  /** The profile's Facebook-side id (`fbid`, `fbid_v2`). */
  fbid: string | null;
  isBusinessAccount: boolean | null;
  isProfessionalAccount: boolean | null;
  businessCategory: string | null;
  category: string | null;
  businessAddress: BusinessAddress | null;
  businessEmail: string | null;
  businessPhone: string | null;
  businessContactMethod: string | null;
  highlightCount: number | null;
  hasClips: boolean | null;
  pronouns: string[];
  isEmbedsDisabled: boolean | null;
}

const exact = (value: number | null): Count => ({ value, approximate: false, text: null });

/** The platform writes "None" for an empty category and "" for an empty link title. */
function meaningful(value: string | null): string | null {
  return value === null || value === "None" || value.trim() === "" ? null : value;
}

/**
 * Parses `business_address_json` (a JSON string such as `{"city_name": null, "street_address": null, ...}`).
 * @returns the address (fields null when the platform has none), or null when the field is null or not JSON.
 */
export function parseBusinessAddress(json: string | null): BusinessAddress | null {
  if (!json) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const address = view(parsed);
  if (!address.isObject()) return null;
  return {
    street: address.text("street_address"),
    city: address.text("city_name"),
    cityId: address.id("city_id"),
    zipCode: address.text("zip_code"),
    lat: address.number("latitude"),
    lng: address.number("longitude"),
  };
}

function v1Address(user: JsonView): BusinessAddress | null {
  const address: BusinessAddress = {
    street: user.text("address_street"),
    city: user.text("city_name"),
    cityId: user.id("city_id"),
    zipCode: user.text("zip"),
    lat: user.number("latitude"),
    lng: user.number("longitude"),
  };
  return Object.values(address).every((v) => v === null) ? null : address;
}

function bioLinks(user: JsonView): BioLink[] {
  const links: BioLink[] = [];
  for (const link of user.list("bio_links")) {
    const url = link.text("url") ?? link.text("lynx_url");
    if (url) links.push({ url, title: meaningful(link.string("title")), type: link.text("link_type") });
  }
  return links;
}

/**
 * Reads a profile user object of either answer (`web_profile_info`'s `data.user` or v1 info's `user`).
 * @returns null when it is not an object.
 */
export function readProfile(user: JsonView): Profile | null {
  if (!user.isObject()) return null;
  return {
    id: user.id("id") ?? user.id("pk") ?? user.id("pk_id"),
    username: user.text("username"),
    fullName: user.string("full_name"),
    bio: user.string("biography"),
    avatar:
      user.text("profile_pic_url_hd") ??
      user.text("hd_profile_pic_url_info", "url") ??
      user.text("profile_pic_url"),
    followers: exact(user.int("edge_followed_by", "count") ?? user.int("follower_count")),
    following: exact(user.int("edge_follow", "count") ?? user.int("following_count")),
    postCount: exact(user.int("edge_owner_to_timeline_media", "count") ?? user.int("media_count")),
    verified: user.bool("is_verified"),
    isPrivate: user.bool("is_private"),
    externalUrl: user.text("external_url"),
    bioLinks: bioLinks(user),
    fbid: user.id("fbid") ?? user.id("fbid_v2"),
    isBusinessAccount: user.bool("is_business_account") ?? user.bool("is_business"),
    isProfessionalAccount: user.bool("is_professional_account"),
    businessCategory: meaningful(user.string("business_category_name")),
    category: meaningful(user.string("category_name")) ?? meaningful(user.string("category")),
    businessAddress: parseBusinessAddress(user.string("business_address_json")) ?? v1Address(user),
    businessEmail: user.text("business_email") ?? user.text("public_email"),
    businessPhone:
      user.text("business_phone_number") ??
      user.text("public_phone_number") ??
      user.text("contact_phone_number"),
    businessContactMethod: meaningful(user.string("business_contact_method")),
    highlightCount: user.int("highlight_reel_count"),
    hasClips: user.bool("has_clips"),
    pronouns: user.list("pronouns").flatMap((p) => (p.text() ? [p.text() as string] : [])),
    isEmbedsDisabled: user.bool("is_embeds_disabled"),
  };
}

/** The profile grid embedded in `web_profile_info` (2022 answers; `edges: []` in 2024 logged-in answers). */
export interface EmbeddedTimeline {
  nodes: JsonView[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Reads `edge_owner_to_timeline_media` of a `web_profile_info` user. */
export function readEmbeddedTimeline(user: JsonView): EmbeddedTimeline {
  const timeline = user.at("edge_owner_to_timeline_media");
  return {
    nodes: timeline.edges(),
    endCursor: timeline.text("page_info", "end_cursor"),
    hasNextPage: timeline.bool("page_info", "has_next_page") ?? false,
  };
}
