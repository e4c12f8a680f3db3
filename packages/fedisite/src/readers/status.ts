import { toUtcIso } from "@sda/text";
import { z } from "zod";
import { type FediAuthor, readAuthor } from "./account.ts";
import { htmlToText } from "./html-text.ts";
import { countOf, fullHandle, parseAnswer, textOrNull } from "./values.ts";

/**
 * Readers of Mastodon's Status entity (`/api/v1/statuses/:id`, timelines, account statuses, context, search,
 * trends). A reblog's outer status only says who reposted: the post is the reblogged status (`reblog`), with
 * `isRepost` and `repostedBy`. Remote statuses keep their origin `url`/`uri`; `id` is always the id on the instance
 * asked. Viewer fields of logged-in recordings (`favourited`, `bookmarked`, poll `voted`…) are not read.
 */

const mediaMeta = z
  .object({
    original: z
      .object({
        width: z.number().nullish(),
        height: z.number().nullish(),
        duration: z.number().nullish(),
      })
      .nullish(),
  })
  .nullish();

const rawMedia = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string().nullish(),
  preview_url: z.string().nullish(),
  remote_url: z.string().nullish(),
  description: z.string().nullish(),
  meta: mediaMeta,
});

const rawCard = z.object({
  url: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  image: z.string().nullish(),
  type: z.string().nullish(),
  provider_name: z.string().nullish(),
});

const rawPoll = z.object({
  id: z.string(),
  expires_at: z.string().nullish(),
  expired: z.boolean().nullish(),
  multiple: z.boolean().nullish(),
  votes_count: z.number().nullish(),
  voters_count: z.number().nullish(),
  options: z.array(z.object({ title: z.string(), votes_count: z.number().nullish() })),
});

/** The status fields read, the reblogged and quoted statuses nested as raw values. */
const rawStatus = z.object({
  id: z.string(),
  uri: z.string(),
  url: z.string().nullish(),
  created_at: z.string(),
  edited_at: z.string().nullish(),
  in_reply_to_id: z.string().nullish(),
  in_reply_to_account_id: z.string().nullish(),
  sensitive: z.boolean().nullish(),
  spoiler_text: z.string().nullish(),
  visibility: z.string().nullish(),
  language: z.string().nullish(),
  content: z.string().nullish(),
  replies_count: z.number().nullish(),
  reblogs_count: z.number().nullish(),
  favourites_count: z.number().nullish(),
  quotes_count: z.number().nullish(),
  account: z.unknown(),
  reblog: z.unknown().nullish(),
  media_attachments: z.array(rawMedia).nullish(),
  mentions: z.array(z.object({ id: z.string(), acct: z.string(), url: z.string().nullish() })).nullish(),
  tags: z.array(z.object({ name: z.string(), url: z.string().nullish() })).nullish(),
  card: rawCard.nullish(),
  poll: rawPoll.nullish(),
  quote: z
    .object({
      state: z.string().nullish(),
      quoted_status: z.unknown().nullish(),
      quoted_status_id: z.string().nullish(),
    })
    .nullish(),
});

