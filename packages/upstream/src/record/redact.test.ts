import { describe, expect, it } from "vitest";
import { REDACTED, redactBody, redactUrl } from "./redact.ts";

describe("redacting a recording: the service-wide secret names plus the platform's own", () => {
  it("redacts JSON fields at any depth, the platform's secret names only when given", () => {
    const body = JSON.stringify({ did: "did:plc:x", accessJwt: "eyJ.a.b", nested: { password: "p" } });
    expect(JSON.parse(redactBody(body).text)).toEqual({
      did: "did:plc:x",
      accessJwt: "eyJ.a.b",
      nested: { password: REDACTED },
    });
    const redacted = redactBody(body, ["accessJwt"]);
    expect(redacted.edited).toBe(true);
    expect(JSON.parse(redacted.text)).toMatchObject({ accessJwt: REDACTED, did: "did:plc:x" });
  });

  it("redacts query and form fields by the same names", () => {
    expect(redactUrl("https://x.example/a?session=s&q=1", ["session"])).toBe(
      `https://x.example/a?session=${REDACTED}&q=1`,
    );
    expect(redactBody("grant=1&refreshJwt=r", ["refreshJwt"]).text).toBe(`grant=1&refreshJwt=${REDACTED}`);
  });
});
