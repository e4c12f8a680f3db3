import type { BatchSummary } from "@sda/batch";
import { html, type SafeHtml } from "./html.ts";
import { alertBox, formatIso, layout } from "./layout.ts";
import type { Session } from "./session.ts";

/** Items of a batch by status: the counts the page shows beside its progress bar. */
function counts(b: BatchSummary): SafeHtml {
  const open = b.total - b.done;
  const parts = [
    html`<span class="status-ok">${b.succeeded} succeeded</span>`,
    b.failed ? html`<span class="status-error">${b.failed} failed</span>` : "",
    b.cancelled ? html`<span>${b.cancelled} cancelled</span>` : "",
    open ? html`<span>${open} ${b.status === "cancelled" ? "still running" : "to go"}</span>` : "",
  ].filter(Boolean);
  return html`${parts.map((p, i) => html`${i ? " · " : ""}${p}`)}`;
}

/**
 * The progress bar: one SVG bar split into succeeded, failed and cancelled items (the rest still to run), drawn with
 * attributes only (the page's CSP allows no inline styles); its accessible name says the same in words.
 */
function progressBar(b: BatchSummary): SafeHtml {
  const open = b.total - b.done;
  let x = 0;
  const segments = (
    [
      ["ok", b.succeeded],
      ["error", b.failed],
      ["muted", b.cancelled],
    ] as const
  ).map(([kind, count]) => {
    const width = b.total ? (100 * count) / b.total : 0;
    const rect = html`<rect class="bar-${kind}" x="${x.toFixed(3)}" width="${width.toFixed(3)}" height="10"></rect>`;
    x += width;
    return rect;
  });
  const name = `${b.succeeded} succeeded, ${b.failed} failed, ${b.cancelled} cancelled, ${open} not finished, of ${b.total}`;
  return html`<svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${name}"><rect class="bar-track" width="100" height="10"></rect>${segments}</svg>`;
}

function batchRow(b: BatchSummary): SafeHtml {
  const percent = b.total ? Math.floor((100 * b.done) / b.total) : 100;
  const label = b.label ?? b.batchId;
  const download = (format: "jsonl" | "csv", name: string) =>
    html`<a href="/dashboard/batches/${b.batchId}/results.${format}" download aria-label="Download the results of ${label} as ${name}">${name}</a>`;
  return html`<li class="panel batch" id="${b.batchId}">
<div class="batch-head"><h2>${label}</h2> <span class="badge ${b.status === "completed" ? "ok" : "muted"}">${b.status}</span></div>
<p class="hint"><code>${b.batchId}</code> · created ${formatIso(b.createdAt)}${b.completedAt ? html` · done ${formatIso(b.completedAt)}` : ""}</p>
<p class="progress-label">${b.done} of ${b.total} items done (${percent} %)</p>
${progressBar(b)}
<p>${counts(b)}</p>
<p>Credits: <strong>${b.creditsCharged}</strong>${b.estimatedMaxCredits !== null ? ` of at most ${b.estimatedMaxCredits}` : ""}</p>
<p class="downloads">Results: ${download("jsonl", "JSON lines")} · ${download("csv", "CSV")}</p>
</li>`;
}

/**
 * The Batches page: the account's batches (every key's), newest first, each with a progress bar, its item counts by
 * status, the credits charged, and its results to download as JSON lines or CSV (the API's
 * `GET /v1/batch/{id}/results?format=`).
 */
export function batchesPage(options: {
  session: Session;
  batches: readonly BatchSummary[];
  next: string | null;
  first: boolean;
  /** `BATCH_RESULT_TTL_DAYS`. */
  retentionDays: number;
  error?: string;
}) {
  const { session, batches, next } = options;
  const running = batches.some((b) => b.status === "queued" || b.status === "running");
  return layout({
    title: "Batches",
    session,
    current: "/dashboard/batches",
    body: html`${alertBox(options.error)}
<p class="hint">A batch runs up to 1,000 calls for you (<code>POST /v1/batch</code>; see the <a href="/docs">API reference</a>). Results are kept ${options.retentionDays} days.${running ? html` <a href="/dashboard/batches">Refresh</a> to follow the progress.` : ""}</p>
${batches.length ? html`<ul class="batches">${batches.map(batchRow)}</ul>` : html`<p>No batches yet.</p>`}
<nav class="pager" aria-label="Batch pages">${options.first ? "" : html`<a href="/dashboard/batches">Newest</a>`}${next ? html`<a href="${next}" rel="next">Older batches</a>` : ""}</nav>`,
  });
}
