import type { OperationContext } from "@sda/core";

/** What the photosite client needs from an operation context. */
export type PhotositeContext = Pick<
  OperationContext,
  "http" | "signal" | "log" | "redis" | "keyPrefix" | "config" | "now"
>;
