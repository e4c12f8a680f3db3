/**
 * Every identifier the photo platform's web client sends, in one place: hosts, the web app id, the GraphQL query
 * names with their `doc_id`s, the retired `query_hash`es, and the web client's headers. The platform changes
 * `doc_id`s often; when it does, this file is the only one to edit.
 *
 * Source: the platform's web client as recorded in `shared/corpus/photosite` (README §3 "photosite"), 2024-03.
 */

/** The live web host; every request URL is written on it (the upstream client routes it to the configured origin). */
export const WEB_ORIGIN = "https://www.instagram.com";

/** The mobile API host, which answers the same `/api/v1/...` paths as the web host. */
export const API_ORIGIN = "https://i.instagram.com";

/** The legacy oEmbed endpoint (`?url=<post URL>`), whose `html` is the platform's own embed snippet. */
export const LEGACY_OEMBED_URL = "https://api.instagram.com/oembed/";

/** `X-IG-App-ID` of the web client: without it the `/api/v1/` web endpoints answer 400 "useragent mismatch". */
export const WEB_APP_ID = "936619743392459";

/** `X-ASBD-ID` the web client sends with every API call. */
export const ASBD_ID = "129477";

/** Headers of every web API call (the user agent comes from UPSTREAM_USER_AGENT through the upstream client). */
export const WEB_HEADERS: Readonly<Record<string, string>> = {
  accept: "*/*",
  "accept-language": "en-US,en;q=0.9",
  "x-ig-app-id": WEB_APP_ID,
  "x-asbd-id": ASBD_ID,
  "x-requested-with": "XMLHttpRequest",
  referer: `${WEB_ORIGIN}/`,
  origin: WEB_ORIGIN,
};

/** Headers of a page (HTML) request: the browser's, without the API markers. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.9",
};

/** One persisted GraphQL query of the web client: its friendly name and `doc_id`. */
export interface GraphqlQuery {
  /** `fb_api_req_friendly_name`, also sent as `X-FB-Friendly-Name`. */
  readonly name: string;
  readonly docId: string;
}

/**
 * The GraphQL queries the service sends to `POST /api/graphql` (form body `doc_id`, `fb_api_req_friendly_name`,
 * `variables`). Root fields of the answers are in {@link ROOT_FIELDS}.
 */
export const QUERIES = {
  /** Profile posts, first page; variables `{username}`. */
  profilePosts: { name: "PolarisProfilePostsQuery", docId: "7354141574647290" },
  /** Profile posts, later pages; variables `{username, after}`. */
  profilePostsPage: { name: "PolarisProfilePostsTabContentQuery_connection", docId: "7784658434954494" },
  /** Reels tab, first page; variables `{data: {target_user_id, page_size}}`. */
  profileReels: { name: "PolarisProfileReelsTabContentQuery", docId: "7191572580905225" },
  /** Reels tab, later pages; variables `{data: {target_user_id}, after}`. */
  profileReelsPage: { name: "PolarisProfileReelsTabContentQuery_connection", docId: "7631884496822310" },
  /** Tagged posts, first page; variables `{user_id, count}`. */
  profileTagged: { name: "PolarisProfileTaggedTabContentQuery", docId: "7289408964443685" },
  /** Tagged posts, later pages; variables `{user_id, after}`. */
  profileTaggedPage: { name: "PolarisProfileTaggedTabContentQuery_connection", docId: "6933349160067627" },
  /** One post by shortcode; variables `{shortcode}`. */
  post: { name: "PolarisPostRootQuery", docId: "25369833802607926" },
  /** Comments, first page; variables `{media_id}`. */
  comments: { name: "PolarisPostCommentsContainerQuery", docId: "7336110846449933" },
  /** Comments, later pages; variables `{media_id, after}`. */
  commentsPage: { name: "PolarisPostCommentsPaginationQuery", docId: "6974885689225067" },
  /** The search box; variables `{data: {query, context: "blended", search_surface: "web_top_search"}}`. The 2024-03
   * `doc_id` was not recorded; this one is from public web-client captures of 2024-10. */
  topSearch: { name: "PolarisSearchBoxRefetchableQuery", docId: "9153895011291216" },
  /** The non-personalised user search; variables `{query, hasQuery: true}`. Name and `doc_id` were not recorded
   * (the recorded answer is matched on its variables); these are the ones public web-client code sends. */
  nonProfiledSearch: { name: "PolarisSearchBoxNonProfiledRefetchableQuery", docId: "26347858941511777" },
} as const satisfies Record<string, GraphqlQuery>;

/** Root fields under `data` of the GraphQL answers. */
export const ROOT_FIELDS = {
  timeline: "xdt_api__v1__feed__user_timeline_graphql_connection",
  reels: "xdt_api__v1__clips__user__connection_v2",
  tagged: "xdt_api__v1__usertags__user_id__feed_connection",
  post: "xdt_api__v1__media__shortcode__web_info",
  comments: "xdt_api__v1__media__media_id__comments__connection",
  topSearch: "xdt_api__v1__fbsearch__topsearch_connection",
  nonProfiledSearch: "xdt_api__v1__fbsearch__non_profiled_serp",
} as const;

/**
 * The retired 2020 `GET /graphql/query/?query_hash=` queries (`Graph*` typenames, `edge_*` connections), still the
 * only recorded source of story highlights; used after the current v1 highlights endpoints.
 */
export const LEGACY_QUERY_HASHES = {
  /** Profile extras incl. `edge_highlight_reels`; variables `{user_id, include_highlight_reels: true, ...}`. */
  highlightAlbums: "ad99dd9d3646cc3c0dda65debcd266a7",
  /** Story and highlight items; variables `{highlight_reel_ids: [...], reel_ids: [], ...}`. */
  reelsMedia: "5ec1d322b38839230f8e256e1f638d5f",
} as const;

/** Page size the web client asks for on profile grids, reels and tagged posts. */
export const GRID_PAGE_SIZE = 12;

/** The embed script every classic embed snippet loads (the platform's embed builder). */
export const EMBED_SCRIPT_URL = "//www.instagram.com/embed.js";

/** `data-instgrm-version` of the classic embed snippet the platform's embed builder writes today. */
export const EMBED_VERSION = "14";
