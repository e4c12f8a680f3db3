/**
 * Section 3 of `npm run bench` (alone: `npm run bench:parse`): normalisation cost per MiB of upstream body for
 * video details, comments, search and channel lists — our readers (as the operations run them, minus the HTTP) next
 * to youtubei.js's `Parser.parseResponse` on the same recorded bodies, in the same run, interleaved round by round.
 * JSON.parse is left out of both sides (both start from the parsed answer) and measured alone as a reference.
 * Target (issue 9): ours ≤ 1.0× theirs. BENCH_PARSE_ROUNDS rounds (default 15), each ≥ ~40 ms per side.
 */
import { performance } from "node:perf_hooks";
import { Log, Parser } from "youtubei.js";
import { type Family, type ParseCase, parseCases } from "./lib/parse-cases.ts";
import { median, printTable, verdict } from "./lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_PARSE_ROUNDS ?? 15);
const MIB = 1024 * 1024;

/** ms to run `work` over every case `repeat` times. */
function time(cases: readonly ParseCase[], repeat: number, work: (c: ParseCase) => unknown): number {
  let sink = 0;
  const t0 = performance.now();
  for (let r = 0; r < repeat; r++) for (const c of cases) if (work(c)) sink++;
  const elapsed = performance.now() - t0;
  if (sink < 0) console.log(sink); // keeps the results alive
  return elapsed;
}

const theirs = (c: ParseCase) => c.answers.map((answer) => Parser.parseResponse(answer as never));
const ours = (c: ParseCase) => c.ours(c.answers);

/** Runs section 3 and prints its table and target lines. */
export async function runParse(): Promise<void> {
  Log.setLevel(Log.Level.NONE);
  console.log(`\n== 3. normalisation per MiB of upstream body (${ROUNDS} rounds, medians), same run ==\n`);
  const rows: string[][] = [
    [
      "family",
      "cases",
      "MiB",
      "JSON.parse",
      "ours",
      "youtubei.js",
      "ours / theirs",
      "incl. JSON.parse",
      "left out",
    ],
  ];
  const verdicts: string[] = [];
  for (const [family, all] of Object.entries(parseCases()) as [Family, ParseCase[]][]) {
    // A body youtubei.js cannot parse is left out of both sides, so both read the same bytes.
    const cases = all.filter((c) => {
      try {
        theirs(c);
        ours(c);
        return true;
      } catch {
        return false;
      }
    });
    const bytes = cases.reduce((n, c) => n + c.bytes, 0);
    const texts = cases.flatMap((c) => c.answers.map((a) => JSON.stringify(a)));
    // Enough repetitions for ~40 ms per side per round, from one warm-up pass of theirs.
    const once = Math.max(0.01, time(cases, 1, theirs));
    const repeat = Math.max(1, Math.ceil(40 / once));
    for (let i = 0; i < 3; i++) time(cases, repeat, ours);
    const oursMs: number[] = [];
    const theirsMs: number[] = [];
    const jsonMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      oursMs.push(time(cases, repeat, ours) / repeat);
      theirsMs.push(time(cases, repeat, theirs) / repeat);
      const t0 = performance.now();
      for (let r = 0; r < repeat; r++) for (const text of texts) JSON.parse(text);
      jsonMs.push((performance.now() - t0) / repeat);
    }
    const perMib = (series: number[]) => median(series) / (bytes / MIB);
    const ratio = median(oursMs) / median(theirsMs);
    const withJson = (median(jsonMs) + median(oursMs)) / (median(jsonMs) + median(theirsMs));
    rows.push([
      family,
      String(cases.length),
      (bytes / MIB).toFixed(2),
      `${perMib(jsonMs).toFixed(2)} ms/MiB`,
      `${perMib(oursMs).toFixed(2)} ms/MiB`,
      `${perMib(theirsMs).toFixed(2)} ms/MiB`,
      `×${ratio.toFixed(2)}`,
      `×${withJson.toFixed(2)}`,
      String(all.length - cases.length),
    ]);
    verdicts.push(
      verdict(ratio <= 1, `${family}: ours ≤ 1.0× youtubei.js Parser.parseResponse`, `×${ratio.toFixed(2)}`),
    );
  }
  printTable(rows);
  console.log("\n(left out: bodies youtubei.js could not parse; they are left out of both sides)");
  console.log("\ntargets (issue 9; reported, never failing the run):\n");
  for (const line of verdicts) console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) await runParse();
