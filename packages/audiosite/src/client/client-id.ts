import type { OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { load } from "cheerio";
import { fail } from "../errors.ts";
import { SCRIPT_HOST, SITE_ORIGIN } from "./hosts.ts";

/**
 * The web app's public key (`client_id`) that every api-v2 request carries, found as the web app finds it (corpus
 * README "audiosite", case `client-id-web-app`): the home page lists the app scripts
 * (`a-v2.sndcdn.com/assets/<n>-<hash>.js`), and the first 50,001 bytes of one of the last ones (a `Range` request,
 * answered 206) hold `,client_id:"…"`. SoundCloud rotates it, so it is service state, kept in the platform's store
 * (shared by every worker, with a TTL) and never hard-coded nor part of a cache key.
 */

/** The store key of the current key (`<QUEUE_PREFIX>:upstream:audiosite:client-id`). */
export const CLIENT_ID_KEY = "client-id";
/** How long a found key is kept before it is looked up again (it is also replaced when api-v2 refuses it). */
export const CLIENT_ID_TTL_MS = 12 * 60 * 60 * 1000;
/** Scripts tried, from the last one listed backwards. */
const SCRIPTS_TRIED = 6;
/** The script prefix read: the key sits at character 2,860 of the recorded script. */
const SCRIPT_RANGE = "bytes=0-50000";
/** The key in the app script (JavaScript, not markup). */
const CLIENT_ID = /,client_id:"([A-Za-z0-9_-]{16,64})"/;

type KeyContext = Pick<OperationContext, "http" | "store" | "signal" | "log">;

/** 502 `upstream_blocked` (retryable): the key could not be found, or api-v2 refused a fresh one. */
export function keyRefusedError(message: string): ServiceError {
  return fail("upstream_blocked", `audiosite: ${message}`, {
    retryable: true,
    retryAfterSeconds: 60,
    details: { reason: "client_id" },
  });
}

/**
 * The app script URLs of the home page, in page order (`<script src>` on the script host under `/assets/`).
 * @param html the home page (`GET https://soundcloud.com/`).
 */
export function readScriptUrls(html: string): string[] {
  const $ = load(html);
  const urls: string[] = [];
  $("script[src]").each((_, element) => {
    const src = $(element).attr("src");
    if (!src) return;
    try {
      const url = new URL(src, SITE_ORIGIN);
      if (url.hostname === SCRIPT_HOST && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"))
        urls.push(url.href);
    } catch {
      // not a URL: not a script of the app
    }
  });
  return urls;
}

/** The key in an app script's text, or null. */
export function readClientId(script: string): string | null {
  return CLIENT_ID.exec(script)?.[1] ?? null;
}

/**
 * Looks the key up afresh (home page, then its scripts from the last backwards) and stores it.
 * @throws ServiceError 502 `upstream_blocked` when no script holds one; `upstream_*` when the home page fails.
 */
export async function fetchClientId(ctx: KeyContext): Promise<string> {
  const home = await ctx.http.request(
    { url: `${SITE_ORIGIN}/`, headers: { accept: "text/html" } },
    ctx.signal,
  );
  const scripts = readScriptUrls(home.text()).reverse().slice(0, SCRIPTS_TRIED);
  for (const url of scripts) {
    const script = await ctx.http.request(
      { url, headers: { range: SCRIPT_RANGE }, acceptStatus: [403, 404, 416] },
      ctx.signal,
    );
    if (script.status !== 200 && script.status !== 206) continue;
    const key = readClientId(script.text());
    if (key) {
      await ctx.store.set(CLIENT_ID_KEY, key, CLIENT_ID_TTL_MS);
      return key;
    }
  }
  throw keyRefusedError("no client_id found in the web app's scripts");
}

/** The stored key, else a fresh one ({@link fetchClientId}). */
export async function currentClientId(ctx: KeyContext): Promise<string> {
  return (await ctx.store.get(CLIENT_ID_KEY)) ?? fetchClientId(ctx);
}
