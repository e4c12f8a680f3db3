import { describe, expect, it } from "vitest";
import { accessLogLevel } from "./request-context.ts";

describe("accessLogLevel", () => {
  it("keeps expected failures out of the error level: a platform's refusal and a refused key are warn", () => {
    expect(accessLogLevel(502, "upstream_error")).toBe("warn");
    expect(accessLogLevel(502, "asr_unavailable")).toBe("warn");
    expect(accessLogLevel(503, "service_unavailable")).toBe("warn");
    expect(accessLogLevel(401, "invalid_api_key")).toBe("warn");
    expect(accessLogLevel(404, "video_unavailable")).toBe("info");
    expect(accessLogLevel(400, "missing_parameter")).toBe("info");
    expect(accessLogLevel(200, undefined)).toBe("info");
  });

  it("logs only the unexpected at error: internal_error, or a 5xx the envelope did not name", () => {
    expect(accessLogLevel(500, "internal_error")).toBe("error");
    expect(accessLogLevel(500, undefined)).toBe("error");
  });
});
