import { describe, expect, it } from "vitest";
import { recordedJson } from "../../../test/corpus.ts";
import { readThing } from "../listing.ts";
import { readMoreChildren } from "./more-children.ts";
import { flattenComments, readThreadAnswer } from "./tree.ts";

const answer = recordedJson("comments-haucpf-morechildren", 1);
const stubs = () => {
  const thread = readThreadAnswer(recordedJson("comments-haucpf-morechildren", 0));
  return flattenComments(thread.commentChildren, "t3_haucpf", 0, { skipped: 0 }).filter(
    (i) => i.type === "more",
  );
};

describe("morechildren answer", () => {
  it("for the top-level stub: 50 comments placed by parent, nested stubs, and the remainder of 4903 ids", () => {
    const top = stubs()[1];
    if (top?.type !== "more") throw new Error("no stub");
    const items = readMoreChildren(answer, top, { skipped: 0 });
    const comments = items.flatMap((i) => (i.type === "comment" ? [i.comment] : []));
    expect(comments).toHaveLength(50);
    // The depth computed from the parents equals the platform's own depth field of every thing.
    const things = (answer as { json: { data: { things: unknown[] } } }).json.data.things.map(readThing);
    for (const comment of comments)
      expect(comment.depth).toBe(things.find((t) => t?.data.id === comment.id)?.data.depth);
    const remainder = items.at(-1);
    expect(remainder).toMatchObject({ type: "more", parentFullname: "t3_haucpf", depth: 0 });
    expect(remainder?.type === "more" && remainder.ids).toHaveLength(4903);
    expect(items.filter((i) => i.type === "more")).toHaveLength(50);
  });

  it("keeps nothing that the stub did not ask for (an answer about other comments)", () => {
    const replies = stubs()[0];
    if (replies?.type !== "more") throw new Error("no stub");
    const counter = { skipped: 0 };
    expect(readMoreChildren(answer, replies, counter)).toEqual([]);
    expect(counter.skipped).toBeGreaterThan(0);
  });

  it("drops a remainder stub that asks for everything again (no progress)", () => {
    const top = stubs()[1];
    if (top?.type !== "more") throw new Error("no stub");
    const first = readMoreChildren(answer, top, { skipped: 0 });
    const remainder = first.at(-1);
    if (remainder?.type !== "more") throw new Error("no remainder");
    // Asking for the remainder gets the same recorded answer: none of its comments were asked for.
    expect(readMoreChildren(answer, remainder, { skipped: 0 })).toEqual([]);
  });
});
