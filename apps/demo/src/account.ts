import type { Ledger } from "@sda/ledger";

/**
 * Credits the demo account holds at start: enough for every example of the README's tour and the platform READMEs
 * together (they spend about a quarter of it), so a newcomer never meets a 402 while following them.
 */
export const DEMO_CREDITS = 1000;

/**
 * The demo account and key. With `secret` (DEMO_API_KEY) that exact key is used: created with a new account the
 * first time, reused later with its balance topped up to {@link DEMO_CREDITS}; otherwise a new account and random key.
 */
export async function ensureDemoKey(ledger: Ledger, secret: string | undefined) {
  if (secret) {
    const existing = await ledger.authenticate(secret);
    if (existing.ok) {
      const { accountId, keyId, balance } = existing.principal;
      if (balance < DEMO_CREDITS) await ledger.grant(accountId, DEMO_CREDITS - balance, "demo top-up");
      return { accountId, keyId, secret, balance: Math.max(balance, DEMO_CREDITS) };
    }
    if (existing.reason === "revoked")
      throw new Error("DEMO_API_KEY names a revoked key; choose another one");
  }
  const account = await ledger.createAccount({ name: "demo", grant: DEMO_CREDITS });
  const key = await ledger.createApiKey(account.id, { name: "demo", ...(secret ? { secret } : {}) });
  return { accountId: account.id, keyId: key.keyId, secret: key.secret, balance: account.balance };
}
