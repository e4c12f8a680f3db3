/**
 * Section 2 of `npm run bench`: autocannon at c = 1, 16, 64, 256 on a cache-hit mix and a fresh mix, then
 * BENCH_MIXED_CALLS (10,000) mixed calls on a new account followed by an exact ledger reconciliation: the sum of the
 * account's ledger entries == its balance == the grant − the credits the answers' `X-Service-Credits` add up to.
 */
import { type LoadResult, load } from "./lib/measure.ts";
import type { BenchStack } from "./lib/stack.ts";
import { ms, printTable, verdict } from "./lib/stats.ts";
import type { Paths } from "./lib/targets.ts";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const MIXED_CALLS = Number(process.env.BENCH_MIXED_CALLS ?? 10_000);
const CONNECTIONS = [1, 16, 64, 256];
const GRANT = 1_000_000;

/** `error.code` of an error envelope, else `no envelope`. */
function errorCode(body: string): string {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === "string" ? code : "no envelope";
  } catch {
    return "no envelope";
  }
}

const row = (mix: string, r: LoadResult) => [
  mix,
  String(r.connections),
  r.requestsPerSecond.toFixed(0),
  ms(r.p50),
  ms(r.p99),
  String(r.total),
  String(r.non2xx + r.errors + r.timeouts),
];

/** Runs section 2 and prints its table, the mixed run and the reconciliation. */
export async function runLoad(stack: BenchStack, paths: Paths): Promise<void> {
  const { secret } = await stack.createAccount(GRANT);
  const headers = { authorization: `Bearer ${secret}` };
  console.log(`\n== 2. load (autocannon, ${SECONDS} s per run, loopback) ==\n`);
  const fresh = [...paths.freshDetails, ...paths.transcript];
  const rows: string[][] = [["mix", "c", "req/s", "p50", "p99", "calls", "non-2xx/errors"]];
  for (const connections of CONNECTIONS) {
    rows.push(
      row(
        "cache-hit",
        await load(stack.gatewayUrl, {
          connections,
          durationSeconds: SECONDS,
          headers,
          paths: paths.cacheHit,
        }),
      ),
    );
    rows.push(
      row(
        "fresh",
        await load(stack.gatewayUrl, { connections, durationSeconds: SECONDS, headers, paths: fresh }),
      ),
    );
  }
  printTable(rows);

  // The mixed run on an account of its own, so the reconciliation covers exactly these calls.
  const mixed = await stack.createAccount(GRANT);
  // Interleaved: every connection starts at the first path and cycles, so a short run still sees every kind.
  const mix = paths.cacheHit.flatMap((hit, i) => [
    hit,
    paths.freshDetails[i % paths.freshDetails.length] as string,
    paths.cacheHit[(i + 1) % paths.cacheHit.length] as string,
    paths.transcript[i % paths.transcript.length] as string,
    ...(i % 2 === 0 ? ["/v1/account"] : []),
  ]);
  const statuses = new Map<number, number>();
  const errorCodes = new Map<string, number>();
  const failedRequestIds: string[] = [];
  let credits = 0;
  let unparsed = 0;
  const result = await load(stack.gatewayUrl, {
    connections: 64,
    amount: MIXED_CALLS,
    headers: { authorization: `Bearer ${mixed.secret}` },
    paths: mix,
    onResponse(status, answerHeaders, body) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // autocannon hands the raw header names over, in the server's spelling.
      const header = (wanted: string) => {
        const name = Object.keys(answerHeaders).find((key) => key.toLowerCase() === wanted);
        return name === undefined ? undefined : answerHeaders[name];
      };
      if (status !== 200) {
        const code = errorCode(body);
        errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
        const requestId = header("x-service-request-id");
        if (typeof requestId === "string") failedRequestIds.push(requestId);
      }
      const value = Number(header("x-service-credits") ?? Number.NaN);
      if (Number.isInteger(value)) credits += value;
      else unparsed += 1;
    },
  });
  console.log(
    `\n${MIXED_CALLS} mixed calls at c=64 (${mix.length} paths cycled: 4/9 cache hits, 2/9 fresh video-details, 2/9 transcripts, 1/9 account): ` +
      `${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}` +
      `${result.errors + result.timeouts ? `, ${result.errors} errors / ${result.timeouts} timeouts` : ""}` +
      `${errorCodes.size ? `; error codes ${JSON.stringify(Object.fromEntries(errorCodes))}` : ""}`,
  );

  const [ledger] = await stack.sql<{ sum: string; entries: string }>(
    "SELECT COALESCE(SUM(amount), 0)::text AS sum, COUNT(*)::text AS entries FROM ledger_entries WHERE account_id = $1",
    [mixed.accountId],
  );
  const [account] = await stack.sql<{ balance: number }>("SELECT balance FROM accounts WHERE id = $1", [
    mixed.accountId,
  ]);
  // A call answered with an error must not have been charged (SPEC: 4xx and 5xx cost 0).
  const [chargedFailures] = await stack.sql<{ calls: string; credits: string }>(
    "SELECT COUNT(*)::text AS calls, COALESCE(-SUM(amount), 0)::text AS credits FROM ledger_entries WHERE request_id = ANY($1)",
    [failedRequestIds],
  );
  const sum = Number(ledger?.sum);
  const balance = account?.balance ?? Number.NaN;
  console.log("\nledger reconciliation of the mixed run:\n");
  console.log(
    verdict(
      sum === balance,
      "sum of ledger entries == balance",
      `${sum} == ${balance} (${ledger?.entries} entries)`,
    ),
  );
  console.log(
    verdict(
      GRANT - balance === credits && unparsed === 0,
      "grant − balance == Σ X-Service-Credits of the answers",
      `${GRANT - balance} == ${credits}${unparsed ? ` (${unparsed} answers without the header)` : ""}`,
    ),
  );
  console.log(
    verdict(
      chargedFailures?.calls === "0",
      "no call answered with an error was charged",
      `${chargedFailures?.calls} of ${failedRequestIds.length} error answers charged (${chargedFailures?.credits} credits)`,
    ),
  );
}
