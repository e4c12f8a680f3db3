import type { OperationContext, PlatformRequest, UpstreamResponse } from "@sda/contract";
import { fail } from "../errors.ts";
import type { BandcampLink } from "../inputs/links.ts";
import { type PageData, readPageData } from "../readers/page-data.ts";

/** Bandcamp's own host: the mobile API, search and autocomplete. */
const BANDCAMP = "https://bandcamp.com";

/** The language the recordings were made in (pages are localised; English keeps labels such as `genre:` stable). */
const ACCEPT_LANGUAGE = "en-GB, en;q=0.9";

/** What a handler context gives the client. */
export type MusicContext = Pick<OperationContext, "http" | "signal">;

/** A page of an artist's host, read. */
export interface FetchedPage {
  data: PageData;
  /** The URL asked for (`https://<host><path>`); redirects were followed by the HTTP client. */
  url: string;
}

/** True for the replay's own 404 (no recording), which must never read as the platform's "not found". */
function isReplayNoMatch(response: UpstreamResponse): boolean {
  return response.text().includes('"replay":"no_match"');
}

/**
 * The Bandcamp client, logged out: the HTML pages of artist hosts (`<artist>.bandcamp.com` or a custom domain, sent
 * under the host the link names: custom domains redirect to the `*.bandcamp.com` host, followed by the HTTP client),
 * the mobile API (`/api/mobile/22/band_details`, `/api/mobile/22/tralbum_details`), search and autocomplete on
 * `bandcamp.com`. Every request goes through `ctx.http` (bound to the platform): the upstream client routes it to
 * `MUSICSITE_ORIGIN` when set (keeping the host as `Host`), else sends it live through its SSRF guard (the platform's
 * `callerHosts`: a custom domain is the caller's choice).
 */
export class BandcampClient {
  readonly #ctx: MusicContext;

  constructor(ctx: MusicContext) {
    this.#ctx = ctx;
  }

  /**
   * `GET https://<host><path>` of a link, parsed (`data-band`, `data-tralbum`, JSON-LD).
   * @throws ServiceError 404 `not_found` when the host answers 404/410 (no such artist or page), 422
   *   `host_not_allowed` (the guard refused the host or a redirect hop), 502 `upstream_*` (the replay's no-match 404
   *   among them).
   */
  async page(link: BandcampLink): Promise<FetchedPage> {
    const response = await this.#send({
      url: link.url,
      headers: { accept: "text/html", "accept-language": ACCEPT_LANGUAGE },
      acceptStatus: [404, 410],
    });
    if (response.status === 404 || response.status === 410) {
      if (isReplayNoMatch(response))
        throw fail("upstream_error", "musicsite: the replay upstream has no recording for this request", {
          details: { upstreamStatus: 404, replay: "no_match" },
        });
      throw fail("not_found", `${link.host}${link.path} does not exist (HTTP ${response.status})`, {
        details: { url: link.url, upstreamStatus: response.status },
      });
    }
    return { data: readPageData(response.text()), url: link.url };
  }

  /**
   * `POST https://bandcamp.com/api/mobile/22/band_details` with `{"band_id":"<id>"}` (the id as a JSON string, as the
   * recordings were made).
   * @returns the parsed answer (a band, or Bandcamp's HTTP 200 `{"error":true,…}`: the caller reads it).
   * @throws ServiceError 502 `upstream_*` for a failed request or a body that is not JSON.
   */
  async bandDetails(bandId: string): Promise<unknown> {
    const response = await this.#send({
      url: `${BANDCAMP}/api/mobile/22/band_details`,
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": ACCEPT_LANGUAGE },
      body: JSON.stringify({ band_id: bandId }),
    });
    return response.json();
  }

  /**
   * `GET https://bandcamp.com/api/mobile/22/tralbum_details?band_id=&tralbum_id=&tralbum_type=` (`a` or `t`).
   * @throws ServiceError 502 `upstream_*`.
   */
  async tralbumDetails(bandId: string, itemId: string, type: "album" | "track"): Promise<unknown> {
    const query = new URLSearchParams({
      band_id: bandId,
      tralbum_id: itemId,
      tralbum_type: type === "album" ? "a" : "t",
    });
    const response = await this.#send({
      url: `${BANDCAMP}/api/mobile/22/tralbum_details?${query}`,
      headers: { "accept-language": ACCEPT_LANGUAGE },
    });
    return response.json();
  }

  /**
   * `GET https://bandcamp.com/search?q=<q>&page=<n>` (HTML), every kind of result (no `item_type`).
   * @throws ServiceError 502 `upstream_*`.
   */
  async search(q: string, page: number): Promise<string> {
    const query = new URLSearchParams({ q, page: String(page) });
    const response = await this.#send({
      url: `${BANDCAMP}/search?${query}`,
      headers: { accept: "text/html", "accept-language": ACCEPT_LANGUAGE },
    });
    return response.text();
  }

  /**
   * `POST https://bandcamp.com/api/bcsearch_public_api/1/autocomplete_elastic` with
   * `{"fan_id":null,"full_page":false,"search_filter":"","search_text":<q>}`.
   * @throws ServiceError 502 `upstream_*`.
   */
  async autocomplete(q: string): Promise<unknown> {
    const response = await this.#send({
      url: `${BANDCAMP}/api/bcsearch_public_api/1/autocomplete_elastic`,
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": ACCEPT_LANGUAGE },
      body: JSON.stringify({ fan_id: null, full_page: false, search_filter: "", search_text: q }),
    });
    return response.json();
  }

  #send(request: PlatformRequest): Promise<UpstreamResponse> {
    return this.#ctx.http.request(request, this.#ctx.signal);
  }
}
