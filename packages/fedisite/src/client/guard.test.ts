import { bindHttpClient, type OperationContext } from "@sda/contract";
import { createLogger } from "@sda/core";
import { recordingRequests, serviceErrorOf } from "@sda/testing";
import { createHttpClient, originsFromConfig } from "@sda/upstream";
import { afterAll, describe, expect } from "vitest";
import { tableLookup } from "../../../netguard/test/lookup.ts";
import { recordedJson } from "../../test/corpus.ts";
import { fediTest, run } from "../../test/fixtures.ts";
import type { FedisiteEnv } from "../env.ts";
import { postDetailsHandler } from "../operations/post-details.ts";
import { profileHandler } from "../operations/profile.ts";
import { postDetailsSpec } from "../spec/post-details.ts";
import { profileSpec } from "../spec/profile.ts";
import { fedisitePlatform } from "../spec.ts";

// The SSRF guard (issue 25): the caller chooses the host we fetch from. Hostile links are refused with 422
// instance_not_allowed before any request is sent (so never billed: an expected failure releases the hold).

const HOSTILE = [
  "https://127.0.0.1/@admin",
  "https://[::1]/@admin",
  "https://10.0.0.5/@admin",
  "https://172.16.0.9/@admin",
  "https://192.168.1.1/@admin",
  "https://169.254.169.254/@admin",
  "https://[fe80::1]/@admin",
  "https://[::ffff:127.0.0.1]/@admin",
  "https://2130706433/@admin", // 127.0.0.1 in decimal
  "https://0x7f000001/@admin", // 127.0.0.1 in hex
  "https://0177.0.0.1/@admin", // 127.0.0.1 in octal
  "@admin@localhost",
  "https://metadata.google.internal/@admin",
  "http://mastodon.social/@admin",
  "https://mastodon.social:8443/@admin",
];

describe("hostile links, routed to the replay (FEDISITE_ORIGIN): refused by name", () => {
  fediTest("every hostile link is 422 instance_not_allowed and no request is sent", async ({ ctx }) => {
    const { ctx: watched, sent } = recordingRequests(ctx);
    for (const url of HOSTILE) {
      const error = await serviceErrorOf(run(profileSpec, profileHandler, watched, { url }));
      expect(error, url).toMatchObject({ code: "instance_not_allowed", status: 422, retryable: false });
    }
    expect(sent).toEqual([]);
  });

  fediTest("the operator's deny and allow lists", async ({ contextWith }) => {
    const { ctx, sent } = recordingRequests(
      contextWith({ FEDISITE_INSTANCES_DENY: "*.social", FEDISITE_INSTANCES_ALLOW: "fosstodon.org" }),
    );
    const url = "https://mastodon.social/@halcy@icosahedron.website/110446383900387196";
    const error = await serviceErrorOf(run(postDetailsSpec, postDetailsHandler, ctx, { url }));
    expect(error.details).toMatchObject({ reason: "mastodon.social is on the operator's deny list" });
    const other = await serviceErrorOf(
      run(postDetailsSpec, postDetailsHandler, ctx, { url: "https://hachyderm.io/@a/1" }),
    );
    expect(other.details).toMatchObject({ reason: "hachyderm.io is not on the operator's allow list" });
    expect(sent).toEqual([]);
  });
});

// Live mode (no FEDISITE_ORIGIN): the upstream client's guarded agent judges the address each connection goes to
// (every redirect hop too: tested with a local redirecting server in @sda/upstream's caller-hosts test, for any
// platform declaring `callerHosts` as this one does). The names resolve through the injectable lookup, never real DNS.
const live = createHttpClient({
  origins: originsFromConfig({}, [fedisitePlatform]),
  guard: {
    allowedHosts: [],
    lookup: tableLookup({
      "private-instance.net": ["10.9.8.7"],
      "rebind-instance.net": ["93.184.216.34", "192.168.4.4"],
    }),
  },
  timeoutMs: 2000,
  userAgent: "sda-test",
  log: createLogger({ name: "test", level: "silent" }),
});
afterAll(() => live.close());

describe("hostile hosts in live mode: refused by address", () => {
  fediTest("a name whose DNS answer is private is refused before any request", async ({ ctx }) => {
    const liveCtx: OperationContext<FedisiteEnv> = { ...ctx, http: bindHttpClient(live, ctx.platform) };
    for (const url of ["https://private-instance.net/@admin", "https://rebind-instance.net/@admin"]) {
      const error = await serviceErrorOf(run(profileSpec, profileHandler, liveCtx, { url }));
      expect(error, url).toMatchObject({ code: "instance_not_allowed", status: 422 });
      expect(String(error.details.reason)).toMatch(
        /resolves to (10\.9\.8\.7|192\.168\.4\.4), which is private-use/,
      );
    }
  });
});

describe("per-instance rate limits", () => {
  fediTest(
    "a spent instance rests until its reset without a request; another instance is served",
    async ({ ctx, replay }) => {
      // The recorded status, answered with a spent budget (a test-only answer: the recordings never ran out).
      const reset = new Date(Date.now() + 120_000).toISOString();
      const remove = replay.addFault({
        when: (r) => r.path === "/api/v1/statuses/114620457512351116",
        status: 200,
        body: JSON.stringify(recordedJson("status-114620457512351116-fosstodon")),
        headers: {
          "content-type": "application/json",
          "x-ratelimit-limit": "300",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": reset,
        },
      });
      try {
        const spent = await run(postDetailsSpec, postDetailsHandler, ctx, {
          url: "https://limited.example.net/@schochastics/114620457512351116",
        });
        expect(spent.data.id).toBe("114620457512351116");
        const { ctx: watched, sent } = recordingRequests(ctx);
        const resting = await serviceErrorOf(
          run(postDetailsSpec, postDetailsHandler, watched, {
            url: "https://limited.example.net/@halcy/110446383900387196",
          }),
        );
        expect(resting).toMatchObject({ code: "upstream_rate_limited", retryable: true });
        expect(resting.retryAfterSeconds).toBeGreaterThan(0);
        expect(resting.retryAfterSeconds).toBeLessThanOrEqual(120);
        expect(sent).toEqual([]);
        const other = await run(postDetailsSpec, postDetailsHandler, watched, {
          url: "https://unlimited.example.net/@halcy/110446383900387196",
        });
        expect(other.data.id).toBe("110446383900387196");
        expect(sent).toHaveLength(1);
      } finally {
        remove();
      }
    },
  );
});
