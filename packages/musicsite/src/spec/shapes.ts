import { component, count, listPage, profileCore, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the musicsite outputs share (Bandcamp: artists and labels, releases as commerce listings, physical
 * packages, search results), built on core's shared shapes. Ids are decimal strings (band ids pass 2^32). Amounts are
 * numbers in the currency's major unit as Bandcamp states them (`13.0` EUR, `1980.0` JPY); currencies ISO 4217.
 */

const id = z.string().describe("Bandcamp's numeric id, as a decimal string.");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A calendar day, `YYYY-MM-DD` (Bandcamp dates releases by day, GMT).");
const currency = z.string().describe("ISO 4217 code (`USD`, `EUR`, `GBP`, `JPY`…).");

/** A release kind. */
export const releaseType = z.enum(["album", "track"]);

/** One release of an artist's discography (`band_details.discography[]`). */
export const discographyItem = component(
  "MusicsiteDiscographyItem",
  z.object({
    id,
    type: releaseType,
    title: z.string(),
    artist: z.string().nullable().describe("The release's artist, else the band's name."),
    releaseDate: day.nullable(),
    purchasable: z.boolean().nullable(),
    artId: z
      .string()
      .nullable()
      .describe("The cover art's image id (`https://f4.bcbits.com/img/a<artId>_10.jpg`)."),
    bandId: z.string().nullable(),
  }),
  "A release in an artist's or label's discography.",
);

/** An artist or label: SPEC §2.8's profile core plus Bandcamp's fields. */
export const artist = component(
  "MusicsiteArtist",
  z.object({
    ...profileCore,
    name: z.string(),
    location: z.string().nullable(),
    imageId: z.string().nullable().describe("The artist photo's image id (`bio_image_id`)."),
    sites: z.array(z.object({ url, title: z.string().nullable() })).describe("Links the artist lists."),
    releases: z.array(discographyItem).describe("The whole discography, in the site's order."),
    albumCount: count,
    trackCount: count,
    artists: z
      .array(
        z.object({
          id,
          name: z.string(),
          location: z.string().nullable(),
          imageId: z.string().nullable(),
        }),
      )
      .describe("A label's roster (empty for an artist)."),
  }),
  "A Bandcamp artist or label with its discography.",
);

/** The digital item's price. */
export const price = z.object({
  amount: z.number().describe("`current.minimum_price` (0 = name your price), never `set_price`."),
  currency: currency.nullable(),
  isSetPrice: z.boolean(),
  nameYourPrice: z.boolean().describe("Amount 0 and not a set price: free, or pay more."),
});

/** A track of a release. */
export const track = z.object({
  id,
  number: z.int().nullable(),
  title: z.string(),
  durationSeconds: count.nullable().describe("Whole seconds (floor)."),
  durationMs: count.nullable(),
  streamable: z.boolean().describe("False when Bandcamp offers no stream of it (no `file`)."),
});

/** An option of a package (a colour, a size). */
const packageOption = z.object({
  id,
  title: z.string().nullable(),
  sku: z.string().nullable(),
  quantityAvailable: count.nullable(),
  soldOut: z.boolean(),
});

/** A physical package (vinyl, CD, cassette, shirt…) of a release. */
export const releasePackage = component(
  "MusicsitePackage",
  z.object({
    id,
    title: z.string().nullable(),
    type: z
      .string()
      .nullable()
      .describe("Bandcamp's format name (`Vinyl LP`, `Compact Disc (CD)`, `Cassette`…)."),
    typeId: z.int().nullable(),
    price: z.number().nullable(),
    currency: currency.nullable(),
    soldOut: z.boolean().describe("`quantity_available == 0`."),
    quantityAvailable: count.nullable().describe("Units left; null = not limited."),
    sku: z.string().nullable(),
    optionsTitle: z.string().nullable(),
    options: z.array(packageOption),
    description: z.string().nullable(),
    imageUrls: z.array(url),
  }),
  "A physical package of a release, with its price and stock.",
);

/** A release: the commerce listing. */
export const release = component(
  "MusicsiteRelease",
  z.object({
    platform: z.literal("musicsite"),
    id,
    type: releaseType,
    title: z.string(),
    artist: z.string().nullable(),
    bandId: z.string().nullable(),
    sellingBandId: z
      .string()
      .nullable()
      .describe("The band selling it (a label can sell an artist's release)."),
    url: url.nullable(),
    releaseDate: day.nullable(),
    price,
    purchasable: z.boolean(),
    freeDownload: z.boolean(),
    preorder: z.boolean(),
    tracks: z.array(track),
    packages: z.array(releasePackage),
    tags: z.array(z.string()).describe("Repeats removed, in Bandcamp's order."),
    artworkUrl: url.nullable(),
    about: z.string().nullable(),
    credits: z.string().nullable(),
    label: z.string().nullable(),
    upc: z.string().nullable(),
  }),
  "A Bandcamp album or track as a commerce listing: price, availability, tracks and packages.",
);

/** A package as `release-packages` lists it: with the last change of its state the service observed. */
export const observedPackage = component(
  "MusicsiteObservedPackage",
  z.object({
    ...releasePackage.shape,
    change: z
      .enum(["new", "soldOut", "restocked", "price"])
      .describe(
        "The last change of its state the service observed: first seen, sold out, back in stock, price changed.",
      ),
    changedAt: timestamp.describe("When the service first saw its current state."),
  }),
  "A package with the last change of its stock or price the service observed.",
);

/** A search result. */
export const searchResult = component(
  "MusicsiteSearchResult",
  z.object({
    type: z.enum(["artist", "album", "track"]),
    id,
    title: z.string(),
    url: url.nullable().describe("Without the search tracking query."),
    imageUrl: url.nullable(),
    subhead: z
      .string()
      .nullable()
      .describe("`by <artist>`, `from <album> by <artist>`, or an artist's location."),
    genre: z.string().nullable(),
    tags: z.array(z.string()),
  }),
  "A Bandcamp search result: an artist or label, an album, a track.",
);

/** `musicsite.search`: one page of results. */
export const searchOutput = listPage("results", searchResult, {
  query: z.string(),
  page: z.int().min(1),
});

/** An autocomplete suggestion. */
export const suggestion = component(
  "MusicsiteSuggestion",
  z.object({
    type: z.enum(["artist", "album", "track"]),
    id,
    name: z.string(),
    url: url.nullable(),
    bandId: z.string().nullable().describe("The artist's id (its own id for an artist)."),
    bandName: z.string().nullable(),
    imageUrl: url.nullable(),
    genre: z.string().nullable(),
    tags: z.array(z.string()),
  }),
  "A search suggestion (Bandcamp's autocomplete).",
);
