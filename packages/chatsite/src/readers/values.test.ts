import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { type DomNode, emojiOfImage, plainTextOf } from "./html-text.ts";
import { backgroundImageOf, postIdOfLink, readExactCount, readViewToken, usernameOfLink } from "./values.ts";

// The small values of Telegram's markup; the texts here are Telegram's forms (README: data-view, counts).

const text = (html: string) => plainTextOf(load(html, null, false).root().contents().toArray() as DomNode[]);

describe("values", () => {
  it("decodes the data-view token of s-durov-first-page's first post", () => {
    expect(
      readViewToken(
        "eyJjIjotMTAwNjUwMzEyMiwicCI6NTIzLCJ0IjoxNzg3NDMxNDM1LCJoIjoiZDAwYTRiODhjZmNlYzA1YTgwIn0",
      ),
    ).toEqual({ chatId: "1006503122", renderedAt: "2026-08-22T20:43:55.000Z" });
    expect(readViewToken("not base64 json")).toBeNull();
    expect(readViewToken(undefined)).toBeNull();
  });

  it("reads exact landing counts with space groups", () => {
    expect(readExactCount("11 110 268 subscribers")).toEqual({
      value: 11_110_268,
      kind: "subscribers",
      label: "11 110 268",
      online: null,
    });
    expect(readExactCount("16 674 members, 362 online")).toMatchObject({ value: 16_674, online: 362 });
    expect(readExactCount("1 subscriber")).toMatchObject({ value: 1, kind: "subscribers" });
    expect(readExactCount("@durov")).toBeNull();
  });

  it("reads links, background images and emoji files", () => {
    expect(usernameOfLink("tg://resolve?domain=hanoi_chats")).toBe("hanoi_chats");
    expect(usernameOfLink("https://t.me/durov")).toBe("durov");
    expect(usernameOfLink("https://t.me/org-32")).toBeNull();
    expect(usernameOfLink("https://example.com/durov")).toBeNull();
    expect(postIdOfLink("https://t.me/durov/523")).toBe("523");
    expect(postIdOfLink("https://t.me/durov")).toBeNull();
    expect(backgroundImageOf("width:800px;background-image:url('//telegram.org/img/x.png')")).toBe(
      "https://telegram.org/img/x.png",
    );
    expect(backgroundImageOf("padding-top:65.5%")).toBeNull();
    expect(emojiOfImage("background-image:url('//telegram.org/img/emoji/40/E28C9A.png')")).toBe("⌚");
    expect(emojiOfImage("background-image:url('//telegram.org/img/emoji/40/F09F87A6F09F87AB.png')")).toBe(
      "🇦🇫",
    );
  });

  it("gives plain text: breaks, entities, links as text, marks dropped, emoji images as characters", () => {
    expect(text("a<br/>b &#33; &#036;5 <a href='https://x.y'>link</a>")).toBe("a\nb ! $5 link");
    expect(text("<mark class='highlight'>Bitcoin</mark> Devotees")).toBe("Bitcoin Devotees");
    expect(
      text(
        "<i class='emoji' style=\"background-image:url('//telegram.org/img/emoji/40/E28C9A.png')\"></i> x",
      ),
    ).toBe("⌚ x");
    expect(text("\n    one\n    two<br/>\n    three  ")).toBe("one two\nthree");
  });
});
