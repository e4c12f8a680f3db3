-- Credit reservations (reserve at the gateway, settle in the worker). `accounts.reserved` is the sum of the account's
-- open reservations; `balance - reserved` is what a new call may still reserve. The CHECK constraints are the last
-- line of defence behind the conditional statements in packages/ledger/src/credits.ts: no path may drive a balance
-- negative or reserve more than the balance.

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN "reserved" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_non_negative" CHECK ("balance" >= 0);
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_reserved_within_balance" CHECK ("reserved" >= 0 AND "reserved" <= "balance");

-- CreateTable
CREATE TABLE "credit_reservations" (
    "request_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "operation" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "credit_reservations_pkey" PRIMARY KEY ("request_id"),
    CONSTRAINT "credit_reservations_credits_positive" CHECK ("credits" > 0)
);

-- CreateIndex
CREATE INDEX "credit_reservations_account_id_idx" ON "credit_reservations"("account_id");

-- CreateIndex
CREATE INDEX "credit_reservations_expires_at_idx" ON "credit_reservations"("expires_at");

-- AddForeignKey
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
