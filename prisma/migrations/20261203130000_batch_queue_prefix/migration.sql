-- The deployment a batch belongs to: its `QUEUE_PREFIX`, on the batch and on each of its items (the claim and the
-- sweeper read items without their batch), as monitors have had theirs. Deployments that share one database (one
-- per prefix) each dispatch, sweep and notify only their own batches; before, a deployment's sweeper took another's
-- running items for lost (their jobs are in the other prefix's queues) and ran them again.
--
-- Batches written before this migration have none (NULL): every deployment still treats them as its own, as all did.
ALTER TABLE "batches" ADD COLUMN "queue_prefix" TEXT;
ALTER TABLE "batch_items" ADD COLUMN "queue_prefix" TEXT;
