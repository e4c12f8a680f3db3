import { describe, expect, it } from "vitest";
import { PUBLIC_NAMES, REFUSED_NAMES } from "../../../netguard/test/examples.ts";
import { checkInstance } from "../client/instance-policy.ts";
import type { FedisiteEnv } from "../env.ts";
import { parseAccountRef, parseInstance, parseStatusRef, parseTagRef } from "./links.ts";

const ok = <T>(value: T) => ({ kind: "ok", value });

describe("links", () => {
  it("reads profile links and handles of any instance", () => {
    const schochastics = { instance: "https://fosstodon.org", acct: "schochastics", id: null };
    const link = ok({ ...schochastics, sharedForm: true });
    const handle = ok({ ...schochastics, sharedForm: false });
    expect(parseAccountRef("https://fosstodon.org/@schochastics")).toEqual(link);
    expect(parseAccountRef("fosstodon.org/@schochastics/")).toEqual(link);
    expect(parseAccountRef("https://fosstodon.org/@schochastics/media")).toEqual(link);
    expect(parseAccountRef("https://fosstodon.org/users/schochastics")).toEqual(handle);
    expect(parseAccountRef("@schochastics@fosstodon.org")).toEqual(handle);
    expect(parseAccountRef("schochastics@FOSSTODON.org")).toEqual(handle);
    expect(parseAccountRef("https://mastodon.social/@halcy@icosahedron.website")).toEqual(
      ok({
        instance: "https://mastodon.social",
        acct: "halcy@icosahedron.website",
        id: null,
        sharedForm: true,
      }),
    );
    expect(parseAccountRef("https://fosstodon.org/web/accounts/109302436954721982")).toEqual(
      ok({ instance: "https://fosstodon.org", acct: null, id: "109302436954721982", sharedForm: false }),
    );
    // The scheme and port are kept as written, so the instance policy can refuse them.
    expect(parseAccountRef("http://fosstodon.org/@x")).toMatchObject(
      ok({ instance: "http://fosstodon.org" }),
    );
    expect(parseAccountRef("https://[::1]:8443/@x")).toMatchObject(ok({ instance: "https://[::1]:8443" }));
    expect(parseAccountRef("https://fosstodon.org/@schochastics/114620457512351116").kind).toBe(
      "unsupported",
    );
    expect(parseAccountRef("https://fosstodon.org/tags/rstats").kind).toBe("unsupported");
    expect(parseAccountRef("schochastics").kind).toBe("unsupported");
    expect(parseAccountRef("https://fosstodon.org/@bad name").kind).toBe("invalid");
  });

  it("reads status links; the id is the instance's own", () => {
    const status = ok({ instance: "https://fosstodon.org", id: "114620457512351116" });
    expect(parseStatusRef("https://fosstodon.org/@schochastics/114620457512351116")).toEqual(status);
    expect(parseStatusRef("https://fosstodon.org/users/schochastics/statuses/114620457512351116")).toEqual(
      status,
    );
    expect(parseStatusRef("https://fosstodon.org/web/statuses/114620457512351116")).toEqual(status);
    expect(parseStatusRef("https://mastodon.social/@halcy@icosahedron.website/110446383900387196")).toEqual(
      ok({ instance: "https://mastodon.social", id: "110446383900387196" }),
    );
    expect(parseStatusRef("https://fosstodon.org/@schochastics").kind).toBe("unsupported");
    expect(parseStatusRef("https://fosstodon.org/@schochastics/12-3").kind).toBe("invalid");
    expect(parseStatusRef("https://www.youtube.com/@somebody/videos").kind).toBe("invalid");
    expect(parseStatusRef("114620457512351116").kind).toBe("unsupported");
  });

  it("reads hashtag links and instances", () => {
    expect(parseTagRef("https://mastodon.social/tags/ichbinhanna")).toEqual(
      ok({ instance: "https://mastodon.social", tag: "ichbinhanna" }),
    );
    expect(parseTagRef("https://chaos.social/tags/K%C3%A4se")).toEqual(
      ok({ instance: "https://chaos.social", tag: "Käse" }),
    );
    expect(parseTagRef("https://mastodon.social/tags/no-dash").kind).toBe("invalid");
    expect(parseTagRef("https://mastodon.social/explore").kind).toBe("unsupported");
    expect(parseInstance("mastodon.social")).toEqual(ok("https://mastodon.social"));
    expect(parseInstance("https://mastodon.social/about")).toEqual(ok("https://mastodon.social"));
    expect(parseInstance("user@mastodon.social").kind).toBe("invalid");
  });
});

