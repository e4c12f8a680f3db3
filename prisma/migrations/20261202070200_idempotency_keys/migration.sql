-- One store for every `Idempotency-Key` (issue 33): direct calls (REST, MCP) kept theirs in Redis, lost with a Redis
-- that keeps nothing on disk (a retry after the loss could be charged again); batches kept theirs on the batch row
-- under their own window. Both now live here, per (API key, SHA-256 of the key, scope), for 24 h (`expires_at`).
CREATE TYPE "idempotency_scope" AS ENUM ('call', 'batch');

CREATE TABLE "idempotency_keys" (
    "key_id" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scope" "idempotency_scope" NOT NULL,
    "request_hash" TEXT NOT NULL,
    "request_id" TEXT,
    "job_id" TEXT,
    "batch_id" TEXT,
    "answer" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("key_id", "key_hash", "scope"),
    -- A call's row names its request and its job (the owned updates are conditional on the request id); a batch's
    -- row names its batch.
    CONSTRAINT "idempotency_keys_owner" CHECK (
        ("scope" = 'call' AND "request_id" IS NOT NULL AND "job_id" IS NOT NULL AND "batch_id" IS NULL)
        OR ("scope" = 'batch' AND "batch_id" IS NOT NULL AND "request_id" IS NULL AND "job_id" IS NULL)
    )
);

-- The sweep deletes expired rows oldest first.
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- The batch keys that still bind (submitted in the last 24 h, the old window) move here with their stored 202, so a
-- resubmission after the upgrade is answered as before; older ones bound nothing any more.
INSERT INTO "idempotency_keys" ("key_id", "key_hash", "scope", "request_hash", "batch_id", "answer", "created_at", "expires_at")
SELECT "key_id", encode(sha256(convert_to("idempotency_key", 'UTF8')), 'hex'), 'batch', "request_hash", "id",
       "submit_response", "created_at", "created_at" + interval '24 hours'
  FROM "batches"
 WHERE "idempotency_key" IS NOT NULL AND "created_at" > (now() AT TIME ZONE 'UTC') - interval '24 hours'
ON CONFLICT DO NOTHING;

-- Nothing else read them: the batch row keeps what the batch is, the idempotency row what its key binds.
DROP INDEX "batches_key_id_idempotency_key_key";
ALTER TABLE "batches" DROP COLUMN "idempotency_key", DROP COLUMN "request_hash", DROP COLUMN "submit_response";
