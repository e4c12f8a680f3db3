-- The webhook sweeper looks for pending deliveries whose next attempt is overdue (a process died between storing a
-- delivery and queueing its attempt): a range index on (status, next attempt time).
-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
