import type { OperationContext } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import { ENTRYWAY } from "./appview.ts";

/**
 * The operator's session on the entryway (`com.atproto.server.createSession` with `MICROBLOGSITE_IDENTIFIER` and
 * `MICROBLOGSITE_APP_PASSWORD`, renewed with `refreshSession`), kept in this process's memory: one login per process
 * and account, not one per call. Used only where the public AppView refuses a query (post search). The tokens are
 * never logged; record mode redacts `accessJwt`/`refreshJwt` (the platform's recording rule).
 */

interface Session {
  accessJwt: string;
  refreshJwt: string;
  /** When the access token expires (ms since the epoch; its JWT `exp`, else 30 minutes after it was issued). */
  expiresAt: number;
}

/** Renew the access token this long before it expires. */
const EARLY_MS = 60_000;
/** Life assumed for an access token whose `exp` cannot be read. */
const DEFAULT_LIFE_MS = 30 * 60_000;

/** Sessions by account identifier (one per process). */
const sessions = new Map<string, Promise<Session>>();

/** The `exp` of a JWT in ms, or null (the payload is base64url JSON; the signature is not ours to check). */
function expiryOf(jwt: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The operator account of a call, or null when `MICROBLOGSITE_IDENTIFIER` and `MICROBLOGSITE_APP_PASSWORD` are not
 * both set.
 */
export function operatorAccount(env: MicroblogsiteEnv): { identifier: string; password: string } | null {
  const identifier = env.MICROBLOGSITE_IDENTIFIER;
  const password = env.MICROBLOGSITE_APP_PASSWORD;
  return identifier && password ? { identifier, password } : null;
}

/** The operator's session for calls of `ctx`: a valid access token, logging in or refreshing as needed. */
export class OperatorSession {
  readonly #ctx: OperationContext;
  readonly #account: { identifier: string; password: string };

  constructor(ctx: OperationContext, account: { identifier: string; password: string }) {
    this.#ctx = ctx;
    this.#account = account;
  }

  /**
   * A valid access token: the cached one, a refreshed one near its expiry, or a new login.
   * @throws ServiceError 502 `credentials_required` when the entryway refuses the account (wrong identifier or app
   *   password), `upstream_*` when it fails.
   */
  async accessToken(): Promise<string> {
    const key = this.#account.identifier;
    const current = await (sessions.get(key)?.catch(() => null) ?? null);
    if (current && current.expiresAt - EARLY_MS > this.#ctx.now().getTime()) return current.accessJwt;
    const renewing = this.#renew(current);
    sessions.set(key, renewing);
    try {
      return (await renewing).accessJwt;
    } catch (error) {
      if (sessions.get(key) === renewing) sessions.delete(key);
      throw error;
    }
  }

  /** Forgets the access token (the entryway answered it expired): the next call refreshes it. */
  expire(): void {
    const key = this.#account.identifier;
    const pending = sessions.get(key);
    if (pending)
      sessions.set(
        key,
        pending.then((s) => ({ ...s, expiresAt: 0 })),
      );
  }

  /** Refreshes `session` (a new login when there is none or the refresh token is refused). */
  async #renew(session: Session | null): Promise<Session> {
    if (session) {
      const refreshed = await this.#call("com.atproto.server.refreshSession", session.refreshJwt);
      if (refreshed) return refreshed;
      this.#ctx.log.info("microblogsite: the operator's refresh token was refused; logging in again");
    }
    const created = await this.#call("com.atproto.server.createSession");
    if (!created)
      throw fail("credentials_required", "the platform refused the operator account's app password", {
        details: { reason: "login_refused" },
      });
    return created;
  }

  /** `createSession` (no token) or `refreshSession` (with the refresh token); null when the entryway refuses it. */
  async #call(nsid: string, refreshJwt?: string): Promise<Session | null> {
    const response = await this.#ctx.http.request(
      {
        url: `${ENTRYWAY}/xrpc/${nsid}`,
        method: "POST",
        headers: {
          accept: "application/json",
          ...(refreshJwt
            ? { authorization: `Bearer ${refreshJwt}` }
            : { "content-type": "application/json" }),
        },
        ...(refreshJwt
          ? {}
          : {
              body: JSON.stringify({
                identifier: this.#account.identifier,
                password: this.#account.password,
              }),
            }),
        acceptStatus: [400, 401],
      },
      this.#ctx.signal,
    );
    if (response.status === 400 || response.status === 401) return null;
    const body = response.json<{ accessJwt?: unknown; refreshJwt?: unknown }>();
    if (typeof body?.accessJwt !== "string" || typeof body.refreshJwt !== "string")
      throw fail("upstream_error", `microblogsite answered ${nsid} without tokens`, {});
    const issued = this.#ctx.now().getTime();
    return {
      accessJwt: body.accessJwt,
      refreshJwt: body.refreshJwt,
      expiresAt: expiryOf(body.accessJwt) ?? issued + DEFAULT_LIFE_MS,
    };
  }
}
