import argon2 from "argon2";
import type { Request, Response, Router } from "express";
import express from "express";
import { z } from "zod";
import { signInPage, signUpPage } from "./auth-pages.ts";
import { sendPage, sessionOf } from "./context.ts";
import type { DashboardDeps } from "./deps.ts";
import { LoginLimiter } from "./login-limit.ts";
import { endSession, type Session, startSession } from "./session.ts";

/** argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes, 1 lane): ~tens of ms per hash. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().max(200),
});
const MIN_PASSWORD = 10;

/** The form's email as typed (for refilling the form), bounded. */
function typedEmail(req: Request): string {
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === "string" ? email.slice(0, 254) : "";
}

/** Ensures the visitor has a (signed-out) session so the form can carry its CSRF token. */
async function formSession(deps: DashboardDeps, req: Request, res: Response): Promise<Session> {
  return sessionOf(res) ?? (await startSession(deps, req, res, null, null));
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
 * Sign up (email + password, argon2id, the ledger's 100-credit sign-up grant), sign in and sign out. Sign-in failures
 * say only "email or password is wrong"; every post passed the router's CSRF check before reaching here; unknown emails cost an argon2 verification too, so timing tells nothing.
 */
export function authRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const limiter = new LoginLimiter(deps);
  const dummyHash = argon2.hash("not-a-real-password", ARGON2_OPTIONS);

  router.get("/sign-up", async (req, res) => {
    if (sessionOf(res)?.accountId) return res.redirect(303, "/dashboard/keys");
    sendPage(res, signUpPage(await formSession(deps, req, res)));
  });

  router.post("/sign-up", async (req, res) => {
    const session = sessionOf(res);
    const email = typedEmail(req);
    const parsed = credentialsSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return sendPage(res, signUpPage(session, { error: "Enter a valid email address.", email }), 400);
    const wait = await limiter.admit(clientAddress(req), parsed.data.email);
    if (wait !== null) return sendPage(res, signUpPage(session, { error: tooMany(res, wait), email }), 429);
    if (parsed.data.password.length < MIN_PASSWORD)
      return sendPage(
        res,
        signUpPage(session, { error: `Choose a password of at least ${MIN_PASSWORD} characters.`, email }),
        400,
      );
    const taken = () =>
      sendPage(
        res,
        signUpPage(session, { error: "An account with this email already exists. Sign in instead.", email }),
        409,
      );
    const prisma = deps.ledger.prisma;
    if (await prisma.account.findUnique({ where: { email: parsed.data.email }, select: { id: true } }))
      return taken();
    const passwordHash = await argon2.hash(parsed.data.password, ARGON2_OPTIONS);
    let account: { id: string; email: string | null };
    try {
      account = await deps.ledger.createAccount({ name: parsed.data.email, email: parsed.data.email });
    } catch (error) {
      // Two sign-ups of one email at once: the unique index let only one through.
      if ((error as { code?: string }).code === "P2002") return taken();
      throw error;
    }
    try {
      await prisma.account.update({ where: { id: account.id }, data: { passwordHash } });
    } catch (error) {
      // Without its password the account could never sign in, yet would hold the email: take it back (its grant
      // entry goes with it, so no credits are left behind).
      await prisma.account.delete({ where: { id: account.id } }).catch(() => undefined);
      throw error;
    }
    await startSession(deps, req, res, account, session);
    res.redirect(303, "/dashboard/keys?notice=welcome");
  });

  router.get("/sign-in", async (req, res) => {
    if (sessionOf(res)?.accountId) return res.redirect(303, "/dashboard/keys");
    sendPage(res, signInPage(await formSession(deps, req, res)));
  });

  router.post("/sign-in", async (req, res) => {
    const session = sessionOf(res);
    const email = typedEmail(req);
    const parsed = credentialsSchema.safeParse(req.body ?? {});
    const wrong = "Email or password is wrong.";
    if (!parsed.success) return sendPage(res, signInPage(session, { error: wrong, email }), 401);
    const wait = await limiter.admit(clientAddress(req), parsed.data.email);
    if (wait !== null) return sendPage(res, signInPage(session, { error: tooMany(res, wait), email }), 429);
    const account = await deps.ledger.prisma.account.findUnique({
      where: { email: parsed.data.email },
      select: { id: true, email: true, passwordHash: true },
    });
    const ok = account?.passwordHash
      ? await argon2.verify(account.passwordHash, parsed.data.password)
      : (await argon2.verify(await dummyHash, parsed.data.password)) && false;
    if (!account || !ok) {
      await limiter.failed(parsed.data.email);
      return sendPage(res, signInPage(session, { error: wrong, email }), 401);
    }
    await limiter.succeeded(parsed.data.email);
    await startSession(deps, req, res, account, session);
    res.redirect(303, "/dashboard/keys");
  });

  router.post("/sign-out", async (req, res) => {
    await endSession(deps, req, res, sessionOf(res));
    res.redirect(303, "/dashboard/sign-in");
  });
  return router;
}
