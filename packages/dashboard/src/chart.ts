import type { DailyUsageRow } from "@sda/ledger";
import { html, type SafeHtml } from "./html.ts";

const WIDTH = 720;
const HEIGHT = 240;
const LEFT = 44;
const BOTTOM = 28;
const TOP = 10;
const SERIES_COLOURS = 8;

/** The `days` UTC days ending today, oldest first, as `YYYY-MM-DD`. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** A round axis maximum ≥ `value` (1, 2, 4 × 10^n: its half is whole too from 2 up). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Credits per UTC day, stacked by operation, as an inline SVG bar chart (no script, no external file), with a legend
 * and the same numbers as a table for screen readers and exact values. The seven operations with the most credits
 * get their own colour; the rest are summed as "other".
 */
export function usageChart(rows: readonly DailyUsageRow[], days: number, now = new Date()): SafeHtml {
  const dayList = lastDays(days, now);
  const totals = new Map<string, number>();
  for (const r of rows)
    if (r.credits > 0) totals.set(r.operation, (totals.get(r.operation) ?? 0) + r.credits);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const series = ranked.slice(0, SERIES_COLOURS - 1).map(([op]) => op);
  if (ranked.length > series.length) series.push("other");
  const seriesOf = (op: string) => (series.includes(op) ? op : "other");

  const perDay = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (r.credits <= 0) continue;
    const day = perDay.get(r.day) ?? new Map<string, number>();
    const s = seriesOf(r.operation);
    day.set(s, (day.get(s) ?? 0) + r.credits);
    perDay.set(r.day, day);
  }
  const dayTotal = (day: string) => [...(perDay.get(day)?.values() ?? [])].reduce((a, b) => a + b, 0);
  // At least 4 so the three gridlines (0, max/2, max) stay whole credits.
  const max = niceMax(Math.max(4, ...dayList.map(dayTotal)));
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / dayList.length;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (credits: number) => TOP + plotHeight - (credits / max) * plotHeight;

  const bars = dayList.map((day, i) => {
    let base = 0;
    const x = LEFT + i * slot + (slot - barWidth) / 2;
    return series.map((s, si) => {
      const credits = perDay.get(day)?.get(s) ?? 0;
      if (credits === 0) return html``;
      const top = y(base + credits);
      const height = y(base) - top;
      base += credits;
      return html`<rect class="c${si}" x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${height.toFixed(1)}"><title>${day} · ${s}: ${credits} credits</title></rect>`;
    });
  });
  const ticks = [0, max / 2, max].map(
    (t) =>
      html`<line x1="${LEFT}" x2="${WIDTH - 8}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#c8c8c8"/><text x="${LEFT - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#4a4a4a">${Number.isInteger(t) ? t : t.toFixed(1)}</text>`,
  );
  const labelEvery = Math.ceil(dayList.length / 6);
  const labels = dayList.map((day, i) =>
    i % labelEvery === 0 || i === dayList.length - 1
      ? html`<text x="${(LEFT + i * slot + slot / 2).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="middle" font-size="11" fill="#4a4a4a">${day.slice(5)}</text>`
      : html``,
  );
  const total = ranked.reduce((sum, [, c]) => sum + c, 0);
  const summary = `${total} ${total === 1 ? "credit" : "credits"} over the last ${days} days`;
  return html`<figure class="chart">
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">Credits per day by operation</title>
<desc id="chart-desc">${summary}; the table below lists the same numbers.</desc>
${ticks}${bars}${labels}
</svg>
<figcaption>${summary} (UTC days).</figcaption>
${series.length ? html`<ul class="legend">${series.map((s, i) => html`<li><span class="c${i}" aria-hidden="true"></span>${s}</li>`)}</ul>` : html`<p class="hint">No credits used in this period.</p>`}
</figure>`;
}
