import { z } from "zod";
import { fail } from "../errors.ts";

const idList = z.array(z.number().int().positive());

/**
 * Reads a Firebase story list (`/v0/topstories.json` … `/v0/jobstories.json`): item ids in the site's order.
 * @throws ServiceError 502 `upstream_error` when the answer is not a list of ids (`null` included: every list exists).
 */
export function readIdList(raw: unknown): number[] {
  const parsed = idList.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw fail("upstream_error", "newssite answered a story list in an unknown shape", {
    details: { reason: "unexpected_answer" },
  });
}
