import { expect, it } from "vitest";
import { caseEntries } from "../../../test/corpus.ts";
import { playlistFirstPageToken } from "./playlist-token.ts";

it("builds the recorded first-page items token of the playlist case", () => {
  const playlistId = "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj";
  const tokens = caseEntries(`playlist-${playlistId}`).map((entry) => entry._match.body?.continuation);
  expect(tokens).toContain(playlistFirstPageToken(playlistId));
});
