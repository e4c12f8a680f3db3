-- Batch (issue 11): one row per submitted batch and one per item. The item row is where an item's result is
-- recorded, exactly once: the worker's update is conditional on `status = 'running'` and keyed by the item's request id
-- (which is also the key of its reservation and ledger entry). Counters on the batch row move in the same statement.
-- `account_id` carries no foreign key (as webhook deliveries): accounts are never deleted, and the claim statement
-- must not lock account rows that every charge updates.

-- CreateEnum
CREATE TYPE "batch_status" AS ENUM ('queued', 'running', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "batch_item_status" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "batches" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "label" TEXT,
    "status" "batch_status" NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "succeeded" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "credits_charged" INTEGER NOT NULL DEFAULT 0,
    "estimated_max_credits" INTEGER,
    "idempotency_key" TEXT,
    "request_hash" TEXT NOT NULL,
    "submit_response" JSONB NOT NULL,
    "webhook_url" TEXT,
    "webhook_secret" TEXT,
    "webhook_claimed_at" TIMESTAMP(3),
    "webhook_delivery_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "batches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "batches_counts_consistent" CHECK ("done" = "succeeded" + "failed" + "cancelled" AND "done" <= "total")
);

-- CreateTable
CREATE TABLE "batch_items" (
    "batch_id" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "request_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "status" "batch_item_status" NOT NULL DEFAULT 'queued',
    "http_status" INTEGER,
    "data" JSONB,
    "error" JSONB,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT,
    "cache" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "claimed_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "batch_items_pkey" PRIMARY KEY ("batch_id","index")
);

-- CreateIndex
CREATE UNIQUE INDEX "batches_key_id_idempotency_key_key" ON "batches"("key_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "batches_key_id_created_at_id_idx" ON "batches"("key_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "batches_expires_at_idx" ON "batches"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "batch_items_request_id_key" ON "batch_items"("request_id");

-- CreateIndex
CREATE INDEX "batch_items_account_id_status_created_at_idx" ON "batch_items"("account_id", "status", "created_at");

-- CreateIndex (the sweeper: running items by claim time, accounts with queued items)
CREATE INDEX "batch_items_status_claimed_at_idx" ON "batch_items"("status", "claimed_at");

-- AddForeignKey
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The request log names the batch of an item's call. The dashboard migration (20261124030000) adds the same column
-- and index; IF NOT EXISTS makes both orders work.
ALTER TABLE "request_logs" ADD COLUMN IF NOT EXISTS "batch_id" TEXT;

-- CreateIndex
CREATE INDEX IF NOT EXISTS "request_logs_batch_id_idx" ON "request_logs"("batch_id");
