import { parseParams } from "@sda/contract";
import { describe, expect, it } from "vitest";
import { recordedJson } from "../test/corpus.ts";
import { fedisiteHistory } from "./history.ts";
import { readProfile } from "./readers/account.ts";
import { readStatus } from "./readers/status.ts";
import { postDetailsParams } from "./spec/post-details.ts";
import { profileParams } from "./spec/profile.ts";

// History of fedisite on recorded answers: one series per account (its full handle) and per post (its ActivityPub
// uri), whichever instance is asked; what a link names before any call.

const profile = fedisiteHistory["fedisite.profile"];
const post = fedisiteHistory["fedisite.post-details"];

describe("fedisite history", () => {
  it("records an account under its full handle, aliased by the instance's id", () => {
    const data = readProfile(
      recordedJson("account-109302436954721982-fosstodon"),
      "fosstodon.org",
      "fedisite",
    );
    expect(profile?.resource(data)).toEqual({
      id: "schochastics@fosstodon.org",
      url: "https://fosstodon.org/@schochastics",
      aliases: ["fosstodon.org:109302436954721982"],
    });
    expect(profile?.metrics(data)).toEqual({ followers: 1036, following: 138, postCount: 280 });
  });

  it("locates a handle or an id link, not the /@user form other platforms share", () => {
    const locate = (url: string) => profile?.locate?.(parseParams(profileParams, { url }));
    expect(locate("@schochastics@fosstodon.org")).toEqual({
      id: "schochastics@fosstodon.org",
      url: "https://fosstodon.org/@schochastics",
    });
    expect(locate("https://mastodon.social/users/Gargron")).toMatchObject({ id: "gargron@mastodon.social" });
    expect(locate("https://fosstodon.org/web/accounts/109302436954721982")).toEqual({
      alias: "fosstodon.org:109302436954721982",
      url: "https://fosstodon.org/web/accounts/109302436954721982",
    });
    expect(locate("https://www.youtube.com/@somebody")).toBeNull();
  });

  it("records a post under its uri with its counts, located by the instance's id", () => {
    const status = readStatus(recordedJson("status-114620457512351116-fosstodon"), "fosstodon.org");
    const data = { ...status, instance: "fosstodon.org" };
    expect(post?.resource(data)).toEqual({
      id: "https://fosstodon.org/users/schochastics/statuses/114620457512351116",
      url: "https://fosstodon.org/@schochastics/114620457512351116",
      aliases: ["fosstodon.org:114620457512351116"],
    });
    expect(post?.metrics(data)).toEqual({ likeCount: 12, repostCount: 5, replyCount: 1, quoteCount: null });
    const located = post?.locate?.(
      parseParams(postDetailsParams, { url: "https://fosstodon.org/@schochastics/114620457512351116" }),
    );
    expect(located).toMatchObject({ alias: "fosstodon.org:114620457512351116" });
  });
});
