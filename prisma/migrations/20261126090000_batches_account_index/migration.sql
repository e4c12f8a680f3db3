-- The dashboard's Batches page lists every batch of an account (all its keys), newest first: a range index on
-- (account, creation time, id), the API's (key, creation time, id) one for the account.
-- CreateIndex
CREATE INDEX "batches_account_id_created_at_id_idx" ON "batches"("account_id", "created_at", "id");
