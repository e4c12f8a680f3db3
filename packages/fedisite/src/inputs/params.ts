import { cacheParam, cursorParam, limitParam } from "@sda/contract";
import { z } from "zod";
import { accountParam, statusParam } from "./links.ts";

/**
 * The parameters the four lists of accounts share (followers and following of an account, who liked and who reposted
 * a post): the link, `limit` (40, at most 400: five of the instance's pages of 80), `cursor`, `cache`.
 */
const listPageParams = { limit: limitParam(40, 400), cursor: cursorParam, cache: cacheParam };

/** Query parameters of `followers` and `following`: an account link or handle. */
export const accountListParams = z.object({ url: accountParam, ...listPageParams });

/** Query parameters of `post-likes` and `post-reposts`: a status link. */
export const postListParams = z.object({ url: statusParam, ...listPageParams });
