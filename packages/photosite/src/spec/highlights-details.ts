import { cacheParam, count, defineOperationSpec, failWith, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { parseNumericId } from "../inputs/params.ts";
import { highlightItem, userRef } from "./shapes.ts";

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

/** SPEC §2.11: the items of highlight albums (media URLs, type, `takenAt`), per album and as one list. */
export const highlightsDetailsOutput = listPage("items", highlightItem, {
  ids: z.array(z.string()),
  highlights: z.array(
    z.object({
      id: z.string(),
      title: z.string().nullable(),
      owner: userRef.nullable(),
      totalItems: count,
      items: z.array(highlightItem),
    }),
  ),
  missingIds: z.array(z.string()).describe("Requested ids the platform did not answer."),
});

/** `GET /v1/photosite/highlights-details`: 1 credit (0 when the albums are empty). */
export const highlightsDetailsSpec = defineOperationSpec({
  name: "highlights-details",
  summary: "Items inside highlight albums: media URLs, type, taken-at time.",
  params: highlightsDetailsParams,
  output: highlightsDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
