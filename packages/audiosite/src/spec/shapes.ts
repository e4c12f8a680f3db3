import { component, count, isoDate, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the audiosite outputs share (SoundCloud api-v2: users, tracks, playlists, comments), built on core's
 * shared shapes. Ids are strings (they exceed 32 bits); platform fields are nullable, always-keyed ones required.
 */

const id = z.string().describe("SoundCloud's numeric id, as a string (ids exceed 32 bits).");

/** A user embedded in a track, playlist or comment (`author`). */
export const author = component(
  "AudiositeAuthor",
  z.object({
    id,
    urn: z.string().describe("`soundcloud:users:<id>`."),
    username: z.string().nullable().describe("The URL slug (`permalink`)."),
    displayName: z.string().nullable().describe("The name the site shows (api-v2's `username`)."),
    url: url.nullable(),
    avatar: url.nullable(),
    verified: z.boolean().nullable(),
    followers: count.nullable(),
    city: z.string().nullable(),
    country: z.string().nullable().describe("ISO 3166-1 alpha-2."),
  }),
  "A SoundCloud user as embedded in a track, playlist or comment.",
);

/** A user profile. */
export const userProfile = component(
  "AudiositeUser",
  z.object({
    platform: z.literal("audiosite"),
    id,
    urn: z.string(),
    username: z.string().nullable().describe("The URL slug (`permalink`)."),
    displayName: z.string().nullable().describe("The name the site shows (api-v2's `username`)."),
    fullName: z.string().nullable(),
    url: url.nullable(),
    bio: z.string().nullable(),
    avatar: url.nullable(),
    banner: url.nullable().describe("The first visual (`-original`), or null."),
    city: z.string().nullable(),
    country: z.string().nullable().describe("ISO 3166-1 alpha-2."),
    followers: count.nullable(),
    following: count.nullable(),
    postCount: count.nullable().describe("Tracks (`track_count`)."),
    trackCount: count.nullable(),
    playlistCount: count.nullable(),
    likesCount: count.nullable(),
    playlistLikesCount: count.nullable(),
    commentsCount: count.nullable(),
    verified: z.boolean().nullable(),
    badges: z
      .object({
        pro: z.boolean().nullable(),
        proUnlimited: z.boolean().nullable(),
        creatorMidTier: z.boolean().nullable(),
        verified: z.boolean().nullable(),
      })
      .nullable(),
    plan: z.string().nullable().describe("The creator subscription (`free`, `creator-pro-unlimited`, …)."),
    createdAt: timestamp.nullable(),
    lastModified: timestamp.nullable(),
  }),
  "A SoundCloud user profile.",
);

/** Label metadata of a release (`publisher_metadata`). */
export const publisher = component(
  "AudiositePublisher",
  z.object({
    artist: z.string().nullable(),
    albumTitle: z.string().nullable(),
    releaseTitle: z.string().nullable(),
    isrc: z.string().nullable(),
    upc: z.string().nullable().describe("UPC or EAN (`upc_or_ean`)."),
    explicit: z.boolean().nullable(),
    pLine: z.string().nullable(),
    cLine: z.string().nullable(),
    writerComposer: z.string().nullable(),
    containsMusic: z.boolean().nullable(),
  }),
  "Label metadata of a track (publisher_metadata).",
);

/** A stream format of a track (no URL: it needs the key and expires). */
export const streamFormat = component(
  "AudiositeFormat",
  z.object({
    protocol: z
      .string()
      .nullable()
      .describe("`progressive`, `hls`, `ctr-encrypted-hls`, `cbc-encrypted-hls`."),
    mimeType: z.string().nullable(),
    preset: z.string().nullable(),
    quality: z.string().nullable(),
    snipped: z.boolean().nullable(),
    durationMs: count.nullable(),
    isLegacy: z.boolean().nullable(),
  }),
  "A stream format (transcoding) of a track.",
);

/** A track. */
export const track = component(
  "AudiositeTrack",
  z.object({
    platform: z.literal("audiosite"),
    id,
    urn: z.string(),
    url: url.nullable(),
    permalink: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    createdAt: timestamp.nullable().describe("The upload."),
    releaseDate: isoDate.nullable(),
    displayDate: timestamp
      .nullable()
      .describe("What the site shows: the release date when set, else the upload."),
    lastModified: timestamp.nullable(),
    durationMs: count.nullable().describe("The playable length (30 s for a preview)."),
    durationSeconds: count.nullable().describe("`durationMs` / 1000, floored."),
    fullDurationMs: count.nullable(),
    isSnippet: z.boolean().describe("`policy` is `SNIP`: a 30 s preview (Go+)."),
    isGeoBlocked: z.boolean().describe("`policy` is `BLOCK` (as seen from the service's country)."),
    policy: z.string().nullable().describe("`ALLOW`, `MONETIZE`, `SNIP` or `BLOCK`."),
    monetizationModel: z.string().nullable(),
    genre: z.string().nullable(),
    tags: z.array(z.string()),
    machineTags: z.array(z.string()),
    license: z.string().nullable(),
    labelName: z.string().nullable(),
    artworkUrl: url.nullable(),
    waveformUrl: url.nullable(),
    playCount: count.nullable(),
    likeCount: count.nullable(),
    repostCount: count.nullable(),
    commentCount: count.nullable().describe("Comments including replies."),
    downloadCount: count.nullable(),
    commentable: z.boolean().nullable(),
    streamable: z.boolean().nullable(),
    downloadable: z.boolean().nullable(),
    sharing: z.string().nullable(),
    author: author.nullable(),
    publisher: publisher.nullable(),
    formats: z.array(streamFormat),
  }),
  "A SoundCloud track.",
);

/** The fields of a playlist or album (without its tracks). */
export const playlistFields = {
  platform: z.literal("audiosite"),
  id,
  urn: z.string().describe("`soundcloud:playlists:<id>`."),
  url: url.nullable(),
  permalink: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: timestamp.nullable(),
  publishedAt: timestamp.nullable(),
  displayDate: timestamp.nullable(),
  releaseDate: isoDate.nullable(),
  lastModified: timestamp.nullable(),
  isAlbum: z.boolean().nullable(),
  setType: z.string().nullable().describe("`album`, `ep`, `single`, `compilation`, or null for a playlist."),
  genre: z.string().nullable(),
  tags: z.array(z.string()),
  license: z.string().nullable(),
  labelName: z.string().nullable(),
  artworkUrl: url.nullable(),
  durationMs: count.nullable(),
  durationSeconds: count.nullable(),
  trackCount: count.nullable(),
  likeCount: count.nullable(),
  repostCount: count.nullable(),
  sharing: z.string().nullable(),
  author: author.nullable(),
};

/** A playlist or album in a list. */
export const playlist = component(
  "AudiositePlaylistSummary",
  z.object(playlistFields),
  "A SoundCloud playlist or album (without its tracks).",
);

/** A track of a playlist whose details could not be read (its batch failed): only its id. */
export const trackStub = component(
  "AudiositeTrackStub",
  z.object({ id, urn: z.string() }),
  "A playlist track whose details could not be read.",
);

/** A top-level comment of a track. */
export const comment = component(
  "AudiositeComment",
  z.object({
    id,
    urn: z.string().describe("`soundcloud:comments:<id>`."),
    text: z.string().nullable(),
    createdAt: timestamp.nullable(),
    timestampMs: count.nullable().describe("Where in the track the comment was placed, ms."),
    trackId: z.string().nullable(),
    author: author.nullable(),
  }),
  "A comment on a track.",
);

/** Fields of lists read for one user. */
export const userListFields = {
  url: url.nullable().describe("The user's SoundCloud link."),
  userId: z.string(),
};

/** Fields of lists read for one track. */
export const trackListFields = {
  url: url.nullable().describe("The track's SoundCloud link."),
  trackId: z.string(),
};
