import { describe, expect, it } from "vitest";
import { html } from "./html.ts";
import { callName, usagePage } from "./usage-page.ts";

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

describe("usagePage", () => {
  it("shows a charge whose call has no request-log row: its credits, no cache or duration", () => {
    const page = usagePage({
      session: { token: "t", accountId: "acct_x", email: "a@example.com", csrf: "c" },
      chart: html``,
      operations: ["videosite.transcript"],
      filters: { operation: "", status: "", from: "", to: "" },
      rows: [
        {
          id: "req_charged",
          operation: "videosite.transcript",
          path: "",
          params: {},
          status: 200,
          errorCode: null,
          credits: 2,
          cache: null,
          source: null,
          durationMs: null,
          batchId: null,
          monitorId: null,
          channel: "rest",
          createdAt: new Date("2026-12-01T10:00:00Z"),
        },
      ],
      nextHref: null,
      firstHref: null,
    });
    expect(page).toContain(
      '<td class="num">2</td><td class="opt">–</td><td class="num opt">–</td><td class="opt"><code>req_charged</code></td>',
    );
  });
});
