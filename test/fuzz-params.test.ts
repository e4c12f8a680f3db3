import { registry } from "@sda/catalog";
import type { ErrorCodeTable } from "@sda/core";
import { errorCodes } from "@sda/services";
import { expectLedgerReconciled } from "@sda/testing";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// Issue 9, fault 2: property-based fuzzing of every operation's parameters, through the real gateway over HTTP.
// Bounded and deterministic: a fixed seed, RUNS_PER_OPERATION random runs plus the KNOWN_TROUBLE examples per
// registered operation (~540 requests).
// No worker runs, so a call whose parameters are valid waits out a 50 ms deadline and is answered 202 (its job is
// never run, so nothing can be billed); every other answer must be a 4xx in the error envelope.
/** The composed code table, read by any code an answer carries: every error answers its code's status. */
const codeTable: ErrorCodeTable = errorCodes;
const SEED = 20_261_124;
const RUNS_PER_OPERATION = 8;
const CREDITS = 1_000_000;

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    workers: "none",
    env: { REQUEST_DEADLINE_MS: "50", RATE_LIMIT_PER_SECOND: "100000" },
  },
);

/** Inputs that broke a parser before, or are classic troublemakers. */
const NASTY = [
  "%",
  "%E0%A4",
  "%25E0%25A4",
  "%00",
  "\u0000",
  "\ud800",
  "\udfff\ud800",
  "0x10",
  " 5",
  "1e2",
  "-1",
  "-0",
  "99999999999999999999",
  "NaN",
  "https://www.instagram.com/%E0%A4/",
  "https://www.instagram.com/p/%/",
  "https://www.instagram.com/reels/audio/%E0%A4/",
  "https://www.instagram.com/explore/tags/%E0%A4/",
  "https://www.youtube.com/watch?v=%E0%A4",
  "https://www.youtube.com/@%E0%A4",
  "https://www.youtube.com/channel/%/videos",
  "https://www.youtube.com/playlist?list=%E0",
  "https://www.reddit.com/r/%E0%A4/comments/%/x/",
  "https://redd.it/%",
  "@%E0%A4",
  "#%E0%A4",
  "highlight:%",
  "../../etc/passwd",
  "javascript:alert(1)",
  "http://[::1",
  "https://",
  "true",
  "[]",
  "{}",
  "'\"<>",
  "a".repeat(3000),
  `https://youtu.be/${"a".repeat(2100)}`,
  "eyJvIjoieCIsInAiOnt9fQ.AAAA",
];

/**
 * Values every operation's first parameter gets besides the random runs (fast-check `examples`): the inputs of the
 * 500s found in issue 9 (a malformed escape inside the path of a platform URL, sent percent-encoded as `%25E0%25A4`)
 * on each platform, and a NUL with an unpaired surrogate.
 */
const KNOWN_TROUBLE = [
  "https://www.instagram.com/%E0%A4/",
  "https://www.instagram.com/p/%/",
  "https://www.instagram.com/reels/audio/%E0%A4/",
  "https://www.instagram.com/explore/tags/%E0%A4/",
  "https://www.youtube.com/@%E0%A4",
  "https://www.reddit.com/r/%E0%A4/comments/%/x/",
  "\u0000\ud800",
];

const urlish = fc
  .tuple(
    fc.constantFrom(
      "https://www.youtube.com/",
      "https://youtu.be/",
      "https://m.youtube.com/watch?v=",
      "https://www.instagram.com/",
      "https://www.instagram.com/p/",
      "https://www.reddit.com/r/",
      "https://redd.it/",
      "http://",
      "ftp://",
      "",
    ),
    fc.string({ unit: "binary", maxLength: 30 }),
    fc.constantFrom("", "/", "%", "%E0%A4", "%ZZ", "?x=%E0", "#%", "/%00/"),
  )
  .map(([a, b, c]) => a + b + c);

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: urlish },
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.webUrl(),
);

/** One query value: absent, once, or repeated (repeated keys arrive as arrays). */
const slot = fc.option(
  fc.oneof(
    { weight: 4, arbitrary: value },
    { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }) },
  ),
  {
    nil: undefined,
    freq: 3,
  },
);

/** One generated call: the operation's parameters, unknown extra ones, and whether `%` is sent unencoded. */
interface Run {
  known: Record<string, string | string[] | undefined>;
  extra: Record<string, string>;
  keepPercent: boolean;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/**
 * Percent-encodes the UTF-8 bytes of `text` (unpaired surrogates become U+FFFD, as any client sends them). With
 * `keepPercent`, `%` is sent as is, so malformed escapes such as `%E0%A4` reach the gateway's own decoding.
 */
function encode(text: string, keepPercent: boolean): string {
  let out = "";
  for (const char of text) {
    if (UNRESERVED.test(char) || (keepPercent && char === "%")) out += char;
    else
      for (const byte of new TextEncoder().encode(char))
        out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function queryString(params: Record<string, string | string[] | undefined>, keepPercent: boolean): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(params))
    for (const one of v === undefined ? [] : Array.isArray(v) ? v : [v])
      parts.push(`${encode(key, false)}=${encode(one, keepPercent)}`);
  return parts.join("&");
}

describe("fault 2: fuzzing every operation's parameters through the gateway", () => {
  test(`${registry.operations.length} operations × ${RUNS_PER_OPERATION} seeded runs + known trouble: 0 × 5xx, every error in the envelope, nothing billed`, async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(CREDITS);
    const statuses = new Map<number, number>();
    for (const op of registry.operations) {
      const shape = Object.keys((op.params as { shape?: Record<string, unknown> }).shape ?? {});
      const params = fc.record({
        known: fc.record(Object.fromEntries(shape.map((name) => [name, slot]))),
        extra: fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }),
        keepPercent: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(params, async ({ known, extra, keepPercent }) => {
          const qs = queryString({ ...extra, ...known }, keepPercent);
          const response = await fetch(`${stack.gateway.url}${op.path}?${qs}`, {
            headers: { authorization: `Bearer ${key}` },
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const where = `${op.id} ?${qs.slice(0, 300)} → ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          expect(response.headers.get("content-type"), where).toContain("application/json");
          expect(response.headers.get("x-service-request-id"), where).toMatch(/^req_/);
          const body = JSON.parse(text);
          if (response.status >= 400) {
            expect(body.success, where).toBe(false);
            // A code of the catalog's composed table (core's or a platform's), answered with its one status.
            expect(codeTable[body.error.code]?.status, where).toBe(response.status);
            expect(typeof body.error.retryable, where).toBe("boolean");
            expect(body.error.requestId, where).toBe(response.headers.get("x-service-request-id"));
            expect(response.headers.get("x-service-credits"), where).toBe("0");
          } else {
            expect([200, 202], where).toContain(response.status);
            expect(body.success, where).toBe(true);
          }
        }),
        {
          seed: SEED,
          // Examples run first and count towards numRuns.
          numRuns: KNOWN_TROUBLE.length + RUNS_PER_OPERATION,
          endOnFailure: true,
          examples: KNOWN_TROUBLE.map((v): [Run] => [
            { known: { [shape[0] ?? "url"]: v }, extra: {}, keepPercent: false },
          ]),
        },
      );
    }
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(registry.operations.length * (RUNS_PER_OPERATION + KNOWN_TROUBLE.length));
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(await stack.ledger.balance(accountId)).toBe(CREDITS);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  }, 180_000);
});
