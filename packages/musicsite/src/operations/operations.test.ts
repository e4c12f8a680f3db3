import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { recordedText } from "../../test/corpus.ts";
import { musicTest, run } from "../../test/fixtures.ts";
import { artistSpec } from "../spec/artist.ts";
import { releaseSpec } from "../spec/release.ts";
import { searchSpec } from "../spec/search.ts";
import { suggestSpec } from "../spec/suggest.ts";
import { artistHandler } from "./artist.ts";
import { releaseHandler } from "./release.ts";
import { searchHandler } from "./search.ts";
import { suggestHandler } from "./suggest.ts";

// The handlers over the HTTP replay of the recorded cases: artist hosts are told apart by the Host the upstream
// client keeps (corpus README §2 rule 2).

describe("artist", () => {
  musicTest(
    "a url: the page's data-band, then band_details (an empty discography is [])",
    async ({ ctx }) => {
      const result = await run(artistSpec, artistHandler, ctx, {
        url: "https://toupie.bandcamp.com/releases",
      });
      expect(result.source).toBe("page+band_details");
      expect(result.data).toMatchObject({ id: "2450875064", name: "toupie", releases: [], albumCount: 0 });
    },
  );

  musicTest("a custom domain (redirected when recorded): the label and its roster", async ({ ctx }) => {
    const result = await run(artistSpec, artistHandler, ctx, { url: "https://lobstertheremin.com/music/" });
    expect(result.data).toMatchObject({
      id: "2735462545",
      name: "Lobster Theremin",
      url: "https://lobstertheremin.com",
    });
    expect(result.data.artists).toHaveLength(23);
  });

  musicTest("an artist whose home page is its one release, and an artist by bandId", async ({ ctx }) => {
    const mac = await run(artistSpec, artistHandler, ctx, { url: "macbenson.bandcamp.com" });
    expect(mac.data).toMatchObject({ id: "1196681540", name: "mac benson", albumCount: 2, trackCount: 2 });
    const nagi = await run(artistSpec, artistHandler, ctx, { bandId: "1581461772" });
    expect(nagi.source).toBe("band_details");
    expect(nagi.data.releases).toHaveLength(4);
  });

  musicTest(
    "errors: a band Bandcamp does not know is 404, a host that answers 404 is 404",
    async ({ ctx }) => {
      const unknown = await serviceErrorOf(run(artistSpec, artistHandler, ctx, { bandId: "0" }));
      expect(unknown).toMatchObject({ code: "not_found", status: 404, retryable: false });
      const gone = await serviceErrorOf(
        run(artistSpec, artistHandler, ctx, { url: "https://example.com/releases" }),
      );
      expect(gone).toMatchObject({ code: "not_found", status: 404 });
      // A host the corpus never recorded is the replay's no-match: an upstream error, never "not found".
      const unrecorded = await serviceErrorOf(
        run(artistSpec, artistHandler, ctx, { url: "https://nobody.bandcamp.com/releases" }),
      );
      expect(unrecorded).toMatchObject({ code: "upstream_error", status: 502 });
    },
  );
});

describe("release", () => {
  musicTest("an album page", async ({ ctx }) => {
    const album = await run(releaseSpec, releaseHandler, ctx, {
      url: "https://billwurtz.bandcamp.com/album/high-enough",
    });
    expect(album.source).toBe("page");
    expect(album.data).toMatchObject({ id: "1155172328", price: { amount: 7, currency: "USD" } });
  });

  musicTest(
    "an artist's page answered by its one release is that release; another artist's page is a kind mismatch",
    async ({ ctx }) => {
      const album = await run(releaseSpec, releaseHandler, ctx, {
        url: "https://diskak.usopop.com/releases",
      });
      expect(album.data).toMatchObject({
        id: "497769399",
        packages: [{ soldOut: true, price: 13, currency: "EUR" }],
      });
      const artist = await serviceErrorOf(
        run(releaseSpec, releaseHandler, ctx, { url: "https://toupie.bandcamp.com/" }),
      );
      expect(artist).toMatchObject({ code: "url_kind_mismatch", status: 400, retryable: false });
    },
  );

  musicTest("by ids: tralbum_details", async ({ ctx }) => {
    const result = await run(releaseSpec, releaseHandler, ctx, {
      bandId: "3877364987",
      itemId: "3486455278",
      type: "track",
    });
    expect(result.source).toBe("tralbum_details");
    expect(result.data).toMatchObject({
      title: "Just for the Halibut",
      price: { amount: 1, currency: "CAD" },
    });
  });

  musicTest(
    "a page without data-tralbum is 404 not_found; an unrecorded page is an upstream error",
    async ({ ctx, replay }) => {
      // An artist's page (data-band, no data-tralbum) served where a release was asked for.
      const remove = replay.addFault({
        when: (r) => r.path === "/album/not-a-release",
        status: 200,
        body: recordedText("artist-toupie-empty-discography", 0),
        headers: { "content-type": "text/html" },
      });
      try {
        const error = await serviceErrorOf(
          run(releaseSpec, releaseHandler, ctx, { url: "https://toupie.bandcamp.com/album/not-a-release" }),
        );
        expect(error).toMatchObject({ code: "not_found", status: 404, retryable: false });
      } finally {
        remove();
      }
      const unrecorded = await serviceErrorOf(
        run(releaseSpec, releaseHandler, ctx, { url: "https://toupie.bandcamp.com/album/none" }),
      );
      expect(unrecorded).toMatchObject({ code: "upstream_error", status: 502 });
    },
  );
});

describe("search and suggest", () => {
  musicTest("a page, its nextCursor to page 2, and a cursor of another query refused", async ({ ctx }) => {
    const first = await run(searchSpec, searchHandler, ctx, { q: "noise" });
    expect(first.data).toMatchObject({ query: "noise", page: 1, totalReturned: 18, hasMore: true });
    const second = await run(searchSpec, searchHandler, ctx, {
      q: "noise",
      cursor: first.data.nextCursor ?? "",
    });
    expect(second.data.page).toBe(2);
    expect(second.data.results[0]?.id).not.toBe(first.data.results[0]?.id);
    const other = await serviceErrorOf(
      run(searchSpec, searchHandler, ctx, { q: "e", cursor: first.data.nextCursor ?? "" }),
    );
    expect(other.code).toBe("invalid_cursor");
    const apostrophe = await run(searchSpec, searchHandler, ctx, { q: "best friend's basement" });
    expect(apostrophe.count).toBeGreaterThan(0);
  });

  musicTest("suggestions", async ({ ctx }) => {
    const result = await run(suggestSpec, suggestHandler, ctx, { q: "c418" });
    expect(result.data.results[0]).toMatchObject({ type: "artist", name: "C418" });
    expect(result.count).toBe(result.data.results.length);
  });
});
