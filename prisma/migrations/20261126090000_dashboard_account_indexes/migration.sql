-- The dashboard's Batches and Monitors pages list every batch and monitor of an account (all its keys), newest
-- first: range indexes on (account, creation time, id), beside the API's (key, creation time, id) ones. The monitor
-- one also serves the plan limit's count of an account's monitors.
-- CreateIndex
CREATE INDEX "batches_account_id_created_at_id_idx" ON "batches"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "monitors_account_id_created_at_id_idx" ON "monitors"("account_id", "created_at", "id");
