import type { OperationContext } from "@sda/core";

/** What the photosite client needs from an operation context. */
export type PhotositeContext = Pick<
  OperationContext,
  "http" | "signal" | "log" | "redis" | "keyPrefix" | "config" | "now"
>;

/** The context of list operations: the client's plus the cursor codec. */
export type PhotositeListContext = PhotositeContext & Pick<OperationContext, "cursors">;
