import { describe, expect, it } from "vitest";
import { photositeTest } from "../../test/fixtures.ts";
import {
  cookieValue,
  coolDown,
  parseProxies,
  parseSessionCookies,
  pickSession,
  rememberCsrfToken,
} from "./sessions.ts";

describe("session pool configuration", () => {
  it("reads one cookie header or a JSON array of them, and comma-separated proxies", () => {
    expect(parseSessionCookies({ PHOTOSITE_SESSION_COOKIES: "sessionid=a; csrftoken=t1" })).toEqual([
      "sessionid=a; csrftoken=t1",
    ]);
    expect(
      parseSessionCookies({ PHOTOSITE_SESSION_COOKIES: '["sessionid=a; csrftoken=t1", "sessionid=b"]' }),
    ).toHaveLength(2);
    expect(parseSessionCookies({ PHOTOSITE_SESSION_COOKIES: undefined })).toEqual([]);
    expect(parseProxies({ PHOTOSITE_PROXIES: "http://p1:8080, http://p2:8080" })).toEqual([
      "http://p1:8080",
      "http://p2:8080",
    ]);
    expect(cookieValue("sessionid=a; csrftoken=t1", "csrftoken")).toBe("t1");
  });
});

describe("session choice", () => {
  photositeTest(
    "uses a session's own csrftoken and its proxy; skips a session that cools down",
    async ({ contextWith }) => {
      const ctx = contextWith({
        PHOTOSITE_SESSION_COOKIES: '["sessionid=a; csrftoken=t1", "sessionid=b; csrftoken=t2"]',
        PHOTOSITE_PROXIES: "http://p1:8080,http://p2:8080",
      });
      const first = await pickSession(ctx);
      expect(first.csrfToken).toBe(first.index === 0 ? "t1" : "t2");
      expect(first.proxy).toBe(first.index === 0 ? "http://p1:8080" : "http://p2:8080");
      await coolDown(ctx, first, 60);
      for (let i = 0; i < 5; i++) expect((await pickSession(ctx)).index).toBe(1 - first.index);
      await coolDown(ctx, { ...first, index: 1 - first.index }, 60);
      expect(await pickSession(ctx)).toMatchObject({ index: -1, cookies: null });
    },
  );

  photositeTest(
    "anonymous calls share one CSRF token, replaced by the one the platform sets",
    async ({ contextWith }) => {
      const ctx = contextWith();
      const a = await pickSession(ctx);
      const b = await pickSession(ctx);
      expect(a.csrfToken).toHaveLength(32);
      expect(b.csrfToken).toBe(a.csrfToken);
      await rememberCsrfToken(ctx, ["mid=x; Path=/", "csrftoken=fromPlatform123; Path=/; Secure"]);
      expect((await pickSession(ctx)).csrfToken).toBe("fromPlatform123");
    },
  );
});
