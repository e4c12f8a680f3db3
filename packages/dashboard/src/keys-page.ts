import { html } from "./html.ts";
import { alertBox, csrfField, formatTime, layout } from "./layout.ts";
import type { Session } from "./session.ts";

/** One key row of the keys page. */
export interface KeyListItem {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const NOTICES: Record<string, string> = {
  welcome: "Your account is ready with 100 free credits. Create an API key to start.",
  "welcome-no-grant":
    "Your account is ready. This address has had its free credits for today, so it starts with 0 credits; add credits to call the API.",
  revoked: "The key was revoked. Calls with it now get 401 revoked_api_key.",
};

/**
 * The keys page: balance, the key just created (shown once, with a copy button), the create form and the key list
 * with a revoke button per active key.
 */
export function keysPage(options: {
  session: Session;
  balance: number;
  keys: readonly KeyListItem[];
  created?: { name: string; secret: string };
  notice?: string;
  error?: string;
}) {
  const { session, balance, keys, created } = options;
  const notice =
    options.notice && Object.hasOwn(NOTICES, options.notice) ? NOTICES[options.notice] : undefined;
  const createdBox = created
    ? html`<section class="notice" aria-labelledby="new-key-title">
<h2 id="new-key-title">Your new key “${created.name}”</h2>
<p>Copy it now: it is shown only once and stored only as a SHA-256 hash.</p>
<div class="secret">
<label class="visually-hidden" for="new-key">API key</label>
<input id="new-key" readonly value="${created.secret}">
<button type="button" class="secondary" data-copy="#new-key" aria-describedby="copy-status">Copy</button>
<span id="copy-status" role="status" class="hint"></span>
</div>
<p class="hint">Send it as <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-API-Key: &lt;key&gt;</code>.</p>
</section>`
    : html``;
  const rows = keys.map(
    (k) => html`<tr>
<td>${k.name}</td><td><code>${k.start}…</code></td><td class="opt">${formatTime(k.createdAt)}</td><td class="opt">${formatTime(k.lastUsedAt)}</td>
<td>${k.revokedAt ? html`<span class="status-error">revoked ${formatTime(k.revokedAt)}</span>` : html`<span class="status-ok">active</span>`}</td>
<td>${
      k.revokedAt
        ? ""
        : html`<form method="post" action="/dashboard/keys/${k.id}/revoke" data-confirm="Revoke the key ${k.name} (${k.start}…)? Calls with it are refused at once, and a revoked key cannot be restored.">${csrfField(session)}<button class="danger" type="submit" aria-label="Revoke key ${k.name} (${k.start}…)">Revoke</button></form>`
    }</td>
</tr>`,
  );
  return layout({
    title: "API keys",
    session,
    current: "/dashboard/keys",
    body: html`${notice ? html`<div class="notice" role="status">${notice}</div>` : ""}${alertBox(options.error)}
<div class="panel"><span>Balance</span> <span class="balance" id="balance">${balance} credits</span></div>
${createdBox}
<h2>Create a key</h2>
<form class="inline" method="post" action="/dashboard/keys">
${csrfField(session)}
<label>Key name <input name="name" required maxlength="60" placeholder="e.g. production"></label>
<button type="submit">Create key</button>
</form>
<h2>Your keys</h2>
${
  keys.length
    ? html`<div class="table-wrap"><table>
<caption class="visually-hidden">API keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col" class="opt">Created</th><th scope="col" class="opt">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
    : html`<p>No keys yet.</p>`
}`,
  });
}
