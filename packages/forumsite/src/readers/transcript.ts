import type { ForumComment } from "./comment.ts";
import type { PostDetails } from "./post.ts";

/**
 * The written text of a thread (post title, body and top comments) as one readable text plus its parts. This is the
 * forum's "transcript" (SPEC §2.11): written text, not speech.
 */

/** One part of the text, in reading order. */
export type TranscriptPart =
  | { type: "title"; text: string }
  | { type: "body"; text: string; markdown: string | null }
  | { type: "link"; text: string; url: string }
  | {
      type: "comment";
      id: string;
      author: string | null;
      score: number | null;
      createdAt: string | null;
      text: string;
      markdown: string | null;
    };

/** The text and its parts. */
export interface TranscriptText {
  text: string;
  parts: TranscriptPart[];
}

function commentHeading(comment: ForumComment): string {
  const who = comment.author ? `u/${comment.author}` : "[deleted account]";
  if (comment.score === null) return who;
  return `${who} (${comment.score} point${comment.score === 1 ? "" : "s"})`;
}

/**
 * Builds the text: the title; the body (plain text) when the post has one; for link, image, video and gallery posts a
 * `Link: <url>` line; then `Top comments` with each comment as a `u/<author> (<score> points)` line followed by its
 * text. Blocks are separated by blank lines.
 * @param comments the top comments to include, in order (already chosen by the caller).
 */
export function buildTranscript(post: PostDetails, comments: readonly ForumComment[]): TranscriptText {
  const parts: TranscriptPart[] = [{ type: "title", text: post.title }];
  if (post.bodyText) parts.push({ type: "body", text: post.bodyText, markdown: post.bodyMarkdown });
  if (post.mediaKind !== "self" && post.url && post.url !== post.permalink)
    parts.push({ type: "link", text: `Link: ${post.url}`, url: post.url });
  for (const comment of comments) {
    const text = comment.bodyText ?? comment.body;
    if (!text) continue;
    parts.push({
      type: "comment",
      id: comment.id,
      author: comment.author,
      score: comment.score,
      createdAt: comment.createdAt,
      text,
      markdown: comment.body,
    });
  }
  const blocks: string[] = [];
  let commentsStarted = false;
  for (const part of parts) {
    if (part.type === "comment") {
      if (!commentsStarted) blocks.push("Top comments");
      commentsStarted = true;
      const comment = comments.find((c) => c.id === part.id) as ForumComment;
      blocks.push(`${commentHeading(comment)}\n${part.text}`);
    } else blocks.push(part.text);
  }
  return { text: blocks.join("\n\n"), parts };
}
