import type { deliveryView, MonitorView, runView } from "@sda/monitors";
import { html, type SafeHtml } from "./html.ts";
import { alertBox, csrfField, formatIso, layout } from "./layout.ts";
import type { Session } from "./session.ts";

type Run = ReturnType<typeof runView>;
type Delivery = ReturnType<typeof deliveryView>;

/** One monitor with its newest runs and deliveries, as the page shows it. */
export interface MonitorCard {
  monitor: MonitorView;
  runs: readonly Run[];
  deliveries: readonly Delivery[];
}

/** Notices after an action (`?notice=` of the redirect), by name: never text from the query itself. */
const NOTICES: Record<string, string> = {
  paused: "The monitor is paused: no runs until you resume it.",
  resumed: "The monitor is active again; its next run is scheduled.",
  "test-sent": "A signed monitor.test event is on its way; it shows under Deliveries.",
  replayed: "The delivery is sent once more (same webhook-id and body, a new signature).",
};

const schedule = (m: MonitorView) =>
  "every" in m.schedule ? `every ${m.schedule.every}` : `cron ${m.schedule.cron} (${m.schedule.tz})`;

function statusBadge(status: string, reason?: string | null): SafeHtml {
  const kind =
    status === "active" || status === "succeeded"
      ? "ok"
      : status === "failed" || status === "disabled"
        ? "error"
        : "muted";
  return html`<span class="badge ${kind}">${status}${reason ? ` (${reason})` : ""}</span>`;
}

/** The attempts of a delivery as `200 in 12 ms`, `refused: …`, newest last. */
function attemptsText(delivery: Delivery): string {
  return delivery.attempts
    .map(
      (a) =>
        `${a.statusCode ?? a.error ?? "no answer"}${a.durationMs !== null ? ` in ${a.durationMs} ms` : ""}${a.replay ? " (replay)" : ""}`,
    )
    .join(", ");
}

function runsTable(runs: readonly Run[], id: string): SafeHtml {
  if (!runs.length) return html`<p class="hint">No runs yet.</p>`;
  return html`<div class="table-wrap"><table>
<caption class="visually-hidden">Last runs of ${id}</caption>
<thead><tr><th scope="col">Started</th><th scope="col">Status</th><th scope="col" class="num opt">Items</th><th scope="col" class="num">New</th><th scope="col" class="num">Credits</th><th scope="col" class="opt">Error</th></tr></thead>
<tbody>${runs.map(
    (
      r,
    ) => html`<tr><td>${formatIso(r.startedAt)}</td><td>${statusBadge(r.status)}</td><td class="num opt">${r.itemsSeen ?? "—"}</td>
<td class="num">${r.newItems}</td><td class="num">${r.credits}</td><td class="opt">${r.error ? html`<code>${r.error.code}</code>` : ""}</td></tr>`,
  )}</tbody></table></div>`;
}

function deliveriesTable(session: Session, monitorId: string, deliveries: readonly Delivery[]): SafeHtml {
  if (!deliveries.length) return html`<p class="hint">No deliveries yet.</p>`;
  return html`<div class="table-wrap"><table>
<caption class="visually-hidden">Last deliveries of ${monitorId}</caption>
<thead><tr><th scope="col" class="opt">Created</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts (HTTP status)</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${deliveries.map(
    (
      d,
    ) => html`<tr><td class="opt">${formatIso(d.createdAt)}</td><td><code>${d.eventType}</code></td><td>${statusBadge(d.status, d.failureReason)}</td>
<td>${attemptsText(d)}</td>
<td>${
      d.status === "pending"
        ? html`<span class="hint">next ${formatIso(d.nextAttemptAt)}</span>`
        : html`<form method="post" action="/dashboard/monitors/${monitorId}/deliveries/${d.id}/replay">${csrfField(session)}<button class="secondary small" type="submit" aria-label="Replay delivery ${d.id}">Replay</button></form>`
    }</td></tr>`,
  )}</tbody></table></div>`;
}

