/**
 * The audiosite (SoundCloud) package: the api-v2 client with the web app's key, resolve of links, urns and short
 * links, typed readers of users, tracks, playlists, comments, likes, search and charts, and the audiosite operations'
 * handlers (the audio transcript through `@sda/media`). The platform spec (no extraction code: each operation carries
 * the lazy import of its handler) is the `./spec` export.
 */
export { AudiositeApi } from "./client/api.ts";
export { type AudiositeErrorCode, audiositeErrorCodes } from "./errors.ts";
export { type AudioRef, parseAudioRef, type ResourceKind } from "./inputs/ref.ts";
export { readPlaylist } from "./readers/playlist.ts";
export { readTrack } from "./readers/track.ts";
export { readUser } from "./readers/user.ts";
export { audiositePlatform } from "./spec.ts";
