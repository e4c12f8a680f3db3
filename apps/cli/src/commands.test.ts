import { testConfig } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { runCommand, UsageError } from "./commands.ts";

const config = testConfig();
const run = (line: string) => runCommand(line.split(" "), config);

describe("operator CLI", () => {
  it("creates an account, a key shown once, grants credits, revokes, and shows the balance and ledger", async () => {
    const account = (await run("account create --name acme --credits 40")).json as {
      id: string;
      balance: number;
    };
    expect(account.balance).toBe(40);
    const key = (await run(`key create --account ${account.id}`)) as {
      text: string;
      json: { keyId: string; secret: string };
    };
    expect(key.text).toContain(key.json.secret);
    expect(key.text).toContain("shown once");
    const grant = await run(`credits grant --account ${account.id} --credits 5 --note promo`);
    expect(grant.text).toBe("granted 5 credits; balance 45");
    const balance = await run(`balance --account ${account.id}`);
    expect(balance.text.split("\n")[0]).toBe("balance 45 credits");
    expect(balance.text).toContain("promo");
    expect((await run(`key revoke --key ${key.json.keyId}`)).text).toBe(`key ${key.json.keyId} revoked`);
  });

  it("migrate is idempotent on a migrated database", async () => {
    expect((await run("migrate")).text).toMatch(/^up to date/);
  });

  it("refuses bad command lines with a usage error", async () => {
    await expect(run("account create")).rejects.toBeInstanceOf(UsageError);
    await expect(run("credits grant --account acct_x --credits -3")).rejects.toBeInstanceOf(UsageError);
    await expect(run("frobnicate")).rejects.toBeInstanceOf(UsageError);
    await expect(run("key revoke --key key_doesnotexist00")).rejects.toThrow("no key");
  });
});
