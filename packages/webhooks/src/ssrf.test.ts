import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect, it } from "vitest";
import type { WebhookConfig } from "./config.ts";
import { forbiddenAddressReason, validateWebhookUrl } from "./ssrf.ts";

/** A resolver that answers from a table instead of real DNS. */
function fakeLookup(table: Record<string, string[]>): LookupFunction {
  return ((host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const addresses = table[host];
    if (!addresses) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
      return;
    }
    const list: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(":") ? 6 : 4,
    }));
    if (options.all) callback(null, list);
    else callback(null, list[0]?.address, list[0]?.family);
  }) as unknown as LookupFunction;
}

const strict: Pick<WebhookConfig, "allowHttp" | "allowedHosts" | "lookup"> = {
  allowHttp: false,
  allowedHosts: [],
  lookup: fakeLookup({
    "hooks.example.com": ["93.184.216.34"],
    "internal.example.com": ["10.1.2.3"],
    "mixed.example.com": ["93.184.216.34", "192.168.1.5"],
    "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
  }),
};

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private (RFC 1918)"],
    ["172.16.5.4", "private (RFC 1918)"],
    ["192.168.0.10", "private (RFC 1918)"],
    ["fd12:3456::1", "private (fc00::/7)"],
    ["169.254.10.1", "link-local"],
    ["fe80::1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT (100.64.0.0/10)"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["169.254.169.254", "cloud metadata address"],
    ["fd00:ec2::254", "cloud metadata address"],
    ["::ffff:10.0.0.1", "private (RFC 1918)"],
    ["::ffff:7f00:1", "loopback"],
  ])("%s is refused as %s", (address, reason) => {
    expect(forbiddenAddressReason(address)).toContain(reason);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946"])("%s is allowed", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

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
    expect(error.details.reason).toBe("127.0.0.1 is loopback");
    await expect(
      validateWebhookUrl("https://127.0.0.1:8443/hook", { ...strict, allowedHosts: ["127.0.0.1"] }),
    ).resolves.toBe("https://127.0.0.1:8443/hook");
  });

  it("refuses IP literals in disguise: decimal, IPv6 loopback, IPv4-mapped IPv6, metadata", async () => {
    for (const [url, reason] of [
      ["https://2130706433/", "127.0.0.1 is loopback"],
      ["https://[::1]/", "::1 is loopback"],
      ["https://[::ffff:169.254.169.254]/", "169.254.169.254 is a cloud metadata address"],
      ["https://169.254.169.254/latest/meta-data", "169.254.169.254 is a cloud metadata address"],
    ] as const) {
      const error = await serviceErrorOf(validateWebhookUrl(url, strict));
      expect(error.details.reason).toBe(reason);
    }
  });

  it("refuses a name resolving to a private address (any of its addresses), and one that does not resolve", async () => {
    for (const [host, reason] of [
      ["internal.example.com", "internal.example.com resolves to 10.1.2.3, which is private (RFC 1918)"],
      ["mixed.example.com", "mixed.example.com resolves to 192.168.1.5, which is private (RFC 1918)"],
      ["mapped.example.com", "mapped.example.com resolves to 127.0.0.1, which is loopback"],
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
