/**
 * The chatsite (Telegram public channels) package: the client of `t.me`'s public HTML pages (web preview, landing
 * card, post widget), cheerio readers of channels and posts, and the four chatsite operations' handlers. The
 * platform spec (params, price, cache, and each operation's lazy handler import; no extraction code) is the
 * `./spec` export, which the catalog lists; a worker imports a handler on its operation's first call.
 */
export { TmeClient } from "./client/client.ts";
export { type ChatsiteErrorCode, chatsiteErrorCodes } from "./errors.ts";
export { type ChatRef, type PostRef, parseRef } from "./inputs/chat-ref.ts";
export type { ChannelResult } from "./operations/channel.ts";
export { plainTextOf } from "./readers/html-text.ts";
export { type LandingCard, readLandingCard } from "./readers/landing.ts";
export { type ChatPost, readMessage } from "./readers/post.ts";
export { type PreviewPage, readPreviewPage } from "./readers/preview-page.ts";
export { type PostPage, readPostPage, readWidget } from "./readers/widget.ts";
export { chatsitePlatform } from "./spec.ts";
