import { createPrismaClient, Ledger } from "@sda/ledger";
import { testConfig } from "@sda/testing";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "./commands.ts";

const config = testConfig();
const prisma = createPrismaClient(config.DATABASE_URL, 2);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

describe("npm run cli -- reconcile", () => {
  it("passes when every balance equals its ledger sum, and lists an account that does not (exit 1)", async () => {
    const account = await ledger.createAccount({ name: "reconcile", grant: 30 });
    await ledger.grant(account.id, 12);
    await ledger.settle({
      accountId: account.id,
      credits: 2,
      requestId: `req_rec_${account.id}`,
      operation: "t",
    });
    const clean = await runCommand(["reconcile"], config);
    expect(clean.exitCode).toBe(0);
    expect(clean.text).toMatch(/^all \d+ accounts reconcile/);

    // Move the balance without a ledger entry (what no code path may do), then put it back at once: other suites
    // of this run share the database.
    await prisma.account.update({ where: { id: account.id }, data: { balance: { increment: 7 } } });
    try {
      const broken = await runCommand(["reconcile", "--json"], config);
      expect(broken.exitCode).toBe(1);
      expect(broken.json).toMatchObject({
        mismatches: [{ accountId: account.id, balance: 47, ledgerSum: 40 }],
      });
      expect(broken.text).toContain(`${account.id}  balance 47  ledger sum 40  difference 7`);
    } finally {
      await prisma.account.update({ where: { id: account.id }, data: { balance: { decrement: 7 } } });
    }
    expect((await runCommand(["reconcile"], config)).exitCode).toBe(0);
  });
});
