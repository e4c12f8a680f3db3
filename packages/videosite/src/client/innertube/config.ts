import { ORIGIN } from "../../inputs/site.ts";

/**
 * Every identity value the innertube client sends, in one place: client names and versions, user agents (the origin
 * is `inputs/site.ts`).
 * They mirror what current official apps send (the recorded corpus was made with the same values); the platform
 * matches none of them exactly, but outdated versions get degraded or refused answers, so bump them here only.
 */

/** Language and region asked of the platform: labels ("5.4M", "like this video along with …") are read in English. */
export const LOCALE = { hl: "en", gl: "US" } as const;

/** The ANDROID app: its `/player` answer is the most complete (videoDetails, captions, streamingData) without a PO token. */
export const ANDROID_CLIENT = {
  clientName: "ANDROID",
  clientVersion: "21.03.36",
  /** `X-YouTube-Client-Name` numeric id of ANDROID. */
  clientId: "3",
  osName: "Android",
  osVersion: "16",
  androidSdkVersion: 36,
  userAgent: "com.google.android.youtube/21.03.36 (Linux; U; Android 16; US) gzip",
} as const;

/** The desktop web client: `/next` (watch-page data), the `$fields=microformat` player request and the watch page. */
export const WEB_CLIENT = {
  clientName: "WEB",
  clientVersion: "2.20260603.05.00",
  /** `X-YouTube-Client-Name` numeric id of WEB. */
  clientId: "1",
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36",
} as const;

/**
 * `$fields` of the WEB player request used only for dates and category: the platform then answers `microformat`
 * and the thumbnails, nothing else (a few kB instead of ~100 kB).
 */
export const MICROFORMAT_FIELDS = "microformat,videoDetails.thumbnail.thumbnails,videoDetails.videoId";

/**
 * Consent cookie that skips the EU consent interstitial on www.youtube.com pages (the interstitial carries no video
 * data; see the `CONSENTeu01` recording).
 */
export const CONSENT_COOKIE = "SOCS=CAE=";

/** The innertube endpoints this package calls. */
export type InnertubeEndpoint =
  | "player"
  | "next"
  | "reel/reel_item_watch"
  | "browse"
  | "search"
  | "navigation/resolve_url";

/** Innertube endpoint URL on the live host, with `prettyPrint=false` (compact JSON). */
export function innertubeUrl(endpoint: InnertubeEndpoint, query = ""): string {
  return `${ORIGIN}/youtubei/v1/${endpoint}?prettyPrint=false${query}`;
}

/** The `context` object of a WEB request. */
export function webContext() {
  return {
    client: {
      clientName: WEB_CLIENT.clientName,
      clientVersion: WEB_CLIENT.clientVersion,
      clientScreen: "WATCH",
      platform: "DESKTOP",
      hl: LOCALE.hl,
      gl: LOCALE.gl,
      utcOffsetMinutes: 0,
    },
    request: { internalExperimentFlags: [], useSsl: true },
    user: { lockedSafetyMode: false },
  };
}

/** Headers of a WEB innertube POST or page GET. */
export function webHeaders(): Record<string, string> {
  return {
    "user-agent": WEB_CLIENT.userAgent,
    "content-type": "application/json",
    "accept-language": `${LOCALE.hl},en;q=0.9`,
    origin: ORIGIN,
    referer: `${ORIGIN}/`,
    cookie: CONSENT_COOKIE,
    "x-youtube-client-name": WEB_CLIENT.clientId,
    "x-youtube-client-version": WEB_CLIENT.clientVersion,
  };
}
