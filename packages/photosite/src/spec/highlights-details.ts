import { cacheParam, defineOperationSpec, failWith, fixed } from "@sda/core";
import { z } from "zod";
import { parseNumericId } from "../inputs/params.ts";

/** Most highlight ids one call may ask for (the platform's reels_media batch). */
const MAX_IDS = 10;

/**
 * `id`: one highlight id (`17993810650122949`, `highlight:17993810650122949`, or a `/stories/highlights/<id>/` URL),
 * or up to 10 comma-separated ids, answered in one platform request.
 */
const highlightIdsParam = z
  .string()
  .max(2048)
  .transform((value, ctx): string[] => {
    const ids: string[] = [];
    for (const part of value
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const parsed = parseNumericId(part, "id", "highlights");
      if (!parsed.ok) {
        failWith(ctx, parsed.code, parsed.message);
        return z.NEVER;
      }
      if (!ids.includes(parsed.value)) ids.push(parsed.value);
    }
    if (ids.length === 0 || ids.length > MAX_IDS) {
      failWith(ctx, "invalid_parameter", `id must hold 1 to ${MAX_IDS} highlight ids`);
      return z.NEVER;
    }
    return ids;
  });

/** Query parameters of `GET /v1/photosite/highlights-details`. */
export const highlightsDetailsParams = z.object({ id: highlightIdsParam, cache: cacheParam });

/** `GET /v1/photosite/highlights-details`: 1 credit (0 when the albums are empty). */
export const highlightsDetailsSpec = defineOperationSpec({
  name: "highlights-details",
  summary: "Items inside highlight albums: media URLs, type, taken-at time.",
  params: highlightsDetailsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
