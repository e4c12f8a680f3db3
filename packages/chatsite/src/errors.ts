import { sharedErrorCodes } from "@sda/core";

/**
 * The error codes chatsite adds to the service's closed set (the platform's `errorCodes`, registered by
 * `definePlatform`). `channel_not_found` and `post_not_found` share their 404 with other platforms' codes of the same
 * name. None is retried: each is Telegram's final answer for that name or post, or a refused input.
 */
export const chatsiteErrorCodes = {
  /** A parameter is not what the operation takes (not a t.me link or name, a post link for a channel, empty `q`, bad `limit`). */
  invalid_input: { status: 400, retryable: false },
  /** An invite link (`t.me/+…`, `t.me/joinchat/…`) or a numeric chat id: private chats are not read. */
  private_chat_not_supported: { status: 422, retryable: false },
  /** The landing card names no chat ("Telegram: Contact @<name>", no title). */
  ...sharedErrorCodes("channel_not_found"),
  /** The post widget answers "Post not found" (a deleted post and an id past the end look alike). */
  ...sharedErrorCodes("post_not_found"),
  /** The chat has no web preview (`/s/<name>`): a group, or a channel with the preview off; `details.type` says which. */
  preview_unavailable: { status: 422, retryable: false },
} as const;

declare module "@sda/core" {
  /** Makes `new ServiceError("preview_unavailable", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof chatsiteErrorCodes, true> {}
}
