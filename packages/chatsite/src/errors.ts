import { errorsOf, sharedErrorCodes } from "@sda/core";

/**
 * The error codes chatsite adds to the service's closed set (the platform's `errorCodes`, composed by the
 * catalog). `channel_not_found` and `post_not_found` share their 404 with other platforms' codes of the same
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

/**
 * The errors of chatsite's code, `fail(code, message, options?)`: a code of {@link chatsiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(chatsiteErrorCodes);
