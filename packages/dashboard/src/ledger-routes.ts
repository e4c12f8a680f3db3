import { CursorCodec, parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { decodePageCursor, encodePageCursor, ledgerQuerySchema, type PagePosition } from "@sda/ledger";
import type { Router } from "express";
import express from "express";
import { accountIdOf, requireSignIn, sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { html } from "./html.ts";
import { alertBox, formatTime, layout } from "./layout.ts";
import type { Session } from "./session.ts";

const LIST_ID = "dashboard.ledger";
const PAGE_SIZE = 50;

/** `GET /ledger`: balance and the ledger entries newest first (signed amount, balance after, operation, request id). */
export function ledgerRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const codec = new CursorCodec(deps.config.CURSOR_SECRET);
  router.get("/ledger", requireSignIn, async (req, res) => {
    const accountId = accountIdOf(res);
    let after: PagePosition | undefined;
    let error: string | undefined;
    try {
      const query = parseParams(ledgerQuerySchema, { cursor: (req.query as Record<string, unknown>).cursor });
      if (query.cursor) after = decodePageCursor(codec, LIST_ID, query.cursor);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      error = "That page link is not valid; showing the newest entries.";
    }
    const [page, balance] = await Promise.all([
      deps.ledger.usage.ledgerPage(accountId, { limit: PAGE_SIZE, ...(after ? { after } : {}) }),
      deps.ledger.balance(accountId),
    ]);
    const rows = page.rows.map(
      (e) => html`<tr><td>${formatTime(e.createdAt)}</td><td class="opt">${e.kind}</td>
<td class="num">${e.amount > 0 ? `+${e.amount}` : e.amount}</td><td class="num">${e.balanceAfter}</td>
<td>${e.operation ?? e.note ?? ""}</td><td class="opt">${e.requestId ? html`<code>${e.requestId}</code>` : ""}</td></tr>`,
    );
    const next = page.next
      ? `/dashboard/ledger?cursor=${encodeURIComponent(encodePageCursor(codec, LIST_ID, page.next))}`
      : null;
    sendPage(
      res,
      layout({
        title: "Ledger",
        session: sessionOf(res) as Session,
        current: "/dashboard/ledger",
        body: html`${alertBox(error)}
<div class="panel"><span>Balance</span> <span class="balance">${balance ?? 0} credits</span>
<p class="hint">Every change of the balance is an entry below; their amounts add up to the balance.</p></div>
<div class="table-wrap"><table id="ledger">
<caption class="visually-hidden">Ledger entries, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col" class="opt">Kind</th><th scope="col" class="num">Credits</th><th scope="col" class="num">Balance after</th><th scope="col">Operation or note</th><th scope="col" class="opt">Request id</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<nav class="pager" aria-label="Ledger pages">${after ? html`<a href="/dashboard/ledger">Newest</a>` : ""}${next ? html`<a href="${next}" rel="next">Older entries</a>` : ""}</nav>`,
      }),
      error ? 400 : 200,
    );
  });
  return router;
}
