import { html } from "./html.ts";

/** What the service is, for a visitor who arrives at the sign-in page. */
const LANDING = html`<section class="landing" aria-label="About the service">
<p><strong>Social data API</strong>: public data of video, photo, forum and news platforms as JSON over REST —
captions and transcripts, video, channel, profile and post details, comments, search and lists.</p>
<ul>
<li>One API key; each call costs a few credits, shown in its answer. New accounts get 100 free credits.</li>
<li>Batches of up to 1,000 calls, monitors that POST new items to your webhook, and metric history.</li>
<li>Here you manage keys, follow usage, credits, monitors and batches. The <a href="/docs">API reference</a> lists every call.</li>
</ul>
</section>`;

import { alertBox, csrfField, layout } from "./layout.ts";
import type { Session } from "./session.ts";

/** The sign-up form (email, password); `email` is refilled after an error, never the password. */
export function signUpPage(session: Session | null, options: { error?: string; email?: string } = {}) {
  return layout({
    title: "Create your account",
    session,
    body: html`${alertBox(options.error)}
<p>Get an API key for public video, photo, forum and news data. New accounts start with <strong>100 free credits</strong>; no card needed.</p>
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

/** The sign-in form. */
export function signInPage(session: Session | null, options: { error?: string; email?: string } = {}) {
  return layout({
    title: "Sign in",
    session,
    body: html`${LANDING}${alertBox(options.error)}
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
