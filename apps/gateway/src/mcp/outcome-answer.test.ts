import { errorCodes } from "@sda/services";
import { describe, expect, it } from "vitest";
import { outcomeAnswer } from "./operation-tools.ts";

const failed = (error: { code: string; status?: number }) =>
  outcomeAnswer(
    {
      state: "finished",
      jobId: "job_1",
      result: { ok: false, credits: 0, error: { ...error, message: "x", retryable: false, details: {} } },
    },
    errorCodes,
  );

describe("outcomeAnswer of a failed call (an error read back from a job)", () => {
  it("keeps the status the error carries", () => {
    expect(failed({ code: "video_unavailable", status: 404 })).toMatchObject({
      ok: false,
      error: { code: "video_unavailable", status: 404 },
    });
  });

  it("gives an error written before errors carried their status its platform code's status", () => {
    expect(failed({ code: "video_unavailable" })).toMatchObject({ error: { status: 404 } });
    expect(failed({ code: "instance_not_allowed" })).toMatchObject({ error: { status: 422 } });
    expect(failed({ code: "upstream_error" })).toMatchObject({ error: { status: 502 } });
  });
});
