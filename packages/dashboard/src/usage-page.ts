import { type IdPrefix, isServiceId } from "@sda/core";
import type { RequestLogRow } from "@sda/ledger";
import { html, type SafeHtml } from "./html.ts";
import { alertBox, formatTime, layout } from "./layout.ts";
import type { Session } from "./session.ts";

/** The filter values as typed in the form (refilled as given). */
export interface UsageFilterForm {
  operation: string;
  status: string;
  from: string;
  to: string;
}

const STATUS_OPTIONS = [
  ["", "All"],
  ["success", "Succeeded (2xx)"],
  ["error", "Failed (4xx/5xx)"],
] as const;

/** The prefixes of ids a route path can carry (a monitor, a delivery, a batch, a job, a key …). */
const PATH_ID_PREFIXES: readonly IdPrefix[] = [
  "mon",
  "whd",
  "bat",
  "job",
  "req",
  "key",
  "acct",
  "led",
  "run",
];

/**
 * What a logged call is called on the page: its operation id (`videosite.transcript`), else its route with every
 * id segment as `{id}` (`/v1/monitors/{id}/deliveries/{id}/replay`), so calls of one route read alike.
 */
export function callName(row: Pick<RequestLogRow, "operation" | "path">): string {
  if (row.operation) return row.operation;
  return row.path
    .split("/")
    .map((segment) => (PATH_ID_PREFIXES.some((prefix) => isServiceId(prefix, segment)) ? "{id}" : segment))
    .join("/");
}

/** A status cell's class: 202 (accepted, its job still running or finished later) is neither success nor failure. */
function statusClass(status: number): string {
  if (status === 202) return "status-pending";
  return status < 400 ? "status-ok" : "status-error";
}

/** The usage page: the credits chart, the request-log filters, one page of calls and the paging links. */
export function usagePage(options: {
  session: Session;
  chart: SafeHtml;
  operations: readonly string[];
  filters: UsageFilterForm;
  rows: readonly RequestLogRow[];
  nextHref: string | null;
  firstHref: string | null;
  error?: string;
}) {
  const { filters } = options;
  const rows = options.rows.map(
    (r) => html`<tr>
<td>${formatTime(r.createdAt)}</td><td>${callName(r)}</td>
<td class="${statusClass(r.status)}">${r.status}${r.status === 202 ? " accepted" : ""}${r.errorCode ? ` ${r.errorCode}` : ""}</td>
<td class="num">${r.credits}</td><td class="opt">${r.cache ?? "–"}</td><td class="num opt">${r.durationMs === null ? "–" : `${r.durationMs} ms`}</td><td class="opt"><code>${r.id}</code></td>
</tr>`,
  );
  return layout({
    title: "Usage",
    session: options.session,
    current: "/dashboard/usage",
    body: html`<h2>Credits per day, last 30 days</h2>
${options.chart}
<h2 id="log-title">Request log</h2>
${alertBox(options.error)}
<form class="inline" method="get" action="/dashboard/usage" aria-labelledby="log-title">
<label>Operation <select name="operation"><option value="">All</option>${options.operations.map(
      (op) => html`<option value="${op}"${op === filters.operation ? html` selected` : ""}>${op}</option>`,
    )}</select></label>
<label>Status <select name="status">${STATUS_OPTIONS.map(
      ([value, label]) =>
        html`<option value="${value}"${value === filters.status ? html` selected` : ""}>${label}</option>`,
    )}</select></label>
<label>From (UTC) <input type="date" name="from" value="${filters.from}"></label>
<label>To (UTC, inclusive) <input type="date" name="to" value="${filters.to}"></label>
<button type="submit">Filter</button>
</form>
${
  rows.length
    ? html`<div class="table-wrap"><table id="request-log">
<caption class="visually-hidden">Calls, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Operation</th><th scope="col">Status</th><th scope="col" class="num">Credits</th><th scope="col" class="opt">Cache</th><th scope="col" class="num opt">Duration</th><th scope="col" class="opt">Request id</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
    : html`<p>No calls match these filters.</p>`
}
<nav class="pager" aria-label="Request log pages">${options.firstHref ? html`<a href="${options.firstHref}">Newest</a>` : ""}${
      options.nextHref ? html`<a href="${options.nextHref}" rel="next">Older calls</a>` : ""
    }</nav>`,
  });
}