function card(session: Session, { monitor: m, runs, deliveries }: MonitorCard, notice?: string): SafeHtml {
  const action = (path: string, label: string, kind = "secondary", confirm?: string) =>
    html`<form method="post" action="/dashboard/monitors/${m.id}/${path}"${confirm ? html` data-confirm="${confirm}"` : ""}>${csrfField(session)}<button class="${kind} small" type="submit">${label}</button></form>`;
  const withWebhook = m.kind === "items";
  return html`<section class="panel monitor" id="${m.id}" aria-labelledby="${m.id}-title">
<h2 id="${m.id}-title">${m.description ?? m.operation} ${statusBadge(m.status, m.statusReason)}</h2>
${notice ? html`<div class="notice" role="status">${notice}</div>` : ""}
<dl class="facts">
<div><dt>Monitor</dt><dd><code>${m.id}</code> · ${m.kind === "track" ? "history tracking" : "new items to a webhook"}</dd></div>
<div><dt>Call</dt><dd><code>${m.path}</code> ${Object.entries(m.params).map(([k, v]) => html`<code class="wrap">${k}=${v}</code> `)}</dd></div>
<div><dt>Schedule</dt><dd>${schedule(m)}; next run ${formatIso(m.nextRunAt)}; last run ${formatIso(m.lastRunAt)}</dd></div>
${withWebhook ? html`<div><dt>Webhook</dt><dd><code class="wrap">${m.webhookUrl ?? ""}</code></dd></div>` : ""}
</dl>
<div class="actions">
${m.status === "active" ? action("pause", "Pause") : action("resume", "Resume")}
${withWebhook ? action("test", "Send test event") : ""}
${withWebhook ? action("rotate-secret", "Rotate signing secret", "danger", `Rotate the signing secret of ${m.id}? Deliveries are signed with the new secret at once: your receiver must be given it before it can verify them.`) : ""}
</div>
<h3>Last runs</h3>
${runsTable(runs, m.id)}
${withWebhook ? html`<h3>Deliveries</h3>${deliveriesTable(session, m.id, deliveries)}` : ""}
</section>`;
}

/**
 * The Monitors page: each monitor of the account (every key's) with its schedule, status, newest runs and webhook
 * deliveries (each attempt's HTTP status), and its actions: pause/resume, a signed test event, a replay of a finished
 * delivery, and secret rotation (the new `whsec_…` shown once, with a copy button).
 */
export function monitorsPage(options: {
  session: Session;
  cards: readonly MonitorCard[];
  notice?: string;
  /** The monitor the notice is about: shown inside its card (the redirect's anchor), so it is in view. */
  noticeFor?: string;
  error?: string;
  rotated?: { monitorId: string; secret: string };
}) {
  const { session, cards, rotated } = options;
  const notice =
    options.notice && Object.hasOwn(NOTICES, options.notice) ? NOTICES[options.notice] : undefined;
  const inCard =
    notice && cards.some((c) => c.monitor.id === options.noticeFor) ? options.noticeFor : undefined;
  const rotatedBox = rotated
    ? html`<section class="notice" aria-labelledby="secret-title">
<h2 id="secret-title">New signing secret of ${rotated.monitorId}</h2>
<p>Copy it now: it is shown only once. Deliveries from now on are signed with it.</p>
<div class="secret">
<label class="visually-hidden" for="new-secret">Signing secret</label>
<input id="new-secret" readonly value="${rotated.secret}">
<button type="button" class="secondary" data-copy="#new-secret" aria-describedby="copy-status">Copy</button>
<span id="copy-status" role="status" class="hint"></span>
</div></section>`
    : html``;
  return layout({
    title: "Monitors",
    session,
    current: "/dashboard/monitors",
    body: html`${notice && !inCard ? html`<div class="notice" role="status">${notice}</div>` : ""}${alertBox(options.error)}${rotatedBox}
<p class="hint">A monitor re-runs a list call on a schedule and POSTs the new items to your webhook, signed (Standard Webhooks). Create one with <code>POST /v1/monitors</code>; see the <a href="/docs">API reference</a>.</p>
${cards.length ? cards.map((c) => card(session, c, c.monitor.id === inCard ? notice : undefined)) : html`<p>No monitors yet.</p>`}`,
  });
}
