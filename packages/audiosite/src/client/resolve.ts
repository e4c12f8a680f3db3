import type { OperationContext } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { load } from "cheerio";
import { fail } from "../errors.ts";
import { type AudioRef, parseAudioRef, type ResourceKind } from "../inputs/ref.ts";
import { obj } from "../readers/json.ts";
import type { AudiositeApi } from "./api.ts";
import { PLAYER_ORIGIN } from "./hosts.ts";

/**
 * From what a caller gave to api-v2's object (corpus README "audiosite": resolve, urns, short links): a link goes to
 * `/resolve?url=<canonical link>`; a urn to `/users/<id>`, `/playlists/<id>?representation=compact`, or (no
 * `/tracks/<id>` exists for the web app's key) the embed player, whose canonical link is then resolved; a short link
 * is read with `HEAD` without following it (its page can answer 403), and its `Location` resolved.
 */

/** 404 `not_found` for a resource api-v2 does not know. */
export const notFound = (what: string) => fail("not_found", `audiosite: ${what} was not found`);

/** 400 `url_kind_mismatch` for a link that turned out to name another kind. */
export const kindMismatch = (kind: string, expected: ResourceKind) =>
  fail("url_kind_mismatch", `url names a ${kind}; this operation reads a ${expected}`, {
    details: { kind, expected },
  });

/** The canonical link a `<link rel="canonical">` of the embed player names; null when none. */
export function readCanonicalLink(html: string): string | null {
  const href = load(html)('link[rel="canonical"]').attr("href");
  return href ?? null;
}

/**
 * The target of a short link (`HEAD https://on.soundcloud.com/<code>`, not followed): its `Location` without the
 * share query, canonicalised.
 * @throws ServiceError 404 `not_found` without a `Location` to a SoundCloud resource.
 */
export async function readShortLink(ctx: OperationContext, url: string): Promise<AudioRef & { by: "url" }> {
  const response = await ctx.http.request(
    {
      url,
      // HEAD answers the redirect without the page (which can answer 403).
      method: "HEAD",
      followRedirects: false,
      acceptStatus: [301, 302, 303, 307, 308, 403, 404, 410],
    },
    ctx.signal,
  );
  const location = response.headers.location;
  let target: ReturnType<typeof parseAudioRef> | null = null;
  try {
    target = typeof location === "string" ? parseAudioRef(new URL(location, url).href) : null;
  } catch {
    // an unreadable Location names nothing
  }
  if (!target || !("ok" in target) || target.ok.by !== "url")
    throw notFound(`the short link ${url} (no Location to a SoundCloud resource)`);
  return target.ok;
}

/**
 * The canonical link of a resource by id, from the embed player
 * (`w.soundcloud.com/player/?url=https://api.soundcloud.com/<kind>s/<id>`).
 * @throws ServiceError 404 `not_found` when the player names none.
 */
export async function canonicalLinkOf(
  ctx: OperationContext,
  kind: ResourceKind,
  id: string,
): Promise<string> {
  const resource = `https://api.soundcloud.com/${kind}s/${id}`;
  const response = await ctx.http.request(
    {
      url: `${PLAYER_ORIGIN}/player/?url=${encodeURIComponent(resource)}`,
      headers: { accept: "text/html" },
      acceptStatus: [404],
    },
    ctx.signal,
  );
  const link = response.status === 200 ? readCanonicalLink(response.text()) : null;
  const read = link ? parseAudioRef(link) : null;
  if (!read || !("ok" in read) || read.ok.by !== "url") throw notFound(`${kind} ${id}`);
  return read.ok.url;
}

/**
 * `GET /resolve?url=<link>`.
 * @throws ServiceError 404 `not_found` when api-v2 answers 404.
 */
export async function resolveLink(api: AudiositeApi, url: string): Promise<unknown> {
  return api.require("/resolve", { url }, () => notFound(url));
}

/**
 * api-v2's object of a reference, checked to be of the `expected` kind.
 * @throws ServiceError 404 `not_found`; 400 `url_kind_mismatch` (a short link or resolve naming another kind);
 *   what the requests throw.
 */
export async function fetchResource(
  ctx: OperationContext,
  api: AudiositeApi,
  ref: AudioRef,
  expected: ResourceKind,
): Promise<Record<string, unknown>> {
  let body: unknown;
  if (ref.by === "id" && ref.kind === "user")
    body = await api.require(`/users/${ref.id}`, {}, () => notFound(`user ${ref.id}`));
  else if (ref.by === "id" && ref.kind === "playlist")
    body = await api.require(`/playlists/${ref.id}`, { representation: "compact" }, () =>
      notFound(`playlist ${ref.id}`),
    );
  else if (ref.by === "id") body = await resolveLink(api, await canonicalLinkOf(ctx, ref.kind, ref.id));
  else {
    const target = ref.by === "short" ? await readShortLink(ctx, ref.url) : ref;
    if (target.kind !== expected) throw kindMismatch(target.kind, expected);
    const { fallback } = target;
    body = fallback
      ? await api
          .require("/resolve", { url: target.url }, () => notFound(target.url))
          .catch(async (error: unknown) => {
            // Not found, or not answered (a server error; the replay's "no recording"): the user's own link.
            if (!(error instanceof ServiceError) || !["not_found", "upstream_error"].includes(error.code))
              throw error;
            return resolveLink(api, fallback);
          })
      : await resolveLink(api, target.url);
  }
  const object = obj(body);
  const kind = typeof object.kind === "string" ? object.kind : "unknown";
  if (kind !== expected) throw kindMismatch(kind, expected);
  return object;
}

/**
 * The numeric id and canonical link of a reference, for the lists that take an id (`/users/<id>/tracks`, …): a urn
 * gives the id at once (the link is read from the embed player when it can be, null otherwise; with `object`, that
 * link is also resolved, best effort, for the object's own fields); a link is resolved.
 * @throws ServiceError as {@link fetchResource}.
 */
export async function idOfRef(
  ctx: OperationContext,
  api: AudiositeApi,
  ref: AudioRef,
  expected: ResourceKind,
  options: { object?: boolean } = {},
): Promise<{ id: string; url: string | null; object: Record<string, unknown> | null }> {
  if (ref.by === "id") {
    const url = await canonicalLinkOf(ctx, expected, ref.id).catch(() => null);
    const object =
      url && options.object
        ? await resolveLink(api, url).then(
            (body) => (String(obj(body).id) === ref.id ? obj(body) : null),
            () => null,
          )
        : null;
    return { id: ref.id, url, object };
  }
  const object = await fetchResource(ctx, api, ref, expected);
  const id = typeof object.id === "number" || typeof object.id === "string" ? String(object.id) : null;
  if (!id || !/^\d+$/.test(id)) throw notFound(ref.url);
  return { id, url: typeof object.permalink_url === "string" ? object.permalink_url : ref.url, object };
}
