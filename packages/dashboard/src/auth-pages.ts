import { html, type SafeHtml } from "./html.ts";

/** `a`, `a and b`, `a, b and c`: the platforms' titles as one phrase of page copy. */
export function titlesPhrase(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? "";
  return `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
}

/** What the service is, for a visitor who arrives at the sign-in page; `reads` names the platforms. */
function landing(reads: string): SafeHtml {
  return html`<section class="landing" aria-label="About the service">
<p><strong>Social data API</strong>: public data of ${reads} as JSON over REST — profiles, posts, comments, search,
lists, transcripts and more.</p>
<ul>
<li>One API key; each call costs a few credits, shown in its answer. New accounts get 100 free credits.</li>
<li>Batches of up to 1,000 calls, monitors that POST new items to your webhook, and metric history.</li>
<li>Here you manage keys, follow usage, credits, monitors and batches. The <a href="/docs">API reference</a> lists every call.</li>
</ul>
</section>`;
}

import { alertBox, csrfField, layout } from "./layout.ts";
import type { Session } from "./session.ts";

/** A sign-up or sign-in page: the session (its CSRF token), an error to show and the email to refill. */
export type AuthPage = (session: Session | null, options?: { error?: string; email?: string }) => string;

/**
 * The sign-up and sign-in pages, their copy naming `titles` (the catalog's platforms, by their titles) — so a new
 * platform shows up in them without an edit here.
 */
export function authPages(titles: readonly string[]): { signUpPage: AuthPage; signInPage: AuthPage } {
  const reads = titlesPhrase(titles);
  return {
    signUpPage: (session, options = {}) => signUpPage(reads, session, options),
    signInPage: (session, options = {}) => signInPage(reads, session, options),
  };
}

/** The sign-up form (email, password); `email` is refilled after an error, never the password. */
function signUpPage(reads: string, session: Session | null, options: { error?: string; email?: string }) {
  return layout({
    title: "Create your account",
    session,
    body: html`${alertBox(options.error)}
<p>Get an API key for public data of ${reads}. New accounts start with <strong>100 free credits</strong>; no card needed.</p>
<form class="stack" method="post" action="/dashboard/sign-up">
${csrfField(session)}
<label>Email <input type="email" name="email" autocomplete="email" required maxlength="254" value="${options.email ?? ""}"></label>
<label>Password <span class="hint" id="pw-hint">At least 10 characters.</span>
<input type="password" name="password" autocomplete="new-password" required minlength="10" maxlength="200" aria-describedby="pw-hint"></label>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/dashboard/sign-in">Sign in</a></p>`,
  });
}

/** The sign-in form, under what the service is. */
function signInPage(reads: string, session: Session | null, options: { error?: string; email?: string }) {
  return layout({
    title: "Sign in",
    session,
    body: html`${landing(reads)}${alertBox(options.error)}
<form class="stack" method="post" action="/dashboard/sign-in">
${csrfField(session)}
<label>Email <input type="email" name="email" autocomplete="email" required maxlength="254" value="${options.email ?? ""}"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="200"></label>
<button type="submit">Sign in</button>
</form>
<p>New here? <a href="/dashboard/sign-up">Create an account</a></p>`,
  });
}

/** The page answered to a form post without a valid CSRF token. */
export function csrfRefusedPage(session: Session | null) {
  return layout({
    title: "Form expired",
    session,
    body: html`${alertBox("This form was not sent from this dashboard page or has expired, so nothing was done.")}
<p><a href="/dashboard">Back to the dashboard</a> and try again.</p>`,
  });
}
