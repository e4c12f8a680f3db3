import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseParams } from "@sda/contract";
import { defaultCorpusDir } from "@sda/replay";
import { describe, expect, it } from "vitest";
import { microblogsiteHistory } from "./history.ts";
import { microblogsitePlatform } from "./spec.ts";

const op = (name: string) => {
  const found = microblogsitePlatform.operations.find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
};

describe("the microblogsite platform spec", () => {
  it("declares the twelve operations of issue 24, each with a handler, and its error codes", async () => {
    const names = microblogsitePlatform.operations.map((o) => o.name);
    expect(names).toEqual([
      "profile",
      "posts",
      "post-details",
      "post-comments",
      "search",
      "user-search",
      "followers",
      "following",
      "post-likes",
      "post-reposts",
      "feed",
      "list-feed",
    ]);
    const handlers = await Promise.all(microblogsitePlatform.operations.map((o) => o.handler()));
    expect(handlers.map((handler) => typeof handler)).toEqual(names.map(() => "function"));
    expect(microblogsitePlatform.errorCodes).toMatchObject({
      profile_not_found: { status: 404, retryable: false },
      post_not_found: { status: 404, retryable: false },
      credentials_required: { status: 502, retryable: false },
    });
    expect(op("search").errorCodes).toContain("credentials_required");
    expect(Object.keys(microblogsitePlatform.env.shape)).toEqual([
      "MICROBLOGSITE_IDENTIFIER",
      "MICROBLOGSITE_APP_PASSWORD",
    ]);
  });

  it.each([
    ["profile", { url: "jbgruber.bsky.social" }, 1],
    ["post-details", { url: "at://did:plc:x/app.bsky.feed.post/3k7qmjev5lr2s" }, 1],
    ["user-search", { q: "rstats" }, 1],
    ["posts", { url: "jbgruber.bsky.social" }, 2],
    ["post-comments", { url: "at://did:plc:x/app.bsky.feed.post/3k7qmjev5lr2s" }, 2],
    ["search", { q: "rstats" }, 2],
    ["followers", { url: "jbgruber.bsky.social" }, 2],
    ["following", { url: "jbgruber.bsky.social" }, 2],
    ["post-likes", { url: "at://did:plc:x/app.bsky.feed.post/3k7qmjev5lr2s" }, 2],
    ["post-reposts", { url: "at://did:plc:x/app.bsky.feed.post/3k7qmjev5lr2s" }, 2],
    ["feed", { url: "at://did:plc:x/app.bsky.feed.generator/bsky-team" }, 2],
    ["list-feed", { url: "at://did:plc:x/app.bsky.graph.list/3l7o5d7b7nl2q" }, 2],
  ])("%s costs %#: the issue's price, 0 for an empty list, cache hits free", (name, raw, credits) => {
    const spec = op(name);
    const params = parseParams(spec.params, raw);
    expect(spec.price.max(params)).toBe(credits);
    expect(spec.price.charge(params, { count: 3 })).toBe(credits);
    expect(spec.price.billCacheHits).toBe(false);
    expect(spec.cache.mode).toBe("optIn");
  });

  it("history: a DID or at:// URI is the resource id, a handle an alias; metrics are the result's counts", () => {
    const profile = microblogsiteHistory["microblogsite.profile"];
    expect(profile?.locate?.(parseParams(op("profile").params, { url: "did:plc:abc" }))).toEqual({
      id: "did:plc:abc",
      url: "https://bsky.app/profile/did:plc:abc",
    });
    expect(profile?.locate?.(parseParams(op("profile").params, { url: "@JBGruber.bsky.social" }))).toEqual({
      alias: "jbgruber.bsky.social",
      url: "https://bsky.app/profile/jbgruber.bsky.social",
    });
    const post = microblogsiteHistory["microblogsite.post-details"];
    const link = "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v";
    expect(post?.locate?.(parseParams(op("post-details").params, { url: link }))).toEqual({
      alias: "at://jbgruber.bsky.social/app.bsky.feed.post/3kbi55xm6u62v",
      url: link,
    });
    expect(post?.metricNames).toEqual(["likeCount", "repostCount", "replyCount", "quoteCount"]);
  });

  it("spec.ts reaches only spec/, inputs/, errors.ts, env.ts and history.ts of the package (no extraction code)", () => {
    const src = path.dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g))
        visit(path.resolve(path.dirname(file), spec ?? ""));
    };
    visit(path.join(src, "spec.ts"));
    const reached = [...seen].map((f) => path.relative(src, f)).filter((f) => f !== "spec.ts");
    for (const file of reached) expect(file).toMatch(/^(spec\/|inputs\/|errors\.ts$|env\.ts$|history\.ts$)/);
  });

  it("every recorded microblogsite case is read by a test of this package", () => {
    const cases = readdirSync(path.join(defaultCorpusDir(process.env.CORPUS_DIR), "microblogsite"))
      .filter((f) => f.endsWith(".har"))
      .map((f) => f.slice(0, -".har".length));
    expect(cases.length).toBeGreaterThanOrEqual(16);
    const src = path.dirname(fileURLToPath(import.meta.url));
    const tests = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => readFileSync(path.join(src, f), "utf8"))
      .join("\n");
    // Each test names the case it reads (readers by its id, handlers in their titles).
    expect(cases.filter((caseId) => !tests.includes(caseId))).toEqual([]);
  });
});
