import type { OperationContext } from "@sda/contract";
import type { PhotositeEnv } from "../env.ts";
import type { PhotositeServices } from "../services.ts";

/**
 * What the photosite client needs from an operation context (`env`: the `PHOTOSITE_…` variables; `services`: the
 * handler services photosite names, the strategy chains' identities among them).
 */
export type PhotositeContext = Pick<
  OperationContext<PhotositeEnv, PhotositeServices>,
  "platform" | "http" | "signal" | "log" | "store" | "services" | "env" | "now"
>;

/** The context of list operations: the client's plus the cursor codec. */
export type PhotositeListContext = PhotositeContext & Pick<OperationContext, "cursors">;
