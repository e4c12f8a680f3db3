-- Dashboard sign-in: an argon2id hash of the account's password (null for operator-created accounts, which cannot
-- sign in to the dashboard).
ALTER TABLE "accounts" ADD COLUMN "password_hash" TEXT;

-- The request log names the batch or monitor a call belongs to (filled by those groups; null for direct calls).
ALTER TABLE "request_logs" ADD COLUMN "batch_id" TEXT;
ALTER TABLE "request_logs" ADD COLUMN "monitor_id" TEXT;

-- CreateIndex
CREATE INDEX "request_logs_batch_id_idx" ON "request_logs"("batch_id");

-- CreateIndex
CREATE INDEX "request_logs_monitor_id_idx" ON "request_logs"("monitor_id");

-- CreateIndex: a key's newest call ("last used" in the dashboard) without scanning the account's whole log.
CREATE INDEX "request_logs_key_id_created_at_idx" ON "request_logs"("key_id", "created_at");
