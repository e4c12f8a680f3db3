import { describe, expect, it } from "vitest";
import { recordedJson, recordedText } from "../../test/corpus.ts";
import { readPageData } from "./page-data.ts";
import { readReleasePage, readTralbumDetails } from "./release.ts";

// Every release page of the corpus, read as the recordings answer it (corpus README "musicsite (Bandcamp)").
const page = (caseId: string, index = 0) =>
  readReleasePage(readPageData(recordedText(caseId, index)), "musicsite");

describe("release pages (data-tralbum + JSON-LD)", () => {
  it("an album on a label's custom domain: EUR 0.0 or more (never set_price 9.0), one Vinyl LP sold out", () => {
    const release = page("album-usopop-garun-ta-eztarri-vinyl-sold-out");
    expect(release).toMatchObject({
      platform: "musicsite",
      id: "497769399",
      type: "album",
      title: "Garun Ta Eztarri",
      artist: "BANANAS",
      bandId: "3826445168",
      url: "https://diskak.usopop.com/album/garun-ta-eztarri",
      releaseDate: "2021-10-14",
      price: { amount: 0, currency: "EUR", isSetPrice: false, nameYourPrice: true },
      purchasable: true,
      freeDownload: false,
      preorder: false,
      tags: ["Spain"],
      artworkUrl: "https://f4.bcbits.com/img/a2032928691_10.jpg",
      label: "Usopop",
      upc: null,
    });
    expect(release?.tracks).toHaveLength(8);
    expect(release?.tracks[0]).toEqual({
      id: "1403385263",
      number: 1,
      title: "Beste Behin",
      durationSeconds: 147,
      durationMs: 147529,
      streamable: true,
    });
    expect(release?.packages).toEqual([
      {
        id: "2350208166",
        title: '12" Biniloa',
        type: "Vinyl LP",
        typeId: 2,
        price: 13,
        currency: "EUR",
        soldOut: true,
        quantityAvailable: 0,
        sku: "U-GTE-12B",
        optionsTitle: "Kolorea",
        options: [
          { id: "1851329502", title: "Beltza", sku: "U-GTE-12B-K", quantityAvailable: 0, soldOut: true },
          { id: "3984996044", title: "Horia", sku: "U-GTE-12B-K-1", quantityAvailable: 0, soldOut: true },
        ],
        description: null,
        imageUrls: [
          "https://f4.bcbits.com/img/0026405647_10.jpg",
          "https://f4.bcbits.com/img/0026405646_10.jpg",
        ],
      },
    ]);
    expect(release?.about).toMatch(/^BANANAS\r\nIri - bateria/);
    expect(release?.credits).toMatch(/^- Grabaketa: BANANAS/);
  });

  it("a paid album: the minimum price 7.0 USD, not set_price 5.0; no tracks listed", () => {
    expect(page("album-billwurtz-high-enough")).toMatchObject({
      id: "1155172328",
      title: "high enough",
      artist: "bill wurtz",
      price: { amount: 7, currency: "USD", isSetPrice: true, nameYourPrice: false },
      tracks: [],
      packages: [],
      tags: ["Music", "Pop"],
      releaseDate: "2014-09-17",
    });
  });

  it("a soundtrack album with 62 tracks at 7.0 USD", () => {
    const release = page("album-infiniteammo-night-in-the-woods");
    expect(release).toMatchObject({
      id: "816099561",
      artist: "Alec Holowka",
      bandId: "3321800855",
      price: { amount: 7, currency: "USD", nameYourPrice: false },
    });
    expect(release?.tracks).toHaveLength(62);
    expect(release?.tracks.map((t) => t.number).slice(0, 3)).toEqual([1, 2, 3]);
    expect(release?.tracks.every((t) => t.streamable)).toBe(true);
  });

  it("an album sold at 0.0 or more and its five track pages at 1.5, in the seller's GBP", () => {
    expect(page("album-macbenson-coming-of-age", 0)).toMatchObject({
      id: "2833347880",
      type: "album",
      title: "Coming of Age",
      price: { amount: 0, currency: "GBP", isSetPrice: true, nameYourPrice: false },
      releaseDate: "2019-11-01",
    });
    const tracks = [1, 2, 3, 4, 5].map((i) => page("album-macbenson-coming-of-age", i));
    expect(tracks.map((t) => t?.id)).toEqual([
      "1945815714",
      "1321421939",
      "1468634196",
      "2615778504",
      "1281325629",
    ]);
    for (const track of tracks) {
      expect(track).toMatchObject({ type: "track", artist: "mac benson", bandId: "1196681540" });
      // The track pages carry no digital offer: the currency is the seller's (data-band-currency).
      expect(track?.price).toEqual({ amount: 1.5, currency: "GBP", isSetPrice: false, nameYourPrice: false });
      expect(track?.tracks).toHaveLength(1);
    }
  });

  it("an album and eight track pages, two with covers of their own; most tracks 0.0 or more, one 1.5", () => {
    const album = page("album-zachbensonarchive-results-of-boredom", 0);
    expect(album).toMatchObject({
      id: "4043000510",
      artist: "Zach Benson",
      price: { amount: 0, currency: "USD" },
    });
    expect(album?.tracks).toHaveLength(8);
    const tracks = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => page("album-zachbensonarchive-results-of-boredom", i));
    expect(tracks.map((t) => t?.price.amount)).toEqual([0, 0, 0, 1.5, 0, 0, 0, 0]);
    const cover = (artId: string) => `https://f4.bcbits.com/img/a${artId}_10.jpg`;
    expect(tracks.map((t) => t?.artworkUrl)).toEqual([
      ...Array(5).fill(cover("3815124459")),
      cover("0812776663"),
      cover("1705151114"),
      cover("3815124459"),
    ]);
    expect(tracks[1]).toMatchObject({
      id: "1696264548",
      title: expect.stringMatching(/helena/i),
      price: { amount: 0, currency: "USD", nameYourPrice: true },
      purchasable: true,
    });
  });

  it("a paid single that cannot be streamed", () => {
    const release = page("track-radicaldreamland-hackmud-continuous-mix");
    expect(release).toMatchObject({
      id: "1178846447",
      type: "track",
      title: "hackmud continuous mix",
      artist: "Lena Raine",
      price: { amount: 1.5, currency: "USD" },
      releaseDate: "2016-12-15",
    });
    expect(release?.tracks).toEqual([
      {
        id: "1178846447",
        number: 11,
        title: "hackmud continuous mix",
        durationSeconds: 2700,
        durationMs: 2700680,
        streamable: false,
      },
    ]);
  });

  it("a track page at CAD 1.0, with its location tag once", () => {
    expect(page("track-teaganbear-just-for-the-halibut")).toMatchObject({
      id: "3486455278",
      type: "track",
      title: "Just for the Halibut",
      bandId: "3877364987",
      price: { amount: 1, currency: "CAD", isSetPrice: false, nameYourPrice: false },
      tags: ["Dance", "EDM", "Electronic", "Future Bass", "Hip Hop", "Victoria"],
      artworkUrl: "https://f4.bcbits.com/img/a0076513327_10.jpg",
    });
  });

  it("artist pages answered by their one release: a track, a free-download test page, a JPY album", () => {
    expect(page("artist-root-is-a-release", 0)).toMatchObject({
      id: "2417526755",
      type: "track",
      url: "https://macbenson.bandcamp.com/track/call-me-up-again-demo",
      price: { amount: 0.99 },
    });
    expect(page("artist-root-is-a-release", 1)).toMatchObject({
      id: "4207805220",
      title: "Track #1",
      freeDownload: true,
      price: { amount: 1.5, currency: "EUR" },
    });
    const album = page("artist-root-is-a-release", 2);
    expect(album).toMatchObject({
      id: "3708807716",
      type: "album",
      bandId: "1581461772",
      sellingBandId: "3255768496",
      price: { amount: 1980, currency: "JPY", nameYourPrice: false },
      releaseDate: "2026-05-07",
    });
    expect(album?.tracks).toHaveLength(18);
  });

  it("artist pages without a release are no release (null)", () => {
    expect(page("artist-toupie-empty-discography", 0)).toBeNull();
    expect(page("artist-lobstertheremin-custom-domain", 1)).toBeNull();
    // The home page of a release grid has a data-tralbum of `{url}` only.
    expect(page("artist-usopop-custom-domain")).toBeNull();
    expect(page("album-infiniteammo-night-in-the-woods", 1)).toBeNull();
    expect(page("band-details-errors", 2)).toBeNull();
  });
});

