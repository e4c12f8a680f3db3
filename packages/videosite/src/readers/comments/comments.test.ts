import { describe, expect, it } from "vitest";
import { recordedAnswers } from "../../../test/corpus.ts";
import { buildComment, type CommentResult, parentIdOf } from "./build-comment.ts";
import { readCommentsAnswer } from "./comment-reader.ts";

/** The comments of a recorded comments answer (`index` of the entry in its case), built as the operation builds them. */
function comments(
  caseId: string,
  index = 0,
): { total: string | null; next: string | null; list: CommentResult[] } {
  const answer = recordedAnswers(caseId)[index];
  const page = readCommentsAnswer(answer?.json);
  return {
    total: page.totalText,
    next: page.next,
    list: page.threads.map((thread) => buildComment(thread, answer?.date as Date, thread.repliesToken)),
  };
}

describe("first comments page (comments-xaQJbozY_Is)", () => {
  const page = comments("comments-xaQJbozY_Is", 1);

  it("reads the header count, 20 threads and the next continuation", () => {
    expect(page.total).toBe("21,051 Comments");
    expect(page.list).toHaveLength(20);
    expect(page.next).toMatch(/^Eg0SC3hhUUpib3pZX0lz/);
  });

  it("reads the pinned, edited creator comment with its compact like count and replies", () => {
    expect(page.list[0]).toMatchObject({
      id: "UgwSOM0QHBLysE3vZE54AaABAg",
      parentId: null,
      author: "@kurzgesagt",
      authorChannelId: "UCsXVk37bltHxD1rDPwtNM8Q",
      authorIsVerified: true,
      authorIsChannelOwner: true,
      likeCount: 9800,
      likeCountText: "9.8k",
      likeCountIsApproximate: true,
      replyCount: 327,
      isPinned: true,
      isEdited: true,
      hasCreatorHeart: false,
      publishedTimeText: "4 years ago",
      // Recorded 2026-01-26T18:01:08Z.
      publishedTimeApprox: "2022-01-26T00:00:00.000Z",
      publishedTimeIsApproximate: true,
    });
    expect(page.list[0]?.text).toContain("https://kgs.link/shop-151");
    expect(page.list[0]?.authorAvatarUrl).toMatch(/^https:\/\/yt3\.ggpht\.com\//);
    // The thread's replies continuation is the recorded replies request.
    expect(page.list[0]?.repliesCursor).toBe(
      recordedAnswers("comments-xaQJbozY_Is")[2]?.entry._match.body?.continuation,
    );
  });
});

it("reads creator hearts and creator replies (comments-bem4adjGKjE)", () => {
  const page = comments("comments-bem4adjGKjE");
  expect(page.list.filter((c) => c.hasCreatorHeart).map((c) => c.id)).toContain("UgytaLKClSb7A2TonNp4AaABAg");
  expect(page.list.filter((c) => c.hasCreatorReply).map((c) => c.id)).toEqual([
    "UgyvwwIVFcQdcOjxAmV4AaABAg",
    "UgydddbAMifOi1aBN9N4AaABAg",
    "Ugwa1FdqveE0qKlB-H54AaABAg",
    "Ugy-yKb5bh8Fu1nSaRZ4AaABAg",
    "Ugwn8tdo_EH4aJR39RV4AaABAg",
    "Ugw4LYkGGLnMEWUrBjZ4AaABAg",
  ]);
  const unliked = page.list.find((c) => c.id === "UgzNjt8vxNUDlQ_oLwd4AaABAg");
  expect(unliked).toMatchObject({ likeCount: 0, likeCountText: "0", replyCount: 0, repliesCursor: null });
});

it("reads German labels: grouped like counts, header count and relative dates (comments-QqsLTNkzvaY)", () => {
  const page = comments("comments-QqsLTNkzvaY");
  expect(page.total).toBe("19.783\u00a0Kommentare");
  expect(page.list[0]).toMatchObject({
    likeCount: 19924,
    likeCountText: "19.924",
    likeCountIsApproximate: false,
    replyCount: 436,
    isEdited: true,
    publishedTimeText: "vor 4 Jahren",
    publishedTimeApprox: "2022-01-26T00:00:00.000Z",
  });
  expect(page.list.find((c) => c.id === "Ugzv190DkulihA9aH6J4AaABAg")).toMatchObject({
    author: "@mkbhd",
    likeCount: 42218,
    hasCreatorHeart: true,
  });
});

it("keeps an empty comment and counts artist channels as verified (comments-VM_6n762j6M)", () => {
  const page = comments("comments-VM_6n762j6M");
  expect(page.list).toHaveLength(20);
  expect(page.list[0]).toMatchObject({
    authorIsArtist: true,
    authorIsVerified: true,
    authorIsChannelOwner: true,
  });
  expect(page.list.every((c) => typeof c.text === "string")).toBe(true);
  expect(page.list.find((c) => c.publishedTimeText === "2 weeks ago")?.publishedTimeApprox).toBe(
    "2026-01-12T00:00:00.000Z",
  );
});

it("ends a section without further continuation (comments-D00Au7k3i6o)", () => {
  const page = comments("comments-D00Au7k3i6o");
  expect(page.total).toBe("7 Comments");
  expect(page.list.map((c) => c.id)).toEqual([
    "Ugj1yo5xTCQt9HgCoAEC",
    "Ugyupvm3YjcpQ5RLtbp4AaABAg",
    "UgiMBVVB9XkcTHgCoAEC",
  ]);
  expect(page.next).toBeNull();
});

it("reads a replies page: bare commentViewModels, parent ids and the 'Show more replies' continuation", () => {
  const page = comments("comments-xaQJbozY_Is", 2);
  expect(page.list).toHaveLength(10);
  expect(page.list.every((c) => c.parentId === "UgwSOM0QHBLysE3vZE54AaABAg")).toBe(true);
  expect(page.list[0]).toMatchObject({ author: "@andrefarfan4372", text: "First", likeCount: 52 });
  expect(page.next).toMatch(/^Eg0SC3hhUUpib3pZX0lz/);
  expect(parentIdOf("UgwSOM0QHBLysE3vZE54AaABAg")).toBeNull();
});
