import { load } from "cheerio";
import { type ReadMessage, readMessage } from "./post.ts";

/**
 * The post widget, `GET /<name>/<id>?embed=1` (`<body class="… body_widget_post …">`, one `tgme_widget_message`). A
 * missing post is HTTP 200 with `tgme_widget_message_error` ("Post not found") in an `err_message` message naming
 * neither chat nor id.
 */

/** A widget read: the post, or the widget's error. */
export type WidgetRead = { kind: "post"; message: ReadMessage } | { kind: "not_found"; error: string };

/**
 * Reads a post widget.
 * @returns the post or the "not found" error; null when the body is neither (not a post widget).
 */
export function readWidget(html: string): WidgetRead | null {
  const $ = load(html);
  const error = $(".tgme_widget_message_error").first();
  if (error.length > 0) return { kind: "not_found", error: error.text().trim() };
  const message = $(".tgme_widget_message[data-post]").first();
  if (message.length === 0) return null;
  const read = readMessage($, message);
  return read ? { kind: "post", message: read } : null;
}

/** The single-post page `GET /<name>/<id>` (`tgme_page_post`): only its meta tags carry the post. */
export interface PostPage {
  /** `data-telegram-post` of the embed script: `<name>/<id>`. */
  post: string | null;
  /** `og:title`: the author (and the group: `Author One in TDLib chat`), or the channel. */
  title: string | null;
  /** `og:description`: the post's text as plain text (Telegram shortens long texts). */
  description: string | null;
}

/**
 * Reads a single-post page (the operations read the widget instead: it has the whole post).
 * @returns its post reference and meta texts; null when the body is no `tgme_page_post`.
 */
export function readPostPage(html: string): PostPage | null {
  const $ = load(html);
  if ($(".tgme_page_post").length === 0) return null;
  const meta = (property: string) =>
    $(`meta[property="${property}"]`).first().attr("content")?.trim() || null;
  return {
    post: $("[data-telegram-post]").first().attr("data-telegram-post") ?? null,
    title: meta("og:title"),
    description: meta("og:description"),
  };
}
