import type { z } from "zod";
import type { artist, discographyItem } from "../spec/shapes.ts";
import { releaseTypeOf } from "./release.ts";
import { dayOf, flagOf, idOf, imageUrl, objectOf, objectsOf, stringOf } from "./values.ts";

/** An artist or label (see the `MusicsiteArtist` shape). */
export type MusicArtist = z.output<typeof artist>;
type DiscographyItem = z.output<typeof discographyItem>;

/** The outcome of `band_details`: the band, or its error answer (HTTP 200 `{"error":true,"error_message":…}`). */
export type BandDetails = { band: MusicArtist } | { error: string };

/** The artist's name on `<name>.bandcamp.com`, or null for a custom domain. */
function subdomainOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.endsWith(".bandcamp.com") ? host.slice(0, -".bandcamp.com".length) : null;
  } catch {
    return null;
  }
}

/** One entry of `discography[]`; `artist_name` null means the band's own (`band_name`). */
function readDiscographyItem(raw: Record<string, unknown>, bandName: string): DiscographyItem | null {
  const id = idOf(raw.item_id);
  const type = releaseTypeOf(raw.item_type);
  if (id === null || type === null) return null;
  return {
    id,
    type,
    title: stringOf(raw.title) ?? "",
    artist: stringOf(raw.artist_name, true) ?? stringOf(raw.band_name, true) ?? bandName,
    releaseDate: dayOf(raw.release_date),
    purchasable: flagOf(raw.is_purchasable),
    artId: idOf(raw.art_id),
    bandId: idOf(raw.band_id),
  };
}

/**
 * Reads `POST https://bandcamp.com/api/mobile/22/band_details` (`{"band_id":"<id>"}`): `{id, name, bio, location,
 * bandcamp_url, sites[], discography[], artists[], bio_image_id}`. `albumCount` / `trackCount` count `releases`;
 * `postCount` is the number of releases; a `""` bio is null.
 * @param platform the platform it is on (`ctx.platform`).
 * @returns the band, `{ error }` for Bandcamp's error answer, or null for a body that is neither.
 */
export function readBandDetails(value: unknown, platform: string): BandDetails | null {
  const raw = objectOf(value);
  if (!raw) return null;
  if (raw.error === true) return { error: stringOf(raw.error_message) ?? "error" };
  const id = idOf(raw.id);
  if (id === null) return null;
  const name = stringOf(raw.name) ?? "";
  const url = stringOf(raw.bandcamp_url, true);
  const releases = objectsOf(raw.discography).flatMap((item) => readDiscographyItem(item, name) ?? []);
  const imageId = idOf(raw.bio_image_id);
  return {
    band: {
      platform,
      id,
      username: subdomainOf(url),
      url,
      displayName: name,
      bio: stringOf(raw.bio, true),
      avatar: imageUrl(imageId, "image"),
      banner: imageUrl(idOf(raw.header_image_id), "image"),
      followers: null,
      postCount: releases.length,
      verified: null,
      createdAt: null,
      name,
      location: stringOf(raw.location, true),
      imageId,
      sites: objectsOf(raw.sites).flatMap((site) => {
        const siteUrl = stringOf(site.url, true);
        return siteUrl ? [{ url: siteUrl, title: stringOf(site.title, true) }] : [];
      }),
      releases,
      albumCount: releases.filter((r) => r.type === "album").length,
      trackCount: releases.filter((r) => r.type === "track").length,
      artists: objectsOf(raw.artists).flatMap((member) => {
        const memberId = idOf(member.id);
        if (memberId === null) return [];
        return [
          {
            id: memberId,
            name: stringOf(member.name) ?? "",
            location: stringOf(member.location, true),
            imageId: idOf(member.image_id),
          },
        ];
      }),
    },
  };
}

/** The band id of a page's `data-band` (`{id, name, …}`), or null. */
export function bandIdOf(band: Record<string, unknown> | null): string | null {
  return idOf(objectOf(band)?.id);
}
