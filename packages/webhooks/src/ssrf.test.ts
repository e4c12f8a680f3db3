import type { LookupFunction } from "node:net";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { REFUSED_NAMES } from "../../netguard/test/examples.ts";
import { tableLookup } from "../../netguard/test/lookup.ts";
import type { WebhookConfig } from "./config.ts";
import { validateWebhookUrl } from "./ssrf.ts";

const strict: Pick<WebhookConfig, "allowHttp" | "allowedHosts" | "lookup"> = {
  allowHttp: false,
  allowedHosts: [],
  lookup: tableLookup({
    "hooks.example.com": ["93.184.216.34"],
    "internal.example.com": ["10.1.2.3"],
    "mixed.example.com": ["93.184.216.34", "192.168.1.5"],
    "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
  }),
};

describe("validateWebhookUrl", () => {
  it("accepts an https URL whose host resolves to public addresses", async () => {
    await expect(validateWebhookUrl("https://hooks.example.com/in?x=1", strict)).resolves.toBe(
      "https://hooks.example.com/in?x=1",
    );
    await expect(validateWebhookUrl("https://v6.example.com/", strict)).resolves.toBe(
      "https://v6.example.com/",
    );
  });

  it("refuses http unless WEBHOOK_ALLOW_HTTP, and other schemes always", async () => {
    const error = await serviceErrorOf(validateWebhookUrl("http://hooks.example.com/", strict));
    expect([error.code, error.status, error.details.reason]).toEqual([
      "invalid_webhook_url",
      400,
      "only https URLs are accepted",
    ]);
    await expect(
      validateWebhookUrl("http://hooks.example.com/", { ...strict, allowHttp: true }),
    ).resolves.toBe("http://hooks.example.com/");
    const ftp = await serviceErrorOf(
      validateWebhookUrl("ftp://hooks.example.com/", { ...strict, allowHttp: true }),
    );
    expect(ftp.details.reason).toBe("only http and https URLs are accepted");
  });

  it("refuses 127.0.0.1 without the allowlist and accepts it with it", async () => {
    const error = await serviceErrorOf(validateWebhookUrl("https://127.0.0.1:8443/hook", strict));
    expect(error.details.reason).toBe("127.0.0.1 is loopback (127.0.0.0/8)");
    await expect(
      validateWebhookUrl("https://127.0.0.1:8443/hook", { ...strict, allowedHosts: ["127.0.0.1"] }),
    ).resolves.toBe("https://127.0.0.1:8443/hook");
  });

  it("refuses IP literals in disguise: decimal, IPv6 loopback, IPv4-mapped and -compatible IPv6, metadata, special ranges", async () => {
    for (const [url, reason] of [
      ["https://2130706433/", "127.0.0.1 is loopback (127.0.0.0/8)"],
      ["https://[::1]/", "::1 is loopback (::1/128)"],
      ["https://[::ffff:169.254.169.254]/", "169.254.169.254 is a cloud metadata address"],
      ["https://169.254.169.254/latest/meta-data", "169.254.169.254 is a cloud metadata address"],
      // Issue 21 #1: accepted by the built service (ipaddr.js 1.9.1 called them unicast; no rule for ::a.b.c.d).
      ["https://198.18.0.1/h", "198.18.0.1 is benchmarking (198.18.0.0/15)"],
      ["https://[::127.0.0.1]/h", "::7f00:1 is IPv4-compatible IPv6, deprecated (::/96)"],
      ["https://[100::1]/h", "100::1 is discard-only (100::/64)"],
      ["https://[2001:10::1]/h", "2001:10::1 is deprecated ORCHID (2001:10::/28)"],
    ] as const) {
      const error = await serviceErrorOf(validateWebhookUrl(url, strict));
      expect(error.details.reason).toBe(reason);
    }
  });

  it("refuses a name resolving to a private address (any of its addresses), and one that does not resolve", async () => {
    for (const [host, reason] of [
      [
        "internal.example.com",
        "internal.example.com resolves to 10.1.2.3, which is private-use (10.0.0.0/8)",
      ],
      [
        "mixed.example.com",
        "mixed.example.com resolves to 192.168.1.5, which is private-use (192.168.0.0/16)",
      ],
      ["mapped.example.com", "mapped.example.com resolves to 127.0.0.1, which is loopback (127.0.0.0/8)"],
      ["nowhere.example.com", "host nowhere.example.com does not resolve"],
    ] as const) {
      const error = await serviceErrorOf(validateWebhookUrl(`https://${host}/`, strict));
      expect(error.details.reason).toBe(reason);
    }
    await expect(
      validateWebhookUrl("https://internal.example.com/", {
        ...strict,
        allowedHosts: ["internal.example.com"],
      }),
    ).resolves.toBe("https://internal.example.com/");
  });

  it("refuses garbage, credentials and overlong URLs with a reason, never a crash", async () => {
    for (const [url, reason] of [
      ["not a url", "not an absolute URL"],
      ["https://user:pw@hooks.example.com/", "credentials in the URL are not accepted"],
      [`https://hooks.example.com/${"a".repeat(2100)}`, "longer than 2048 characters"],
    ] as const) {
      const error = await serviceErrorOf(validateWebhookUrl(url, strict, "url"));
      expect([error.code, error.details.reason, error.details.param]).toEqual([
        "invalid_webhook_url",
        reason,
        "url",
      ]);
    }
  });
});

/** A resolver that must not be asked: a name refused by name never reaches DNS (`.local` would go to mDNS). */
const refusingLookup: LookupFunction = (hostname) => {
  throw new Error(`${hostname} was looked up`);
};

describe("webhook hosts by name: the one host policy fedisite's instances pass", () => {
  it.each(REFUSED_NAMES.filter(([name]) => URL.canParse(`https://${name}/h`)))(
    "https://%s/h is refused before any DNS lookup: %s",
    async (name, reason) => {
      const error = await serviceErrorOf(
        validateWebhookUrl(`https://${name}/h`, { ...strict, lookup: refusingLookup }),
      );
      expect([error.code, error.details.reason]).toEqual(["invalid_webhook_url", reason]);
    },
  );

  it("an allowlisted name passes in any spelling (trailing dot, case, ideographic dot)", async () => {
    const config = { ...strict, allowedHosts: ["receiver.internal"] };
    for (const host of ["receiver.internal", "RECEIVER.internal.", "receiver\u3002internal"])
      await expect(validateWebhookUrl(`https://${host}/h`, config), host).resolves.toMatch(
        /^https:\/\/receiver\.internal\.?\/h$/,
      );
  });
});
