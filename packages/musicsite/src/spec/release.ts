import { defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { releaseRefShape, requireReleaseRef } from "./release-ref.ts";
import { release } from "./shapes.ts";

/** Query parameters of `GET /v1/musicsite/release`: an album or track `url`, or `bandId` + `itemId` + `type`. */
export const releaseParams = z.object(releaseRefShape).superRefine(requireReleaseRef);

/** `GET /v1/musicsite/release`: 1 credit. */
export const releaseSpec = defineOperationSpec({
  name: "release",
  summary:
    "An album or track as a commerce listing (`url`, or `bandId` + `itemId` + `type`): price and currency, availability, tracks, physical packages with stock, tags.",
  params: releaseParams,
  output: release,
  price: fixed(1),
  cache: { mode: "optIn" },
});
