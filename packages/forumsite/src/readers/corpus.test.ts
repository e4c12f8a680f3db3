import path from "node:path";
import { defaultCorpusDir, entryBody, loadCases } from "@sda/replay";
import { describe, expect, it } from "vitest";
import { unescapeAnswer } from "../client/escaping.ts";
import { readComment } from "./comment.ts";
import { asRecord, type JsonRecord } from "./json.ts";
import { readListing } from "./listing.ts";
import { readPostDetails, readPostRow } from "./post.ts";
import { readSubredditAbout } from "./subreddit.ts";

/** Every thing (`{ kind, data }`) anywhere in every JSON answer of the forumsite corpus, by kind. */
function corpusThings(): Map<string, { caseId: string; data: JsonRecord }[]> {
  const byKind = new Map<string, { caseId: string; data: JsonRecord }[]>();
  const visit = (value: unknown, caseId: string) => {
    if (Array.isArray(value)) for (const item of value) visit(item, caseId);
    const object = asRecord(value);
    if (!object) return;
    const data = asRecord(object.data);
    if (typeof object.kind === "string" && data) {
      const list = byKind.get(object.kind) ?? [];
      list.push({ caseId, data });
      byKind.set(object.kind, list);
    }
    for (const item of Object.values(object)) visit(item, caseId);
  };
  for (const forumCase of loadCases(path.join(defaultCorpusDir(process.env.CORPUS_DIR), "forumsite")))
    for (const entry of forumCase.log.entries) {
      let json: unknown;
      try {
        json = JSON.parse(entryBody(entry).toString("utf8"));
      } catch {
        continue; // the share link's HTML redirect page
      }
      visit(unescapeAnswer(json, true).json, forumCase.caseId);
    }
  return byKind;
}

const things = corpusThings();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/;

describe("readers on every thing of the recorded forumsite corpus", () => {
  it("every post (t3) reads as details with an id, a decoded title, a creation time and a media kind", () => {
    const posts = things.get("t3") ?? [];
    expect(posts.length).toBe(283);
    for (const { caseId, data } of posts) {
      const post = readPostDetails(data);
      expect(post, caseId).not.toBeNull();
      expect(post?.id).toBe(data.id);
      expect(post?.createdAt, `${caseId} ${post?.id}`).toMatch(ISO);
      expect(["self", "link", "image", "gallery", "video"]).toContain(post?.mediaKind);
      expect(post?.title, `${caseId} ${post?.id}`).not.toMatch(/&(?:amp|lt|gt);/);
      expect(post?.permalink).toMatch(/^https:\/\/www\.reddit\.com\/r\//);
    }
  });

  it("every comment (t1) reads with its parent, a creation time and either a body or a deleted/removed flag", () => {
    const comments = things.get("t1") ?? [];
    expect(comments.length).toBeGreaterThan(200);
    for (const { caseId, data } of comments) {
      const comment = readComment(data);
      expect(comment, caseId).not.toBeNull();
      expect(comment?.parentFullname).toMatch(/^t[13]_/);
      expect(comment?.createdAt).toMatch(ISO);
      expect(comment?.body !== null || comment?.isDeleted || comment?.isRemoved).toBe(true);
    }
  });

  it("every subreddit (t5) reads as a card with a t5_ id", () => {
    const subreddits = things.get("t5") ?? [];
    expect(subreddits.length).toBeGreaterThanOrEqual(13);
    for (const { caseId, data } of subreddits) expect(readSubredditAbout(data)?.id, caseId).toMatch(/^t5_/);
  });
});

describe("listings of other recordings", () => {
  it("front page top of all time (2020): 100 rows; the user search listing holds no post", () => {
    const front = readListing(recordedCase("front-top-all"))?.things ?? [];
    expect(front.map((t) => readPostRow(t.data)).filter(Boolean)).toHaveLength(100);
    const users = readListing(recordedCase("users-search-praw"))?.things ?? [];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((t) => t.kind === "t2")).toBe(true);
  });

  it("duplicates of avj2v: the original then its six reposts elsewhere", () => {
    const answer = recordedCase("duplicates-avj2v") as unknown[];
    const original = readListing(answer[0])?.things.map((t) => readPostRow(t.data)?.subreddit);
    const others = readListing(answer[1])?.things.map((t) => readPostRow(t.data)?.subreddit);
    expect(original).toEqual(["science"]);
    expect(others).toEqual(["comics", "space", "xkcd", "BeachCity", "eddit10yearsago", "reddit.com"]);
  });

  it("an escaped submitted-posts listing (2021): 25 rows, URLs decoded", () => {
    const json = unescapeAnswer(recordedCase("apollo-user-iamthatis-submitted"), true).json;
    const rows = (readListing(json)?.things ?? []).map((t) => readPostRow(t.data));
    expect(rows).toHaveLength(25);
    for (const row of rows) expect(row?.thumbnail ?? "").not.toContain("&amp;");
  });
});

function recordedCase(caseId: string): unknown {
  const found = loadCases(path.join(defaultCorpusDir(process.env.CORPUS_DIR), "forumsite")).find(
    (c) => c.caseId === caseId,
  );
  const entry = found?.log.entries[0];
  if (!entry) throw new Error(`no case ${caseId}`);
  return JSON.parse(entryBody(entry).toString("utf8"));
}
