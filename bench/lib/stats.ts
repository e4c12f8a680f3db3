/** Small statistics and formatting helpers of the benchmarks (all times in ms). */

/** The q-quantile (0…1) of `values` by nearest rank; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median (0.5 quantile, nearest rank). */
export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** The arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** `12.34 ms` with two decimals (or `n/a`). */
export function ms(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)} ms` : "n/a";
}

/** A ratio as a percentage with one decimal (or `n/a`). */
export function percent(value: number): string {
  // One decimal: a share printed as "60 %" next to a FAIL of "≥ 60 %" (59.5 %) says nothing.
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)} %` : "n/a";
}

/** One target line: `PASS`/`FAIL`, what was asked and what was measured. Reports only; never fails the run. */
export function verdict(pass: boolean, target: string, measured: string): string {
  return `${pass ? "PASS" : "FAIL"}  ${target.padEnd(62)} ${measured}`;
}

/** Prints rows as a fixed-width table (the first row is the header). */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
    if (index === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}
