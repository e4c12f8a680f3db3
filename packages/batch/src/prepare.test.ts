import { registry } from "@sda/catalog";
import { isServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { canonicalJson, prepareBatch, requestHash } from "./prepare.ts";

const details = { path: "/v1/videosite/video-details", params: { url: "https://youtu.be/M4gD1WSo5mA" } };

function refusal(body: unknown) {
  try {
    prepareBatch(body, registry);
  } catch (error) {
    if (isServiceError(error)) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("prepareBatch", () => {
  it("turns parameter values into the query strings of the same direct call and prices the batch", () => {
    const batch = prepareBatch(
      {
        calls: [
          details,
          { path: "/v1/videosite/comments", params: { url: "xaQJbozY_Is", limit: 20, cache: true } },
        ],
        label: "x",
      },
      registry,
    );
    expect(batch.calls[1]).toMatchObject({
      index: 1,
      operationId: "videosite.comments",
      params: { url: "xaQJbozY_Is", limit: "20", cache: "true" },
      holdCredits: 2,
      maxCredits: 2,
    });
    expect(batch).toMatchObject({ estimatedMaxCredits: 3, cheapestHold: 1, label: "x", webhookUrl: null });
  });

  it("an operation without a maximum price (audio, by duration) makes the estimate null", () => {
    const batch = prepareBatch(
      { calls: [details, { path: "/v1/videosite/audio-transcript", params: { url: "M4gD1WSo5mA" } }] },
      registry,
    );
    expect(batch.estimatedMaxCredits).toBeNull();
  });

  it("lists every bad item with its index, code and parameter", () => {
    const error = refusal({
      calls: [
        details,
        { path: "/v1/videosite/video-details?url=x" },
        { path: "/v1/videosite/comments", params: { url: "xaQJbozY_Is", limit: [1] } },
        { path: "/v1/videosite/comments", params: "url=x" },
      ],
    });
    expect(error.code).toBe("invalid_batch_item");
    expect(error.details.items).toEqual([
      { index: 1, code: "invalid_parameter", param: "path", message: expect.any(String) },
      { index: 2, code: "invalid_parameter", param: "limit", message: expect.any(String) },
      { index: 3, code: "invalid_parameter", param: "params", message: expect.any(String) },
    ]);
  });

  it("refuses a body that is not a batch with the field at fault", () => {
    expect(refusal([]).details.param).toBe("body");
    expect(refusal({}).code).toBe("missing_parameter");
    expect(refusal({ calls: [details], extra: 1 }).details.param).toBe("extra");
    expect(refusal({ calls: [details], label: "x".repeat(201) }).code).toBe("parameter_out_of_range");
    expect(refusal({ calls: [details], webhookUrl: 5 }).details.param).toBe("webhookUrl");
  });
});

describe("requestHash", () => {
  it("is equal for bodies that differ only in key order, different otherwise", () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: "x" })).toBe('{"a":"x","b":[1,{"c":2,"d":1}]}');
    expect(requestHash({ calls: [details], label: "a" })).toBe(requestHash({ label: "a", calls: [details] }));
    expect(requestHash({ calls: [details], label: "a" })).not.toBe(
      requestHash({ calls: [details], label: "b" }),
    );
  });
});
