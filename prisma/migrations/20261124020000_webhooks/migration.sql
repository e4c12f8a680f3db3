-- CreateEnum
CREATE TYPE "webhook_owner_kind" AS ENUM ('batch', 'monitor');

-- CreateEnum
CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "owner_kind" "webhook_owner_kind" NOT NULL,
    "owner_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "delivery_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "replay" BOOLEAN NOT NULL DEFAULT false,
    "started_at" TIMESTAMP(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_body" TEXT,
    "next_retry_at" TIMESTAMP(3),

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("delivery_id","attempt")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_message_id_key" ON "webhook_deliveries"("message_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_owner_kind_owner_id_created_at_id_idx" ON "webhook_deliveries"("owner_kind", "owner_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_account_id_created_at_idx" ON "webhook_deliveries"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