/** An attachment: image, gifv, video, audio or unknown (a remote file the instance did not fetch). */
export interface FediMedia {
  type: string;
  url: string | null;
  previewUrl: string | null;
  description: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** A link preview card. */
export interface FediCard {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
}

/** A poll with its options' votes. */
export interface FediPoll {
  id: string;
  expiresAt: string | null;
  expired: boolean | null;
  multiple: boolean | null;
  votesCount: number | null;
  votersCount: number | null;
  options: { title: string; votesCount: number | null }[];
}

/** The reference to a quoted status (Mastodon 4.5+): the quote's `state` (`accepted`, `pending`, `revoked`, …). */
export interface FediQuoteRef {
  state: string | null;
  postId: string | null;
  post: null;
}

/** A quoted status, with the post when the instance shows it (one level: a quote inside it is a reference only). */
export interface FediQuote {
  state: string | null;
  postId: string | null;
  post: FediQuotedPost | null;
}

/** The fields of every post. */
export interface FediPostCore {
  id: string;
  url: string | null;
  uri: string;
  text: string;
  html: string;
  createdAt: string | null;
  editedAt: string | null;
  language: string | null;
  author: FediAuthor;
  likeCount: number | null;
  repostCount: number | null;
  replyCount: number | null;
  quoteCount: number | null;
  media: FediMedia[];
  card: FediCard | null;
  poll: FediPoll | null;
  tags: string[];
  mentions: { id: string; username: string; url: string | null }[];
  sensitive: boolean;
  spoilerText: string | null;
  visibility: string | null;
  inReplyToId: string | null;
  inReplyToAccountId: string | null;
  isRepost: boolean;
  repostedBy: FediAuthor | null;
  /** The id of the repost (the outer status) on the instance asked; null for an original post. */
  repostId: string | null;
}

/** A post quoted by another. */
export interface FediQuotedPost extends FediPostCore {
  quote: FediQuoteRef | null;
}

/** A post (status). */
export interface FediPost extends FediPostCore {
  quote: FediQuote | null;
}

function readMedia(m: z.output<typeof rawMedia>): FediMedia {
  const original = m.meta?.original;
  return {
    type: m.type,
    url: textOrNull(m.url) ?? textOrNull(m.remote_url),
    previewUrl: textOrNull(m.preview_url),
    description: textOrNull(m.description),
    width: countOf(original?.width),
    height: countOf(original?.height),
    durationSeconds: typeof original?.duration === "number" ? Math.round(original.duration) : null,
  };
}

function readPoll(p: z.output<typeof rawPoll>): FediPoll {
  return {
    id: p.id,
    expiresAt: toUtcIso(p.expires_at),
    expired: p.expired ?? null,
    multiple: p.multiple ?? null,
    votesCount: countOf(p.votes_count),
    votersCount: countOf(p.voters_count),
    options: p.options.map((o) => ({ title: o.title, votesCount: countOf(o.votes_count) })),
  };
}

type RawStatus = z.output<typeof rawStatus>;

/** The id of the status a status quotes, or null. */
const quotedIdOf = (s: RawStatus): string | null =>
  (s.quote?.quoted_status as { id?: unknown } | null | undefined)?.id?.toString() ??
  s.quote?.quoted_status_id ??
  null;

/** Reads the fields of an original (not reblog) status but its quote. */
function readCore(s: RawStatus, instanceHost: string): FediPostCore {
  return {
    id: s.id,
    url: textOrNull(s.url),
    uri: s.uri,
    text: htmlToText(s.content),
    html: s.content ?? "",
    createdAt: toUtcIso(s.created_at),
    editedAt: toUtcIso(s.edited_at),
    language: textOrNull(s.language),
    author: readAuthor(s.account, instanceHost),
    likeCount: countOf(s.favourites_count),
    repostCount: countOf(s.reblogs_count),
    replyCount: countOf(s.replies_count),
    quoteCount: countOf(s.quotes_count),
    media: (s.media_attachments ?? []).map(readMedia),
    card: s.card
      ? {
          url: s.card.url,
          title: textOrNull(s.card.title),
          description: textOrNull(s.card.description),
          image: textOrNull(s.card.image),
        }
      : null,
    poll: s.poll ? readPoll(s.poll) : null,
    tags: (s.tags ?? []).map((t) => t.name),
    mentions: (s.mentions ?? []).map((m) => ({
      id: m.id,
      username: fullHandle(m.acct, instanceHost),
      url: textOrNull(m.url),
    })),
    sensitive: s.sensitive ?? false,
    spoilerText: textOrNull(s.spoiler_text),
    visibility: textOrNull(s.visibility),
    inReplyToId: s.in_reply_to_id ?? null,
    inReplyToAccountId: s.in_reply_to_account_id ?? null,
    isRepost: false,
    repostedBy: null,
    repostId: null,
  };
}

/** Reads an original status with its quote (the quoted post one level deep). */
function readOriginal(s: RawStatus, instanceHost: string): FediPost {
  const quoted = s.quote?.quoted_status;
  const quotedPost = quoted ? parseAnswer(rawStatus, quoted, "a quoted status") : null;
  return {
    ...readCore(s, instanceHost),
    quote: s.quote
      ? {
          state: s.quote.state ?? null,
          postId: quotedIdOf(s),
          post: quotedPost
            ? {
                ...readCore(quotedPost, instanceHost),
                quote: quotedPost.quote
                  ? { state: quotedPost.quote.state ?? null, postId: quotedIdOf(quotedPost), post: null }
                  : null,
              }
            : null,
        }
      : null,
  };
}

/**
 * Reads a status (a reblog as the reblogged post, with `isRepost` and `repostedBy`).
 * @param instanceHost the instance asked (qualifies local handles).
 * @throws ServiceError 502 `upstream_error` when the value is not a Status.
 */
export function readStatus(raw: unknown, instanceHost: string): FediPost {
  const s = parseAnswer(rawStatus, raw, "a status");
  if (s.reblog === null || s.reblog === undefined) return readOriginal(s, instanceHost);
  const inner = readOriginal(parseAnswer(rawStatus, s.reblog, "a reblogged status"), instanceHost);
  return { ...inner, isRepost: true, repostedBy: readAuthor(s.account, instanceHost), repostId: s.id };
}

/** Reads a list of statuses (a timeline page, `trends/statuses`). */
export function readStatuses(raw: unknown, instanceHost: string): FediPost[] {
  return parseAnswer(z.array(z.unknown()), raw, "a list of statuses").map((s) => readStatus(s, instanceHost));
}

/**
 * Reads a poll on its own (`/api/v1/polls/:id`, the form a status's `poll` has).
 * @throws ServiceError 502 `upstream_error` when the value is not a Poll.
 */
export function readPollAnswer(raw: unknown): FediPoll {
  return readPoll(parseAnswer(rawPoll, raw, "a poll"));
}
