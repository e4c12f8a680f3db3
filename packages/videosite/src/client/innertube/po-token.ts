import { type Logger, linkSignals, type PlatformStore } from "@sda/core";
import { z } from "zod";

/** Budget of one provider request, ms: minting a token takes a BotGuard run (about a second on a warm provider). */
const PROVIDER_TIMEOUT_MS = 10_000;

// The bgutil HTTP provider answers `{ poToken, contentBinding, expiresAt }` (older releases: `po_token`,
// `expires_at`); `expiresAt` is an ISO time or epoch seconds.
const answerSchema = z
  .object({
    poToken: z.string().min(1).optional(),
    po_token: z.string().min(1).optional(),
    expiresAt: z.union([z.string(), z.number()]).optional(),
    expires_at: z.union([z.string(), z.number()]).optional(),
  })
  .refine((a) => a.poToken !== undefined || a.po_token !== undefined);

/** `pot:<contentBinding>` in the platform's store: a cached PO token (string value with a TTL). */
export const poTokenKey = (binding: string) => `pot:${binding}`;

export interface PoTokenProviderOptions {
  /** `VIDEOSITE_POT_PROVIDER_URL`, e.g. `http://bgutil-provider:4416`. */
  url: string;
  /** The platform's store (`ctx.store`), shared by every worker. */
  store: PlatformStore;
  /** `VIDEOSITE_POT_TTL_SECONDS`: longest reuse of a token, seconds (the provider's `expiresAt` caps it). */
  ttlSeconds: number;
  log?: Logger;
}

function expiresInSeconds(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  const ms = typeof value === "number" ? value * 1000 : Date.parse(value);
  return Number.isFinite(ms) ? Math.floor((ms - Date.now()) / 1000) : null;
}

/**
 * PO (proof-of-origin) tokens from an external provider speaking the bgutil HTTP protocol: `POST <url>/get_pot` with
 * `{ content_binding }` answers `{ poToken, contentBinding, expiresAt }`. Tokens are cached in the platform's store per content
 * binding (the video id) for `ttlSeconds` (less when the provider says they expire sooner), so one token serves the
 * `/player` request, the caption and the media URLs of a video, and every worker.
 */
export class PoTokenProvider {
  constructor(private readonly options: PoTokenProviderOptions) {}

  /**
   * The token for `binding` (a video id), from the cache or the provider.
   * @returns the token, or null when the provider cannot give one (unreachable, error, malformed answer): the caller
   *   goes on without a token (and skips what needs one), it never fails the call.
   */
  async get(binding: string, signal?: AbortSignal): Promise<string | null> {
    const { store, log } = this.options;
    const key = poTokenKey(binding);
    const cached = await store.get(key).catch(() => null);
    if (cached) return cached;
    // Not AbortSignal.any: `signal` may be the worker's long-lived shutdown signal (see linkSignals).
    const linked = linkSignals(signal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
    try {
      const response = await fetch(
        new URL("get_pot", this.options.url.endsWith("/") ? this.options.url : `${this.options.url}/`),
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ content_binding: binding }),
          signal: linked.signal,
        },
      );
      if (!response.ok) {
        log?.warn({ status: response.status }, "PO token provider refused");
        return null;
      }
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success) {
        log?.warn("PO token provider answered without a token");
        return null;
      }
      const token = (answer.data.poToken ?? answer.data.po_token) as string;
      const expires = expiresInSeconds(answer.data.expiresAt ?? answer.data.expires_at);
      const ttl = Math.min(this.options.ttlSeconds, expires ?? this.options.ttlSeconds);
      if (ttl > 0) await store.set(key, token, ttl * 1000).catch(() => undefined);
      return token;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      log?.warn({ err: error }, "PO token provider unreachable");
      return null;
    } finally {
      linked.dispose();
    }
  }
}

/**
 * True when a caption (timedtext) URL only answers with a PO token: its `exp` parameter lists the `xpe` or `xpv`
 * experiment. Without one the platform answers 200 with an empty body, so such links are not fetched without one.
 */
export function needsPoToken(url: string): boolean {
  let exp: string | null;
  try {
    exp = new URL(url).searchParams.get("exp");
  } catch {
    return false;
  }
  return (exp ?? "").split(",").some((e) => e === "xpe" || e === "xpv");
}

/** `url` with the PO token (`pot`) and the client name (`c`) the platform expects beside it (caption and media URLs). */
export function withPoToken(url: string, token: string, clientName: string): string {
  const out = new URL(url);
  out.searchParams.set("pot", token);
  if (!out.searchParams.has("c")) out.searchParams.set("c", clientName);
  return out.toString();
}
