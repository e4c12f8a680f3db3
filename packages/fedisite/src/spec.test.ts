import { describe, expect, it } from "vitest";
import { recordedJson } from "../test/corpus.ts";
import { readStatuses } from "./readers/status.ts";
import { fedisitePlatform } from "./spec.ts";

// The platform's own declarations: hosts chosen by callers, monitors of new posts.

describe("fedisitePlatform", () => {
  it("declares that callers choose its hosts, refused as instance_not_allowed", () => {
    expect(fedisitePlatform.hosts).toEqual([]);
    expect(fedisitePlatform.callerHosts).toEqual({
      refusedCode: "instance_not_allowed",
      refused: { status: 422, retryable: false },
    });
    expect(fedisitePlatform.errorCodes.instance_not_allowed).toEqual({ status: 422, retryable: false });
  });

  it("monitors an account's posts, a repost under its own id", () => {
    const rule = fedisitePlatform.monitors["fedisite.posts"];
    const caseId = "account-statuses-109302436954721982-5-pages";
    const posts = [0, 1, 2, 3, 4].flatMap((i) => readStatuses(recordedJson(caseId, i), "fosstodon.org"));
    const items = rule?.items({ posts }) ?? [];
    const ids = items.map((item) => rule?.itemId(item));
    expect(new Set(ids).size).toBe(100);
    expect(ids).toContain("112526202686547299"); // the repost's own id
    expect(fedisitePlatform.monitors["fedisite.hashtag"]).toBeDefined();
  });
});
