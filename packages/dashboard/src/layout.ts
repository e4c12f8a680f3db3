import { html, type SafeHtml } from "./html.ts";
import type { Session } from "./session.ts";

/** The pages of the signed-in navigation. */
const NAV = [
  { href: "/dashboard/keys", label: "API keys" },
  { href: "/dashboard/usage", label: "Usage" },
  { href: "/dashboard/ledger", label: "Ledger" },
  { href: "/dashboard/monitors", label: "Monitors" },
  { href: "/dashboard/batches", label: "Batches" },
] as const;

/** The API reference the gateway serves (OpenAPI rendered as a page), linked from every page. */
const API_REFERENCE = "/docs";

/** A hidden form field carrying the session's CSRF token (every form of the dashboard has one). */
export function csrfField(session: Session | null): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${session?.csrf ?? ""}">`;
}

/** An error message box (announced to screen readers). */
export function alertBox(message: string | null | undefined): SafeHtml {
  return message ? html`<div class="alert" role="alert">${message}</div>` : html``;
}

/**
 * The page shell: language, viewport, favicon, stylesheet and script from /dashboard/assets, a skip link, the
 * navigation when signed in (current page marked with aria-current) and a sign-out form, and the API reference link.
 * The header wraps on a phone: a long email breaks anywhere instead of pushing "Sign out" off screen.
 */
export function layout(options: {
  title: string;
  session: Session | null;
  current?: string;
  body: SafeHtml;
}): string {
  const { title, session, current, body } = options;
  const signedIn = Boolean(session?.accountId);
  const nav = signedIn
    ? html`<nav aria-label="Dashboard"><ul>${NAV.map(
        (item) =>
          html`<li><a href="${item.href}"${item.href === current ? html` aria-current="page"` : ""}>${item.label}</a></li>`,
      )}<li><a href="${API_REFERENCE}">API reference</a></li></ul></nav>
      <div class="who"><span class="email">${session?.email ?? ""}</span>
        <form method="post" action="/dashboard/sign-out">${csrfField(session)}<button class="link" type="submit">Sign out</button></form>
      </div>`
    : html`<nav aria-label="Service"><ul><li><a href="${API_REFERENCE}">API reference</a></li></ul></nav>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Social data API</title>
<link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/dashboard/assets/style.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="/dashboard">Social data API</a>${nav}</header>
<main id="main">
<h1>${title}</h1>
${body}
</main>
</body>
</html>`.value;
}

/** Formats a time for tables: `2026-11-24 10:00:00 UTC` (the service's times are UTC everywhere). */
export function formatTime(date: Date | null | undefined): string {
  return date ? `${date.toISOString().slice(0, 19).replace("T", " ")} UTC` : "—";
}

/** {@link formatTime} of an ISO 8601 text (the API views' times); `—` for none. */
export function formatIso(iso: string | null | undefined): string {
  return iso ? formatTime(new Date(iso)) : "—";
}
