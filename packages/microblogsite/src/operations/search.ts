import type { HandlerFor, OperationContext } from "@sda/contract";
import { AppView, refusal, type XrpcQuery, type XrpcResult } from "../client/appview.ts";
import { OperatorSession, operatorAccount } from "../client/session.ts";
import type { MicroblogsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import { readList } from "../paging/pager.ts";
import { rawSearchPostsPage, readAnswer } from "../readers/lexicon.ts";
import { readPost } from "../readers/post.ts";
import type { searchSpec } from "../spec/search.ts";

const NSID = "app.bsky.feed.searchPosts";

/**
 * `searchPosts` as the public AppView answers it, or — once it refused (401/403: the AppView has refused logged-out
 * search at times) — as the operator's account, through the entryway. An expired access token is refreshed once.
 */
class PostSearch {
  readonly #appview: AppView;
  readonly #session: OperatorSession | null;
  /** The public AppView refused this call's search: the rest of it goes through the operator's session. */
  asOperator = false;

  constructor(ctx: OperationContext<MicroblogsiteEnv>) {
    this.#appview = new AppView(ctx);
    const account = operatorAccount(ctx.env);
    this.#session = account ? new OperatorSession(ctx, account) : null;
  }

  /**
   * One page of the search.
   * @throws ServiceError 502 `credentials_required` when the public AppView refuses and no operator account is
   *   configured (or it is refused), `upstream_*` otherwise.
   */
  async page(query: XrpcQuery): Promise<unknown> {
    let result: XrpcResult = this.asOperator
      ? await this.#asOperator(query)
      : await this.#appview.attempt(NSID, query);
    if (!result.ok && !this.asOperator && (result.failure.status === 401 || result.failure.status === 403)) {
      if (!this.#session)
        throw fail(
          "credentials_required",
          "the platform refuses post search without a login, and no operator account is configured (MICROBLOGSITE_IDENTIFIER, MICROBLOGSITE_APP_PASSWORD)",
          { details: { upstreamStatus: result.failure.status, upstreamError: result.failure.error } },
        );
      this.asOperator = true;
      result = await this.#asOperator(query);
    }
    if (result.ok) return result.body;
    throw refusal(NSID, result.failure, () => null);
  }

  async #asOperator(query: XrpcQuery): Promise<XrpcResult> {
    const session = this.#session;
    if (!session) throw new Error("no operator session");
    const result = await this.#appview.attempt(NSID, query, { accessJwt: await session.accessToken() });
    if (result.ok || result.failure.status !== 401) return result;
    session.expire();
    return this.#appview.attempt(NSID, query, { accessJwt: await session.accessToken() });
  }
}

/**
 * Post search.
 *
 * Upstream: `app.bsky.feed.searchPosts?q=…` with the filters given (`sort` only for `top`: `latest` is the AppView's
 * default), pages followed to fill `limit`; the public AppView first, the operator's session when it answers
 * 401/403 (see {@link PostSearch}).
 * @returns `{ data: { query, sort, totalHits, posts, … }, source: "appview:searchPosts" (`+operator` when the
 *   operator's session served it), count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `credentials_required`, 502 `upstream_*`.
 */
export const searchHandler: HandlerFor<typeof searchSpec, MicroblogsiteEnv> = async (params, ctx) => {
  const search = new PostSearch(ctx);
  const query: XrpcQuery = {
    q: params.q,
    sort: params.sort === "top" ? "top" : undefined,
    since: params.since,
    until: params.until,
    author: params.author,
    lang: params.lang,
    domain: params.domain,
    url: params.linkUrl,
    tag: params.tag,
  };
  let totalHits: number | null = null;
  const page = await readList(
    ctx,
    {
      key: JSON.stringify(Object.entries(query).filter(([, v]) => v !== undefined)),
      limit: params.limit,
      cursor: params.cursor,
    },
    async (cursor, size) => {
      const answer = readAnswer(
        rawSearchPostsPage,
        await search.page({ ...query, limit: size, cursor: cursor ?? undefined }),
        "searchPosts",
      );
      totalHits = answer.hitsTotal ?? totalHits;
      return { items: answer.posts.map(readPost), next: answer.cursor || null };
    },
    (post) => post.id,
  );
  return {
    data: {
      query: params.q,
      sort: params.sort ?? "latest",
      totalHits,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      posts: page.items,
    },
    source: search.asOperator ? "appview:searchPosts+operator" : "appview:searchPosts",
    count: page.items.length,
  };
};