const env = (allow: string[] = [], deny: string[] = []): FedisiteEnv => ({
  FEDISITE_INSTANCES_ALLOW: allow,
  FEDISITE_INSTANCES_DENY: deny,
  FEDISITE_TOKENS: "",
});

/** The reason `checkInstance` gives for refusing the instance of `link`. */
function refusal(link: string, settings = env()): string {
  try {
    checkInstance(link, settings);
  } catch (error) {
    expect(error).toMatchObject({ code: "instance_not_allowed", status: 422, retryable: false });
    return (error as { details: { reason: string } }).details.reason;
  }
  throw new Error(`${link} was allowed`);
}

describe("the instance policy (by name, before any request)", () => {
  it("allows a public https instance and answers its host name", () => {
    expect(checkInstance("https://Mastodon.Social", env())).toBe("mastodon.social");
    expect(checkInstance("https://8.8.8.8", env())).toBe("8.8.8.8");
  });

  it("refuses another scheme or port, special-purpose addresses (also written in decimal or hex) and names", () => {
    const origin = (link: string) => {
      const parsed = parseAccountRef(link);
      if (parsed.kind !== "ok") throw new Error(`${link}: ${parsed.kind}`);
      return parsed.value.instance;
    };
    expect(refusal(origin("http://mastodon.social/@a"))).toBe("mastodon.social is not https");
    expect(refusal(origin("https://mastodon.social:8443/@a"))).toBe(
      "mastodon.social:8443: only port 443 is fetched",
    );
    expect(refusal(origin("https://127.0.0.1/@a"))).toBe("127.0.0.1 is loopback (127.0.0.0/8)");
    expect(refusal(origin("https://[::1]/@a"))).toBe("::1 is loopback (::1/128)");
    expect(refusal(origin("https://10.1.2.3/@a"))).toBe("10.1.2.3 is private-use (10.0.0.0/8)");
    expect(refusal(origin("https://192.168.0.7/@a"))).toBe("192.168.0.7 is private-use (192.168.0.0/16)");
    expect(refusal(origin("https://169.254.169.254/@a"))).toBe("169.254.169.254 is a cloud metadata address");
    expect(refusal(origin("https://[fe80::1]/@a"))).toBe("fe80::1 is link-local (fe80::/10)");
    expect(refusal(origin("https://2130706433/@a"))).toBe("127.0.0.1 is loopback (127.0.0.0/8)");
    expect(refusal(origin("https://0x7f000001/@a"))).toBe("127.0.0.1 is loopback (127.0.0.0/8)");
    expect(refusal(origin("@a@0xa000001"))).toBe("10.0.0.1 is private-use (10.0.0.0/8)");
    expect(refusal(origin("https://localhost/@a"))).toBe(
      "localhost is a special-use name (.localhost, always loopback, 127.0.0.1 and ::1)",
    );
    expect(refusal(origin("https://metadata.google.internal/@a"))).toBe(
      "metadata.google.internal is a special-use name (.internal)",
    );
    expect(refusal(origin("https://intranet/@a"))).toBe("intranet is not a fully qualified domain name");
  });

  it.each(REFUSED_NAMES.filter(([name]) => URL.canParse(`https://${name}/`)))(
    "refuses https://%s by name (one host policy, normalised once): %s",
    (name, reason) => {
      expect(refusal(`https://${name}`)).toBe(reason);
    },
  );

  it("keys an instance by its canonical name (trailing dot, case and ideographic dots folded)", () => {
    for (const [name, canonical] of PUBLIC_NAMES)
      expect(checkInstance(new URL(`https://${name}`).origin, env()), name).toBe(canonical);
  });

  it("applies the operator's lists (`*.domain` for subdomains)", () => {
    expect(refusal("https://bad.example.org", env([], ["*.example.org"]))).toBe(
      "bad.example.org is on the operator's deny list",
    );
    expect(refusal("https://fosstodon.org", env(["mastodon.social"]))).toBe(
      "fosstodon.org is not on the operator's allow list",
    );
    expect(checkInstance("https://mastodon.social", env(["mastodon.social"]))).toBe("mastodon.social");
  });
});
