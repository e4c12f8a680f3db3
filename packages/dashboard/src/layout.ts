import { html, type SafeHtml } from "./html.ts";
import type { Session } from "./session.ts";

/** The pages of the signed-in navigation. */
const NAV = [
  { href: "/dashboard/keys", label: "API keys" },
  { href: "/dashboard/usage", label: "Usage" },
  { href: "/dashboard/ledger", label: "Ledger" },
] as const;

/** A hidden form field carrying the session's CSRF token (every form of the dashboard has one). */
export function csrfField(session: Session | null): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${session?.csrf ?? ""}">`;
}

/** An error message box (announced to screen readers). */
export function alertBox(message: string | null | undefined): SafeHtml {
  return message ? html`<div class="alert" role="alert">${message}</div>` : html``;
}

/**
 * The page shell: language, viewport, stylesheet and script from /dashboard/assets, a skip link, the navigation when
 * signed in (current page marked with aria-current) and a sign-out form.
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
      )}</ul></nav>
      <div class="who"><span>${session?.email ?? ""}</span>
        <form method="post" action="/dashboard/sign-out">${csrfField(session)}<button class="link" type="submit">Sign out</button></form>
      </div>`
    : html``;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Social data API</title>
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
