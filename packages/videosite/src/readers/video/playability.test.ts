import { describe, expect, it } from "vitest";
import { bodyJson, caseEntry, recordedClientPlayer, recordedPlayer } from "../../../test/corpus.ts";
import { classifyPlayability } from "./playability.ts";
import { readPlayer } from "./player-reader.ts";

const verdict = (player: unknown) => classifyPlayability(readPlayer(player));
const placeholder = (videoId: string) =>
  bodyJson(caseEntry("placeholder-blocked-pages", (m) => m.body?.videoId === videoId));

describe("classifyPlayability on every recorded unplayable answer", () => {
  it.each([
    ["video-8VajtrESJzA", "private"], // LOGIN_REQUIRED "This video is private"
    ["video-m8uHb5jIGN8", "private"], // LOGIN_REQUIRED, error screen "Private video" (README calls it age-gated)
    ["video-ayI2iBwGdxw", "members_only"], // UNPLAYABLE "available to this channel's members on level: …"
    ["video-sMJ8bRN2dak", "premium_only"], // UNPLAYABLE "only available to Music Premium members"
    ["video-Njp5uhTorCo", "age_restricted"], // LOGIN_REQUIRED "inappropriate for some users", age-gate marker
    ["video-N-yVic7BbY0", "live_offline"], // LIVE_STREAM_OFFLINE "This live event will begin in 18 hours."
    ["video-5YceQ8YqYMc", "live_recording_unavailable"], // UNPLAYABLE "This live stream recording is not available."
  ])("%s → %s", (caseId, reason) => {
    expect(verdict(recordedPlayer(caseId))).toMatchObject({ kind: "unavailable", reason });
  });

  it("classifies the recorded 'This video is unavailable' answer as unavailable", () => {
    expect(verdict(placeholder("GONEvideo01"))).toEqual({
      kind: "unavailable",
      reason: "unavailable",
      message: "This video is unavailable",
    });
  });

  it("classifies the empty answer of a non-existent id as unavailable", () => {
    for (const id of ["don-t-exist", "INVALID_ID_"])
      expect(
        verdict(bodyJson(caseEntry("player-invalid-ids", (m) => m.body?.["playerRequest.videoId"] === id))),
      ).toMatchObject({ kind: "unavailable", reason: "unavailable" });
  });

  it("classifies the bot check as blocked, not as a property of the video", () => {
    expect(verdict(placeholder("BLOCKEDbot1"))).toEqual({
      kind: "blocked",
      reason: "bot_check",
      message: "Sign in to confirm you\u2019re not a bot",
    });
  });

  it("classifies the VISIONOS refusal of a playable video as unavailable (that client is not used for it)", () => {
    expect(verdict(recordedClientPlayer("video-it3OtbTxQk0", "VISIONOS"))).toMatchObject({
      kind: "unavailable",
      reason: "unavailable",
    });
  });

  it.each([
    "video-M4gD1WSo5mA",
    "video-X4VbdwhkE10",
    "video-Fjg5lYqvzUs",
    "video-iuevw6218F0",
    "video-QRS8MkLhQmM",
    "audio-SynthAudio1",
  ])("%s is playable", (caseId) => {
    expect(verdict(recordedPlayer(caseId))).toEqual({ kind: "playable" });
  });
});
