import { expect, it } from "vitest";
import { caseEntries } from "../../../test/corpus.ts";
import { commentsFirstPageToken } from "./comments-token.ts";

it("builds the recorded first-page comments token of every comments case", () => {
  const cases = ["xaQJbozY_Is", "bem4adjGKjE", "zYpyS2HaZHM", "QqsLTNkzvaY", "VM_6n762j6M", "D00Au7k3i6o"];
  for (const videoId of cases) {
    const tokens = caseEntries(`comments-${videoId}`).map((entry) => entry._match.body?.continuation);
    expect(tokens).toContain(commentsFirstPageToken(videoId));
  }
});

it("matches the token the recorded watch page carries in its comments section", () => {
  const next = JSON.stringify(caseEntries("comments-xaQJbozY_Is")[0]?.response.content.text);
  expect(next).toContain(commentsFirstPageToken("xaQJbozY_Is"));
});
