import argon2 from "argon2";
import type { Request, Response, Router } from "express";
import express from "express";
import { z } from "zod";
import { type AuthPage, authPages } from "./auth-pages.ts";
import { sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { LoginLimiter } from "./login-limit.ts";
import { endSession, type Session, startSession } from "./session.ts";
import { SignupGrants } from "./signup-grants.ts";

/** argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes, 1 lane): ~tens of ms per hash. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
const MIN_PASSWORD = 10;
const MAX_PASSWORD = 200;

/**
 * The form's email and password, each checked on its own so the message names what is wrong (issue 21 #9: a
 * 201-character password was told "Enter a valid email address").
 */
function readCredentials(
  body: unknown,
): { ok: true; email: string; password: string } | { ok: false; field: "email" | "password" } {
  const form = (body ?? {}) as Record<string, unknown>;
  const email = emailSchema.safeParse(form.email);
  if (!email.success) return { ok: false, field: "email" };
  const password = form.password;
  if (typeof password !== "string" || password.length > MAX_PASSWORD) return { ok: false, field: "password" };
  return { ok: true, email: email.data, password };
}

/** The form's email as typed (for refilling the form), bounded. */
function typedEmail(req: Request): string {
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === "string" ? email.slice(0, 254) : "";
}

/**
 * Ensures the visitor has a (signed-out) session so the form can carry its CSRF token.
 * @returns the session, or the seconds to wait when the address started too many (cookie-less clients).
 */
async function formSession(
  deps: DashboardDeps,
  limiter: LoginLimiter,
  req: Request,
  res: Response,
): Promise<Session | number> {
  const current = sessionOf(res);
  if (current) return current;
  const wait = await limiter.admitAnonymousSession(clientAddress(req));
  return wait ?? (await startSession(deps, req, res, null, null));
}

/** The client address the login limit counts (the gateway trusts X-Forwarded-For from its proxy). */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

function tooMany(res: Response, seconds: number) {
  res.set("Retry-After", String(seconds));
  return `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`;
}

/**
 * Sign up (email + password, argon2id, the ledger's 100-credit sign-up grant for the first
 * `DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS` sign-ups of a client address per 24 h, {@link SignupGrants}; never from a
 * signed-in session), sign in and sign out. Sign-in failures
 * say only "email or password is wrong"; every post passed the router's CSRF check before reaching here; unknown emails cost an argon2 verification too, so timing tells nothing.
 */
export function authRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const limiter = new LoginLimiter(deps);
  const grants = new SignupGrants(deps);
  const dummyHash = argon2.hash("not-a-real-password", ARGON2_OPTIONS);
  const { signUpPage, signInPage } = authPages(deps.registry.platforms.map((p) => p.title));

  /** The form page, or 429 without a session when the address started too many signed-out sessions. */
  const formPage = async (req: Request, res: Response, page: AuthPage) => {
    if (sessionOf(res)?.accountId) return res.redirect(303, "/dashboard/keys");
    const session = await formSession(deps, limiter, req, res);
    if (typeof session === "number") return sendPage(res, page(null, { error: tooMany(res, session) }), 429);
    sendPage(res, page(session));
  };

  router.get("/sign-up", (req, res) => formPage(req, res, signUpPage));

  router.post("/sign-up", async (req, res) => {
    const session = sessionOf(res);
    // Signed in: no second account from this session (issue 34 #6), as the form itself redirects.
    if (session?.accountId) return res.redirect(303, "/dashboard/keys");
    const email = typedEmail(req);
    const parsed = readCredentials(req.body);
    const passwordRule = `Choose a password of ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`;
    if (!parsed.ok)
      return sendPage(
        res,
        signUpPage(session, {
          error: parsed.field === "email" ? "Enter a valid email address." : passwordRule,
          email,
        }),
        400,
      );
    const wait = await limiter.admit(clientAddress(req), parsed.email);
    if (wait !== null) return sendPage(res, signUpPage(session, { error: tooMany(res, wait), email }), 429);
    if (parsed.password.length < MIN_PASSWORD)
      return sendPage(res, signUpPage(session, { error: passwordRule, email }), 400);
    const taken = () =>
      sendPage(
        res,
        signUpPage(session, { error: "An account with this email already exists. Sign in instead.", email }),
        409,
      );
    // Checked first so a taken email costs no argon2 hash and no grant of the address's budget.
    if (await deps.ledger.accounts.emailTaken(parsed.email)) return taken();
    const passwordHash = await argon2.hash(parsed.password, ARGON2_OPTIONS);
    const address = clientAddress(req);
    const grant = await grants.take(address);
    // One transaction: the account with its password hash and its grant entry, or nothing.
    const signedUp = await deps.ledger.accounts
      .signUp({ email: parsed.email, passwordHash, grant })
      .catch(async (error: unknown) => {
        await grants.giveBack(address, grant);
        throw error;
      });
    if (!signedUp.ok) {
      // Two sign-ups of one email at once: the unique index let only one through.
      await grants.giveBack(address, grant);
      return taken();
    }
    await startSession(deps, req, res, signedUp.account, session);
    res.redirect(
      303,
      grant > 0 ? "/dashboard/keys?notice=welcome" : "/dashboard/keys?notice=welcome-no-grant",
    );
  });

  router.get("/sign-in", (req, res) => formPage(req, res, signInPage));

  router.post("/sign-in", async (req, res) => {
    const session = sessionOf(res);
    const email = typedEmail(req);
    const parsed = readCredentials(req.body);
    const wrong = "Email or password is wrong.";
    if (!parsed.ok)
      return sendPage(
        res,
        signInPage(session, {
          error: parsed.field === "email" ? wrong : `Passwords have at most ${MAX_PASSWORD} characters.`,
          email,
        }),
        parsed.field === "email" ? 401 : 400,
      );
    const address = clientAddress(req);
    const wait = await limiter.admit(address, parsed.email);
    if (wait !== null) return sendPage(res, signInPage(session, { error: tooMany(res, wait), email }), 429);
    await limiter.slowDown(parsed.email);
    const account = await deps.ledger.accounts.signInRecord(parsed.email);
    const ok = account?.passwordHash
      ? await argon2.verify(account.passwordHash, parsed.password)
      : (await argon2.verify(await dummyHash, parsed.password)) && false;
    if (!account || !ok) {
      await limiter.failed(parsed.email, address);
      return sendPage(res, signInPage(session, { error: wrong, email }), 401);
    }
    await limiter.succeeded(parsed.email, address);
    await startSession(deps, req, res, account, session);
    res.redirect(303, "/dashboard/keys");
  });

  router.post("/sign-out", async (req, res) => {
    await endSession(deps, req, res, sessionOf(res));
    res.redirect(303, "/dashboard/sign-in");
  });
  return router;
}