describe("tralbum_details (mobile API)", () => {
  it("reads the track of just-for-the-halibut like its page: CAD 1.0, tags once, release day from unix seconds", () => {
    const api = readTralbumDetails(recordedJson("track-teaganbear-just-for-the-halibut", 1), "musicsite");
    expect(api).toMatchObject({
      id: "3486455278",
      type: "track",
      title: "Just for the Halibut",
      artist: "Teaganbear",
      bandId: "3877364987",
      url: "https://teaganbear.bandcamp.com/track/just-for-the-halibut",
      releaseDate: "2020-01-01",
      price: { amount: 1, currency: "CAD", isSetPrice: false, nameYourPrice: false },
      purchasable: true,
      freeDownload: false,
      preorder: false,
      packages: [],
      tags: ["Dance", "EDM", "Electronic", "Future Bass", "Hip Hop", "Victoria"],
      artworkUrl: "https://f4.bcbits.com/img/a0076513327_10.jpg",
      credits: null,
    });
    expect(api?.tracks).toEqual([
      {
        id: "3486455278",
        number: 4,
        title: "Just for the Halibut",
        durationSeconds: 124,
        durationMs: 124800,
        streamable: true,
      },
    ]);
  });

  it("an error answer is no release", () => {
    expect(readTralbumDetails({ error: true, error_message: "No such tralbum" }, "musicsite")).toBeNull();
    expect(readTralbumDetails(null, "musicsite")).toBeNull();
  });
});
