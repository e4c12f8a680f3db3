import { describe, expect, it } from "vitest";
import { recordedHtml } from "../../test/corpus.ts";
import { readLandingCard } from "./landing.ts";

// Every landing card of the corpus (`/<name>`): a channel with preview, two groups, a name that does not exist.

describe("landing cards", () => {
  it("reads a channel's exact subscriber count and its 'Preview channel' link (info-durov)", () => {
    const card = readLandingCard(recordedHtml("info-durov"));
    expect(card).toMatchObject({
      kind: "channel",
      username: "durov",
      displayName: "Pavel Durov",
      verified: true,
      bio: "Founder of Telegram.",
      followers: 11_110_268,
      followersText: "11 110 268",
      online: null,
      previewAvailable: true,
    });
    expect(card?.avatar).toMatch(/^https:\/\/cdn4\.telesco\.pe\/file\//);
  });

  it("reads a group's members and online count, without preview (info-group-tdlibchat)", () => {
    expect(readLandingCard(recordedHtml("info-group-tdlibchat"))).toMatchObject({
      kind: "group",
      username: "tdlibchat",
      displayName: "TDLib chat",
      verified: false,
      bio: null,
      followers: 16_674,
      followersText: "16 674",
      online: 362,
      previewAvailable: false,
    });
  });

  it("reads the landing page a group's /s/ redirects to, its description as text (group-hanoi_chats-no-preview)", () => {
    const card = readLandingCard(recordedHtml("group-hanoi_chats-no-preview", 1));
    expect(card).toMatchObject({
      kind: "group",
      username: "hanoi_chats",
      displayName: "Ханой | Вьетнам - Общение Чат",
      followers: 2832,
      followersText: "2 832",
      online: 37,
      previewAvailable: false,
    });
    expect(card?.bio).toBe(
      "✉️ По вопросам рекламы и сотрудничества: @org-32\n\n🌐 Список чатов по странам мира тут: @org-33\n\n📌 Правила чата: https://telegra.ph/PRAVILA-CHATOV-02-26",
    );
    expect(card?.bioHtml).toContain('<a href="https://t.me/org-32">@org-32</a><br>');
  });

  it("reads a name that does not exist as no chat (info-nonexistent-name)", () => {
    expect(readLandingCard(recordedHtml("info-nonexistent-name"))).toMatchObject({
      kind: "none",
      username: "zzqwxnonexistentchannel12345",
      displayName: null,
      followers: null,
    });
  });

  it("answers null for pages that are no card (a preview, the single-post page)", () => {
    expect(readLandingCard(recordedHtml("s-durov-first-page"))).toBeNull();
    expect(readLandingCard(recordedHtml("post-page-tdlibchat-10000"))).toBeNull();
  });
});
