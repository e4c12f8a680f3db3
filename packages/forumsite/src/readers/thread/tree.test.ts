import { describe, expect, it } from "vitest";
import { recordedJson } from "../../../test/corpus.ts";
import { unescapeAnswer } from "../../client/escaping.ts";
import { readComment } from "../comment.ts";
import { readListing } from "../listing.ts";
import type { ThreadItem } from "./items.ts";
import { findComment, flattenComments, readThreadAnswer } from "./tree.ts";

const thread = (caseId: string, index = 0) =>
  readThreadAnswer(unescapeAnswer(recordedJson(caseId, index), true).json);
const flat = (caseId: string, index = 0): ThreadItem[] => {
  const answer = thread(caseId, index);
  return flattenComments(answer.commentChildren, `t3_${answer.post.id}`, 0, { skipped: 0 });
};

describe("thread answers flattened in thread order", () => {
  it("haucpf (limit=1): the sticky comment, the stub of its replies, then the top-level stub of 4918 ids", () => {
    const items = flat("comments-haucpf-morechildren");
    expect(items.map((i) => i.type)).toEqual(["comment", "more", "more"]);
    const [sticky, replies, rest] = items;
    expect(sticky?.type === "comment" && sticky.comment).toMatchObject({
      id: "fv51rzs",
      parentId: null,
      parentFullname: "t3_haucpf",
      depth: 0,
      author: "RamsesThePigeon",
      score: 23567,
      stickied: true,
      distinguished: "moderator",
      createdAt: "2020-06-17T17:05:17.000Z",
    });
    expect(replies).toMatchObject({ type: "more", parentFullname: "t1_fv51rzs", depth: 1 });
    expect(replies?.type === "more" && replies.ids).toHaveLength(74);
    expect(rest).toMatchObject({ type: "more", parentFullname: "t3_haucpf", depth: 0 });
    expect(rest?.type === "more" && rest.ids).toHaveLength(4918);
  });

  it("the share-link thread: a reply follows its parent with depth 1 and parentId", () => {
    const items = flat("share-link-2gmzqe", 1);
    const comments = items.flatMap((i) => (i.type === "comment" ? [i.comment] : []));
    expect(comments.map((c) => [c.id, c.depth, c.parentId, c.author])).toEqual([
      ["cklfmye", 0, null, "paneer_burrito"],
      ["cklhv0f", 1, "cklfmye", "bboe"],
    ]);
    expect(comments[1]?.isSubmitter).toBe(true);
  });

  it("escaped apollo thread: 20 top-level comments then a stub of 30 ids, bodies decoded", () => {
    const items = flat("apollo-thread-y70ane");
    expect(items).toHaveLength(21);
    expect(items.at(-1)).toMatchObject({ type: "more", parentFullname: "t3_y70ane", depth: 0 });
    const texts = items.flatMap((i) => (i.type === "comment" ? [i.comment.body ?? ""] : []));
    expect(texts.some((t) => t.includes("&amp;") || t.includes("&gt;"))).toBe(false);
  });

  it("the tree depth agrees with the platform's depth field on every comment of a deep chain", () => {
    const answer = thread("comment-permalink-context");
    const items = flattenComments(answer.commentChildren, "t3_1j7g9uj", 0, { skipped: 0 });
    expect(items).toHaveLength(67);
    for (const item of items)
      if (item.type === "comment") {
        const own = readComment(findComment(answer.commentChildren, item.comment.fullname) ?? {});
        expect(own?.depth).toBe(item.comment.depth);
      }
  });

  it("finds a focal comment and reads its replies below it", () => {
    const answer = thread("comment-permalink-context");
    const focal = findComment(answer.commentChildren, "t1_myngt77");
    expect(focal?.author).toBe("Lil_SpazTest");
    const replies = flattenComments(readListing(focal?.replies)?.things ?? [], "t1_myngt77", 3, {
      skipped: 0,
    });
    expect(replies.length).toBeGreaterThan(10);
    for (const reply of replies) if (reply.type === "comment") expect(reply.comment.depth).toBe(3);
  });

  it("an empty comment listing gives no items", () => {
    expect(flat("apollo-thread-so0808")).toEqual([]);
    expect(flat("post-1khu9tf-gallery")).toEqual([]);
  });
});
