import { parseParams } from "@sda/contract";
import { describe, expect, it } from "vitest";
import { postDetailsParams } from "../spec/post-details.ts";
import { profileParams } from "../spec/profile.ts";
import { parseActorRef, parseRecordRef } from "./refs.ts";

describe("account references", () => {
  it.each([
    ["jbgruber.bsky.social", "jbgruber.bsky.social"],
    ["@JBGruber.bsky.social", "jbgruber.bsky.social"],
    ["https://bsky.app/profile/jbgruber.bsky.social", "jbgruber.bsky.social"],
    ["bsky.app/profile/andrew.heiss.phd/", "andrew.heiss.phd"],
    ["did:plc:ntd53albt5ffa4rgervvgibd", "did:plc:ntd53albt5ffa4rgervvgibd"],
    ["https://bsky.app/profile/did:plc:ntd53albt5ffa4rgervvgibd", "did:plc:ntd53albt5ffa4rgervvgibd"],
    ["at://did:plc:ntd53albt5ffa4rgervvgibd", "did:plc:ntd53albt5ffa4rgervvgibd"],
  ])("%s → %s", (input, actor) => {
    expect(parseActorRef(input)).toEqual({ ok: actor });
  });

  it("another site is 422, a post link is 422, garbage is 400", () => {
    expect(parseActorRef("https://mastodon.social/@Gargron")).toHaveProperty("unsupported");
    expect(parseActorRef("https://bsky.app/profile/a.bsky.social/post/3k7qmjev5lr2s")).toHaveProperty(
      "unsupported",
    );
    expect(parseActorRef("not a handle")).toHaveProperty("invalid");
    expect(parseActorRef("nodot")).toHaveProperty("invalid");
    expect(() => parseParams(profileParams, { url: "https://example.com/x" })).toThrow(
      expect.objectContaining({ code: "unsupported_url" }),
    );
    expect(() => parseParams(profileParams, {})).toThrow(
      expect.objectContaining({ code: "missing_parameter" }),
    );
  });
});

describe("record references", () => {
  it("post links and at:// URIs, by handle or DID", () => {
    expect(
      parseRecordRef("post", "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v"),
    ).toEqual({
      ok: { actor: "jbgruber.bsky.social", rkey: "3kbi55xm6u62v" },
    });
    expect(
      parseRecordRef("post", "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3kbi55xm6u62v"),
    ).toEqual({ ok: { actor: "did:plc:ntd53albt5ffa4rgervvgibd", rkey: "3kbi55xm6u62v" } });
    expect(
      parseRecordRef("feed", "bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur/feed/bsky-team"),
    ).toEqual({
      ok: { actor: "did:plc:z72i7hdynmk6r22z27h6tvur", rkey: "bsky-team" },
    });
    expect(
      parseRecordRef("list", "at://did:plc:z4cp3uwgxiioi7uaxn2boq47/app.bsky.graph.list/3l7o5d7b7nl2q"),
    ).toEqual({ ok: { actor: "did:plc:z4cp3uwgxiioi7uaxn2boq47", rkey: "3l7o5d7b7nl2q" } });
  });

  it("a link of another kind is 422; a bare key or profile is 400 or 422", () => {
    expect(parseRecordRef("post", "https://bsky.app/profile/x.bsky.social/feed/abc")).toHaveProperty(
      "unsupported",
    );
    expect(parseRecordRef("post", "https://bsky.app/profile/x.bsky.social")).toHaveProperty("unsupported");
    expect(parseRecordRef("post", "3kbi55xm6u62v")).toHaveProperty("invalid");
    expect(() =>
      parseParams(postDetailsParams, { url: "https://bsky.app/profile/x.bsky.social/post/a b" }),
    ).toThrow(expect.objectContaining({ code: "invalid_parameter" }));
  });
});
