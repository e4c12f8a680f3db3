import { describe, expect, it } from "vitest";
import { callName } from "./usage-page.ts";

describe("callName", () => {
  it("names a registry call by its operation id", () => {
    expect(callName({ operation: "videosite.transcript", path: "/v1/videosite/transcript" })).toBe(
      "videosite.transcript",
    );
  });

  it("names a service route by its path with every id as {id}", () => {
    expect(
      callName({
        operation: null,
        path: "/v1/monitors/mon_0123456789abcdEF/deliveries/whd_ABCDEFGHIJ012345/replay",
      }),
    ).toBe("/v1/monitors/{id}/deliveries/{id}/replay");
    expect(callName({ operation: null, path: "/v1/batch/bat_0123456789abcdEF/results" })).toBe(
      "/v1/batch/{id}/results",
    );
  });

  it("keeps segments that only look like ids", () => {
    expect(callName({ operation: null, path: "/v1/monitors/mon_short" })).toBe("/v1/monitors/mon_short");
  });
});
