import { count, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { releaseRefShape, requireReleaseRef } from "./release-ref.ts";
import { observedPackage } from "./shapes.ts";

/** Query parameters of `GET /v1/musicsite/release-packages`: the release as `release` takes it, `limit`, `cursor`. */
export const releasePackagesParams = z
  .object({ ...releaseRefShape, limit: limitParam(50, 200), cursor: cursorParam })
  .superRefine(requireReleaseRef);

/** `musicsite.release-packages`: a page of a release's physical packages with their stock and last change. */
export const releasePackagesOutput = listPage("packages", observedPackage, {
  releaseId: z.string(),
  soldOutCount: count.describe("Packages of the release (every page) that are sold out."),
  availableCount: count.describe("Packages of the release (every page) that are not sold out."),
});

/** `GET /v1/musicsite/release-packages`: 1 credit per page, 0 for a release without packages. */
export const releasePackagesSpec = defineOperationSpec({
  name: "release-packages",
  summary:
    "A release's physical packages (vinyl, CD, cassette, merch) with price, stock, sold-out state and the last change seen, with `limit` and `cursor`; monitorable for sell-outs, restocks and price changes.",
  params: releasePackagesParams,
  output: releasePackagesOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
