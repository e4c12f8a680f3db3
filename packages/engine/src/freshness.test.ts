import { parseParams } from "@sda/contract";
import { newId } from "@sda/core";
import { serviceErrorOf } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, startEngineHarness } from "../test/harness.ts";
import { type PlanDeps, planCall } from "./plan.ts";
import { type EngineDeps, runCall } from "./run-call.ts";

// Cache freshness (SPEC §4.1): canonical cache keys across URL forms, `cacheMaxAge` on profile operations (served up
// to its age, refused elsewhere), and the 24-hour window of `cache=true`. Old entries are made by real paid calls run
// with an injected clock, never written by hand.

let h: EngineHarness;
let deps: EngineDeps;
let plan: PlanDeps;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  h = await startEngineHarness("fresh", 86400);
  ({ deps, plan } = h);
});
afterAll(() => h.close());

const op = (id: string) => h.op(id);

async function caller(credits = 10) {
  const created = await deps.ledger.createAccount({ name: "fresh", grant: credits });
  return { accountId: created.id, keyId: "key_fresh" };
}

/** Plans and runs a call as gateway + worker would, with the worker's clock at `at`. */
async function call(
  opId: string,
  raw: Record<string, unknown>,
  who: { accountId: string; keyId: string },
  at?: Date,
) {
  const planned = await planCall(op(opId), raw, who, newId("req"), plan);
  if (planned.kind === "answer") return planned.answer;
  return runCall(planned.call, planned.reservation, at ? { ...deps, now: () => at } : deps, h.run());
}

describe("canonical cache keys", () => {
  it("youtu.be/X, watch?v=X&t=1 and shorts/X share one entry", async () => {
    const details = op("videosite.video-details");
    const forms = [
      "https://youtu.be/tjz2u2DiveM",
      "https://www.youtube.com/watch?v=tjz2u2DiveM&t=1",
      "https://www.youtube.com/shorts/tjz2u2DiveM",
      "https://m.youtube.com/watch?feature=share&v=tjz2u2DiveM",
    ];
    const keys = forms.map((url) =>
      deps.cache.key(details.id, parseParams(details.params, { url }) as Record<string, unknown>),
    );
    expect(new Set(keys).size).toBe(1);
    const who = await caller();
    const paid = await call(details.id, { url: forms[0], cache: "true" }, who);
    expect(paid).toMatchObject({ ok: true, credits: 1, cache: "MISS" });
    for (const url of forms.slice(1))
      expect(await call(details.id, { url, cache: "true" }, who)).toMatchObject({ cache: "HIT", credits: 0 });
  });
});

describe("cacheMaxAge on profile operations", () => {
  const SUBREDDIT = "forumsite.subreddit-details";
  const raw = { url: "https://www.reddit.com/r/golang/" };

  it("a 2-day-old result: served with cacheMaxAge=3d (0 credits, cachedAt), not with 1d or cache=true", async () => {
    const who = await caller();
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    const fetched = await call(SUBREDDIT, raw, who, twoDaysAgo);
    expect(fetched).toMatchObject({ ok: true });
    const hit = await call(SUBREDDIT, { ...raw, cacheMaxAge: "3d" }, who);
    expect(hit).toMatchObject({ ok: true, cache: "HIT", credits: 0, cachedAt: twoDaysAgo.toISOString() });
    // Too old for a 1-day window and for cache=true's 24 hours: fetched fresh, billed, and stored again.
    const fresh = await call(SUBREDDIT, { ...raw, cacheMaxAge: "1d" }, who);
    expect(fresh).toMatchObject({ ok: true, cache: "MISS" });
    const after = await call(SUBREDDIT, { ...raw, cache: "true" }, who);
    expect(after).toMatchObject({ cache: "HIT", credits: 0 });
  });

  it("profile operations keep their results 30 days; others the 24-hour default", () => {
    for (const id of [
      "videosite.channel-details",
      "photosite.channel-details",
      "photosite.basic-profile",
      SUBREDDIT,
    ])
      expect(deps.cache.ttl(op(id))).toBe(30 * 86_400);
    expect(deps.cache.ttl(op("videosite.video-details"))).toBe(86_400);
    expect(deps.cache.defaultMaxAge(op(SUBREDDIT))).toBe(86_400);
  });

  it("other values → 400 invalid_enum_value listing the allowed ones; other operations → 400 invalid_parameter", async () => {
    const who = await caller();
    const bad = await serviceErrorOf(call(SUBREDDIT, { ...raw, cacheMaxAge: "2d" }, who));
    expect(bad).toMatchObject({ code: "invalid_enum_value", details: { param: "cacheMaxAge" } });
    expect(bad.details.allowed).toEqual(["1d", "3d", "7d", "14d", "30d"]);
    const elsewhere = await serviceErrorOf(
      call("videosite.video-details", { url: "https://youtu.be/tjz2u2DiveM", cacheMaxAge: "7d" }, who),
    );
    expect(elsewhere).toMatchObject({ code: "invalid_parameter", details: { param: "cacheMaxAge" } });
    expect(await deps.ledger.balance(who.accountId)).toBe(10);
  });
});
