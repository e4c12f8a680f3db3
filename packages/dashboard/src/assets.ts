/**
 * The dashboard's only static files, served from memory under /dashboard/assets/ (no CDN: works offline). The
 * Content-Security-Policy allows scripts and styles from 'self' only, so nothing here is inline in a page.
 */

/** Stylesheet: system fonts, AA contrast (text #1a1a1a on #fff, links #0b57d0), visible focus, narrow-screen layout. */
export const STYLE_CSS = `
:root { color-scheme: light; --fg: #1a1a1a; --muted: #4a4a4a; --line: #c8c8c8; --bg: #fff; --panel: #f4f5f7;
  --accent: #0b57d0; --danger: #a50e0e; --ok: #1e6b34; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #f9a825; outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: var(--fg); color: #fff; padding: .5rem 1rem; }
.skip:focus { left: 0; z-index: 1; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--line); background: var(--panel); }
header .brand { font-weight: 700; color: var(--fg); text-decoration: none; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
nav a[aria-current="page"] { font-weight: 700; color: var(--fg); }
header .who { margin-left: auto; display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: center; min-width: 0; max-width: 100%; color: var(--muted); font-size: .9rem; }
header .who .email, .wrap { overflow-wrap: anywhere; min-width: 0; white-space: normal; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
.landing { max-width: 40rem; }
.landing ul { padding-left: 1.2rem; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 1rem; margin: 1rem 0; }
.balance { font-size: 1.4rem; font-weight: 700; }
form.stack { display: grid; gap: .75rem; max-width: 26rem; }
form.inline { display: flex; flex-wrap: wrap; gap: .75rem; align-items: end; margin: 0 0 1rem; }
figure { margin: 0; }
label { display: grid; gap: .25rem; font-weight: 600; }
input, select, button { font: inherit; padding: .5rem .6rem; border: 1px solid #767676; border-radius: 4px; background: #fff; color: var(--fg); min-height: 2.5rem; }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; font-weight: 600; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--danger); border-color: var(--danger); }
button.small { min-height: 2.1rem; padding: .3rem .6rem; font-size: .9rem; }
button.link { background: none; border: none; color: var(--accent); text-decoration: underline; padding: 0; min-height: 0; white-space: nowrap; }
.hint { color: var(--muted); font-size: .9rem; font-weight: 400; }
.alert { border-left: 4px solid var(--danger); background: #fdecea; padding: .75rem 1rem; margin: 1rem 0; }
.notice { border-left: 4px solid var(--ok); background: #e8f5e9; padding: .75rem 1rem; margin: 1rem 0; }
.secret { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.secret input { flex: 1 1 22rem; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.table-wrap { position: relative; overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); white-space: nowrap; }
th { background: var(--panel); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
.status-ok { color: var(--ok); font-weight: 600; }
.status-error { color: var(--danger); font-weight: 600; }
.status-pending { color: var(--muted); font-weight: 600; }
.pager { display: flex; gap: 1rem; margin: .75rem 0; }
.badge { display: inline-block; font-size: .8rem; font-weight: 600; padding: .05rem .45rem; border-radius: 999px; border: 1px solid currentColor; vertical-align: middle; }
.badge.ok { color: var(--ok); } .badge.error { color: var(--danger); } .badge.muted { color: var(--muted); }
.panel h2 { margin-top: 0; overflow-wrap: anywhere; }
dl.facts { display: grid; gap: .25rem; margin: 0 0 .75rem; }
dl.facts div { display: grid; grid-template-columns: 6rem 1fr; gap: .5rem; }
dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0; }
.actions form { margin: 0; }
ul.batches { list-style: none; padding: 0; margin: 0; }
.batch-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.batch-head h2 { margin: 0; }
.batch p { margin: .4rem 0; }
svg.bar { display: block; width: 100%; height: 1rem; border-radius: 4px; }
.bar-track { fill: #e3e6ea; } .bar-ok { fill: var(--ok); } .bar-error { fill: var(--danger); } .bar-muted { fill: #8a8a8a; }
@media (max-width: 30rem) { dl.facts div { grid-template-columns: 1fr; gap: 0; } }
.chart svg { width: 100%; height: auto; max-height: 18rem; }
.legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; padding: 0; margin: .5rem 0; font-size: .9rem; }
.legend span { display: inline-block; width: .9rem; height: .9rem; border-radius: 2px; vertical-align: -2px; margin-right: .3rem; }
${Array.from({ length: 8 }, (_, i) => `.c${i} { background: var(--c${i}); fill: var(--c${i}); }`).join("\n")}
:root { --c0: #0b57d0; --c1: #c62828; --c2: #1e6b34; --c3: #6a1b9a; --c4: #b34700; --c5: #00796b; --c6: #ad1457; --c7: #4e342e; }
@media (max-width: 40rem) { header .who { margin-left: 0; } h1 { font-size: 1.35rem; } }
/* A phone: the key columns of every table (time, operation, status, credits, actions) fit without sideways
   scrolling: secondary columns (class opt: ids, cache, durations, …) are left out and cells wrap. */
@media (max-width: 40rem) { th.opt, td.opt { display: none; } th, td { white-space: normal; overflow-wrap: break-word; padding: .35rem .3rem; } td code { overflow-wrap: anywhere; font-size: .8rem; } td .badge, td button { white-space: nowrap; } td button.small { padding: .2rem .35rem; } table { font-size: .82rem; } }
`;

/** The favicon: the service's mark, a bracket pair around a dot (data between braces), in the link colour. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#0b57d0"/>
<path d="M12 8c-3 0-3.5 1.5-3.5 4v1.5c0 1.5-.8 2.5-2.5 2.5 1.7 0 2.5 1 2.5 2.5V20c0 2.5.5 4 3.5 4M20 8c3 0 3.5 1.5 3.5 4v1.5c0 1.5.8 2.5 2.5 2.5-1.7 0-2.5 1-2.5 2.5V20c0 2.5-.5 4-3.5 4" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>
<circle cx="16" cy="16" r="2.6" fill="#fff"/>
</svg>`;

/**
 * Copy buttons: `<button data-copy="#id">` copies the value of that input (Clipboard API, select+copy fallback).
 * Confirmations: a `<form data-confirm="…">` (revoke a key, rotate a signing secret: neither can be undone) is sent
 * only once the person confirms that question; without JavaScript the form is sent as before.
 */
export const DASHBOARD_JS = `
document.addEventListener("submit", (event) => {
  const question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const input = document.querySelector(button.dataset.copy);
  if (!input) return;
  const status = document.getElementById(button.getAttribute("aria-describedby") || "");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  if (status) status.textContent = "The key was copied to the clipboard.";
});
`;
