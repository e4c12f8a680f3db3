-- The status page reads the last 15 minutes of the whole request log every few seconds: a range index on the time.
-- CreateIndex
CREATE INDEX "request_logs_created_at_idx" ON "request_logs"("created_at");
