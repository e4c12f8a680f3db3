-- Monitors (packages/monitors): scheduled re-runs of a list operation that deliver new items to a webhook, history
-- tracking monitors, their runs and their seen sets.

-- The request log names the monitor whose run made a call. The dashboard migration (20261124030000) adds the same
-- column and index; IF NOT EXISTS lets both apply in either order.
ALTER TABLE "request_logs" ADD COLUMN IF NOT EXISTS "monitor_id" TEXT;
CREATE INDEX IF NOT EXISTS "request_logs_monitor_id_idx" ON "request_logs"("monitor_id");

-- CreateEnum
CREATE TYPE "monitor_kind" AS ENUM ('items', 'track');

-- CreateEnum
CREATE TYPE "monitor_status" AS ENUM ('active', 'paused', 'disabled');

-- CreateEnum
CREATE TYPE "monitor_run_status" AS ENUM ('running', 'delivering', 'succeeded', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "monitors" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "queue_prefix" TEXT NOT NULL,
    "kind" "monitor_kind" NOT NULL,
    "operation" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "every_seconds" INTEGER,
    "cron" TEXT,
    "tz" TEXT,
    "webhook_url" TEXT,
    "secret" TEXT,
    "description" TEXT,
    "deliver_initial" BOOLEAN NOT NULL DEFAULT false,
    "status" "monitor_status" NOT NULL DEFAULT 'active',
    "status_reason" TEXT,
    "credit_failures" INTEGER NOT NULL DEFAULT 0,
    "deliveries_failing_since" TIMESTAMP(3),
    "baseline_at" TIMESTAMP(3),
    "running_run_id" TEXT,
    "running_since" TIMESTAMP(3),
    "last_run_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitors_pkey" PRIMARY KEY ("id"),
    -- Exactly one schedule: an interval, or a cron pattern with its time zone.
    CONSTRAINT "monitors_one_schedule" CHECK (("every_seconds" IS NULL) <> ("cron" IS NULL))
);

-- CreateTable
CREATE TABLE "monitor_runs" (
    "id" TEXT NOT NULL,
    "monitor_id" TEXT NOT NULL,
    "job_key" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" "monitor_run_status" NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "items_seen" INTEGER,
    "new_items" INTEGER,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "pending_items" JSONB,
    "delivery_id" TEXT,

    CONSTRAINT "monitor_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitor_seen_items" (
    "monitor_id" TEXT NOT NULL,
    "item_id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "first_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitor_seen_items_pkey" PRIMARY KEY ("monitor_id","item_id")
);

-- CreateIndex
CREATE INDEX "monitors_key_id_created_at_id_idx" ON "monitors"("key_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "monitors_queue_prefix_status_idx" ON "monitors"("queue_prefix", "status");

-- CreateIndex
CREATE UNIQUE INDEX "monitor_runs_job_key_key" ON "monitor_runs"("job_key");

-- CreateIndex
CREATE UNIQUE INDEX "monitor_runs_request_id_key" ON "monitor_runs"("request_id");

-- CreateIndex
CREATE INDEX "monitor_runs_monitor_id_started_at_id_idx" ON "monitor_runs"("monitor_id", "started_at", "id");

-- AddForeignKey
ALTER TABLE "monitor_runs" ADD CONSTRAINT "monitor_runs_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "monitor_seen_items" ADD CONSTRAINT "monitor_seen_items_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
