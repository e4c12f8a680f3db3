import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parsePostRef, postRefParam } from "./post-url.ts";
import { parseSubreddit, subredditParam } from "./subreddit-url.ts";

describe("subreddit url", () => {
  it.each([
    ["golang", "golang"],
    ["r/golang", "golang"],
    ["/r/LocalLLaMA/top/", "LocalLLaMA"],
    ["https://www.reddit.com/r/golang/", "golang"],
    ["old.reddit.com/r/popular/hot?limit=5", "popular"],
    ["https://np.reddit.com/r/reddit.com/", "reddit.com"],
  ])("%s → %s", (input, name) => {
    expect(parseSubreddit(input)).toEqual({ kind: "ok", value: name });
  });

  it.each([
    ["https://www.youtube.com/@golang", "unsupported"],
    ["https://www.reddit.com/user/spez", "unsupported"],
    ["https://redd.it/haucpf", "unsupported"],
    ["r/a", "invalid"],
    ["not a subreddit", "invalid"],
    ["r/waytoolongnameforasubreddit", "invalid"],
  ])("%s is %s", (input, kind) => {
    expect(parseSubreddit(input).kind).toBe(kind);
  });
});

describe("post url", () => {
  it.each([
    ["haucpf", "haucpf"],
    ["t3_haucpf", "haucpf"],
    ["HAUCPF", "haucpf"],
    [
      "https://www.reddit.com/r/pics/comments/haucpf/ive_found_a_few_funny_memories_during_lockdown/",
      "haucpf",
    ],
    ["https://old.reddit.com/r/pics/comments/haucpf/slug/fv51rzs/?context=3", "haucpf"],
    ["reddit.com/comments/2gmzqe", "2gmzqe"],
    ["https://redd.it/y70ane", "y70ane"],
    ["https://www.reddit.com/gallery/1khu9tf", "1khu9tf"],
    ["https://www.reddit.com/user/spez/comments/1s3ezrc/humans_welcome/", "1s3ezrc"],
  ])("%s → %s", (input, id) => {
    expect(parsePostRef(input)).toEqual({ kind: "ok", value: { kind: "id", id } });
  });

  it("a share link is kept for the platform to resolve", () => {
    expect(parsePostRef("https://www.reddit.com/r/redditdev/s/WNauetbiNG")).toEqual({
      kind: "ok",
      value: { kind: "share", path: "/r/redditdev/s/WNauetbiNG" },
    });
  });

  it.each([
    ["https://www.youtube.com/watch?v=M4gD1WSo5mA", "unsupported"],
    ["https://i.redd.it/5kfmalflqiu91.jpg", "unsupported"],
    ["https://www.reddit.com/r/golang/", "unsupported"],
    ["https://www.reddit.com/r/pics/comments/hau_cpf/", "invalid"],
    ["two words", "invalid"],
  ])("%s is %s", (input, kind) => {
    expect(parsePostRef(input).kind).toBe(kind);
  });
});

describe("url parameters", () => {
  const schema = z.object({ sub: subredditParam, post: postRefParam });
  const failure = (raw: Record<string, string>) => {
    try {
      parseParams(schema, raw);
    } catch (error) {
      if (error instanceof ServiceError) return error;
    }
    throw new Error("expected a ServiceError");
  };

  it("another platform's URL is 422 unsupported_url, an unreadable one 400, a missing one 400", () => {
    expect(failure({ sub: "https://www.instagram.com/nasa/", post: "haucpf" })).toMatchObject({
      code: "unsupported_url",
      status: 422,
    });
    expect(failure({ sub: "golang", post: "not a post" })).toMatchObject({
      code: "invalid_parameter",
      status: 400,
    });
    expect(failure({ sub: "golang" })).toMatchObject({ code: "missing_parameter", status: 400 });
  });
});
