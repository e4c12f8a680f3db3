import { rm } from "node:fs/promises";
import { readStrategyHealth } from "@sda/strategy";
import { defaultCorpusDir, writeSyntheticCase } from "@sda/testing";
import { describe, expect } from "vitest";
import { photositeTest } from "../../test/fixtures.ts";
import { parsePost } from "../inputs/params.ts";
import { fetchPost } from "./post.ts";

// A retired `doc_id` answers 401 "Please wait a few minutes" with `require_login: true` (issue 14). The synthetic
// answer stands in for it on the GraphQL post query of a carousel whose v1 media info is recorded.
const RETIRED_DOC_ID_ANSWER =
  '{"message":"Please wait a few minutes before you try again.","require_login":true,"status":"fail"}';

/** The photosite fixtures on the recorded corpus plus the synthetic retired-doc_id answer. */
// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
const test = photositeTest.extend("replayDirs", { scope: "file" }, async ({}, { onCleanup }) => {
  const dir = await writeSyntheticCase({
    platform: "photosite",
    caseId: "synthetic-retired-doc-id",
    why: "a retired doc_id's 401 'Please wait a few minutes' with require_login on the GraphQL post query",
    answers: [
      {
        match: {
          method: "POST",
          path: "/api/graphql",
          body: { fb_api_req_friendly_name: "PolarisPostRootQuery", "variables.shortcode": "CAnqPB-Jzcj" },
        },
        status: 401,
        body: RETIRED_DOC_ID_ANSWER,
      },
    ],
  });
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  return [defaultCorpusDir(), dir];
});

describe("a login wall that says 'please wait'", () => {
  test("is not a rate limit: the post falls through GraphQL to the v1 media info", async ({
    replay,
    contextWith,
  }) => {
    const ctx = contextWith();
    const post = parsePost("https://www.instagram.com/p/CAnqPB-Jzcj/");
    if (!post.ok) throw new Error("the test's post URL does not parse");
    const answer = await fetchPost(ctx, post.value);
    expect(answer.via).toBe("v1");
    expect(answer.media.id).toBe("2317006284167526179");
    const graphql = replay.hits.filter((h) => h.path === "/api/graphql");
    expect(graphql.at(-1)).toMatchObject({ status: 401, caseId: "synthetic-retired-doc-id" });
    // The chain's health: GraphQL failed as a login wall (no circuit opened), v1 answered.
    const health = (await readStrategyHealth(ctx.redis, ctx.keyPrefix)).photosite ?? [];
    expect(health.find((s) => s.id === "graphql")).toMatchObject({ failures: 1, state: "failing" });
    expect(health.find((s) => s.id === "graphql")?.lastError).toMatch(/^login_wall/);
    expect(health.find((s) => s.id === "v1")).toMatchObject({ successes: 1, state: "ok" });
  });
});
