import { describe, expect, it } from "vitest";
import { recordedHtml } from "../../test/corpus.ts";
import { readPostPage, readWidget } from "./widget.ts";

// Every post widget of the corpus (`/<name>/<id>?embed=1`) and the single-post page.

const postOf = (caseId: string, index = 0) => {
  const read = readWidget(recordedHtml(caseId, index));
  if (read?.kind !== "post") throw new Error(`${caseId} is not read as a post`);
  return read.message;
};

describe("post widgets", () => {
  it("reads a channel post with video, views, reactions and its chat id, in both modes (embed-durov-523-video)", () => {
    for (const index of [0, 1]) {
      const { post, chatId, chatName, byMember } = postOf("embed-durov-523-video", index);
      expect(post).toMatchObject({
        id: "523",
        channel: "durov",
        text: "⌚️ A fully native Telegram app for Apple Watch is out.",
        publishedAt: "2026-06-09T19:33:51.000Z",
        views: 12_500_000,
        viewsText: "12.5M",
        author: "Pavel Durov",
        reactionCount: 95_275,
      });
      expect(post.reactions).toHaveLength(6);
      expect(post.media.map((m) => m.type)).toEqual(["video"]);
      expect({ chatId, chatName, byMember }).toEqual({
        chatId: "1006503122",
        chatName: "Pavel Durov",
        byMember: false,
      });
    }
    expect(postOf("embed-durov-523-video", 0).post.renderedAt).toBe("2026-08-22T20:47:05.000Z");
    expect(postOf("embed-durov-523-video", 1).post.renderedAt).toBe("2026-08-22T20:47:12.000Z");
  });

  it("reads a member's text message in a group: no views, no token (embed-hanoi_chats-29327-group-text)", () => {
    const { post, chatId, chatName, byMember } = postOf("embed-hanoi_chats-29327-group-text");
    expect(post).toMatchObject({
      id: "29327",
      url: "https://t.me/hanoi_chats/29327",
      channel: "hanoi_chats",
      text: "Hi",
      html: "Hi",
      publishedAt: "2026-08-22T17:58:18.000Z",
      views: null,
      viewsText: null,
      author: "Author Five",
      authorUsername: null,
      isService: false,
      reactions: [],
      reactionCount: 0,
      renderedAt: null,
    });
    expect({ chatId, chatName, byMember }).toEqual({
      chatId: null,
      chatName: "Ханой | Вьетнам - Общение Чат",
      byMember: true,
    });
  });

  it("reads service messages without text (embed-tdlibchat-1-service, embed-tdlibchat-100000-deleted-account)", () => {
    const first = postOf("embed-tdlibchat-1-service");
    expect(first.post).toMatchObject({
      id: "1",
      isService: true,
      text: "",
      html: "",
      author: "TDLib chat",
      authorUsername: "tdlibchat",
      publishedAt: "2018-03-05T14:28:52.000Z",
    });
    expect(first.byMember).toBe(true);
    const deleted = postOf("embed-tdlibchat-100000-deleted-account");
    expect(deleted.post).toMatchObject({
      id: "100000",
      isService: true,
      text: "",
      author: "Deleted Account",
      authorUsername: null,
      publishedAt: "2023-08-12T11:23:17.000Z",
    });
    expect(deleted.chatName).toBe("TDLib chat");
  });

  it("reads 'Post not found' (embed-hanoi_chats-500000-not-found)", () => {
    expect(readWidget(recordedHtml("embed-hanoi_chats-500000-not-found"))).toEqual({
      kind: "not_found",
      error: "Post not found",
    });
  });

  it("answers null for a page that is no widget", () => {
    expect(readWidget(recordedHtml("info-durov"))).toBeNull();
  });
});

describe("single-post page (post-page-tdlibchat-10000)", () => {
  it("reads the post reference and its text from the meta tags", () => {
    expect(readPostPage(recordedHtml("post-page-tdlibchat-10000"))).toEqual({
      post: "tdlibchat/10000",
      title: "Author One in TDLib chat",
      description:
        "If you set permissions to default group permissions, then user will remain restricted when group permissions change. This is exactly expected behavior.",
    });
    expect(readPostPage(recordedHtml("info-durov"))).toBeNull();
  });
});
